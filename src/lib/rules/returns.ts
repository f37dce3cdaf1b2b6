/**
 * Returns (issue 31): why a customer sends lines back, the statuses a return goes through, and
 * whether an order is still within the right of withdrawal. Free of zod: islands import it.
 */
export const RETURN_REASONS = ['changed_mind', 'damaged', 'wrong_item', 'not_as_described', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** requested → received → refunded; rejected by staff instead. */
export const RETURN_STATUSES = ['requested', 'received', 'refunded', 'rejected'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

const DAY_MS = 86_400_000;

/** The last moment a return can be opened: `days` whole days after the order shipped. */
export function withdrawalEndsAt(shippedAt: Date, days: number): Date {
  return new Date(shippedAt.getTime() + days * DAY_MS);
}

/** Units of each line a new return may still take: bought, minus refunded apart from returns, minus in open or settled returns. */
export function returnableUnits(
  lines: readonly { id: number; quantity: number }[],
  refundedOutsideReturns: ReadonlyMap<number, number>,
  inReturns: ReadonlyMap<number, number>,
): Map<number, number> {
  return new Map(
    lines.map((l) => [
      l.id,
      Math.max(0, l.quantity - (refundedOutsideReturns.get(l.id) ?? 0) - (inReturns.get(l.id) ?? 0)),
    ]),
  );
}
