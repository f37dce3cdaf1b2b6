/**
 * What a refund is worth, in EUR cents and in the order's currency (ADR 023). Pure: the service
 * reads the order, its lines and its earlier refunds and asks these.
 */
import { type Localized, localized } from '@/server/services/localized';

export interface OrderTotals {
  finalCents: number;
  convertedFinalCents: number;
  /** EUR cents refunded so far (orders.refunded_cents). */
  refundedCents: number;
  /** Order-currency cents of the refunds that did not fail. */
  refundedConvertedCents: number;
}

/**
 * The order-currency amount of a refund of `amountCents` EUR: proportional to the order's two
 * totals, and never more than is left in that currency; the refund that empties the order gets
 * exactly what is left, so the refunds add up to converted_final_cents to the cent.
 */
export function convertedRefund(totals: OrderTotals, amountCents: number): number {
  const left = totals.convertedFinalCents - totals.refundedConvertedCents;
  if (totals.refundedCents + amountCents >= totals.finalCents) return Math.max(left, 0);
  const proportional = Math.round((amountCents * totals.convertedFinalCents) / totals.finalCents);
  return Math.max(0, Math.min(left, proportional));
}

export interface LineRequest {
  order_item_id: number;
  quantity: number;
}

export interface OrderLine {
  id: number;
  name: string;
  priceCents: number;
  quantity: number;
}

/**
 * The EUR amount of refunding these lines, or the problems per line: a line not of this order, or
 * more units than are left once earlier refunds (`refunded`: line id → units) are counted.
 */
export function linesAmount(
  lines: readonly OrderLine[],
  refunded: ReadonlyMap<number, number>,
  request: readonly LineRequest[],
): { amountCents: number; problems: Localized[] } {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const problems: Localized[] = [];
  let amountCents = 0;
  for (const want of request) {
    const line = byId.get(want.order_item_id);
    if (!line) {
      problems.push(localized('admin.api.refundLineUnknown', { line: want.order_item_id }));
      continue;
    }
    const left = line.quantity - (refunded.get(line.id) ?? 0);
    if (want.quantity > left) {
      problems.push(
        left === 0
          ? localized('admin.api.refundLineDone', { name: line.name })
          : localized('admin.api.refundLineLeft', { name: line.name, left }),
      );
      continue;
    }
    amountCents += line.priceCents * want.quantity;
  }
  return { amountCents, problems };
}

/** Units refunded so far per order line, from the earlier refunds' `lines`. */
export function refundedUnits(earlier: readonly { lines: readonly LineRequest[] }[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const refund of earlier)
    for (const l of refund.lines) units.set(l.order_item_id, (units.get(l.order_item_id) ?? 0) + l.quantity);
  return units;
}
