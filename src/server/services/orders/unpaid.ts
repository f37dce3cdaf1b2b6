/**
 * How much one customer may hold in orders that wait for payment (ADR 012): each such order keeps
 * its units off the shelf until it is paid or expires, so without a cap one account could hold a
 * product's whole stock. Pure: the counts come from unpaid.server.ts.
 */

export interface UnpaidHeld {
  /** the customer's purchase orders still Pending */
  orders: number;
  /** units in them */
  units: number;
}

export interface UnpaidLimits {
  orders: number;
  units: number;
}

export const UNPAID_MESSAGES = {
  orders: (limit: number) =>
    `You already have ${limit} ${limit === 1 ? 'order' : 'orders'} waiting for payment. Please pay for them, or wait until they expire, before placing another order.`,
  units: (limit: number, held: number) =>
    `Orders waiting for payment may hold at most ${limit} items together, and ${held} ${held === 1 ? 'is' : 'are'} already reserved for you. Please pay for your earlier orders first or order fewer items.`,
} as const;

/** Why a new order of `units` units may not be placed now, or null. */
export function unpaidLimitProblem(held: UnpaidHeld, units: number, limits: UnpaidLimits): string | null {
  if (held.orders >= limits.orders) return UNPAID_MESSAGES.orders(limits.orders);
  if (held.units + units > limits.units) return UNPAID_MESSAGES.units(limits.units, held.units);
  return null;
}
