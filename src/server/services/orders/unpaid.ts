/**
 * How much one customer may hold in orders that wait for payment (ADR 012): each such order keeps
 * its units off the shelf until it is paid or expires, so without a cap one account could hold a
 * product's whole stock. Pure: the counts come from unpaid.server.ts.
 */
import type { Translator } from '@/lib/translator';

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

/** Which limit a new order would break; the route words it in the shopper's language (unpaidLimitMessage). */
export type UnpaidProblem = { kind: 'orders'; limit: number } | { kind: 'units'; limit: number; held: number };

/** Why a new order of `units` units may not be placed now, or null. */
export function unpaidLimitProblem(held: UnpaidHeld, units: number, limits: UnpaidLimits): UnpaidProblem | null {
  if (held.orders >= limits.orders) return { kind: 'orders', limit: limits.orders };
  if (held.units + units > limits.units) return { kind: 'units', limit: limits.units, held: held.units };
  return null;
}

/** The refusal, plural forms by i18next (`_one`/`_other`, French `_many`). */
export function unpaidLimitMessage(t: Translator, problem: UnpaidProblem): string {
  if (problem.kind === 'orders') return t('checkout.unpaid.orders', { count: problem.limit });
  return t('checkout.unpaid.units', {
    count: problem.held,
    items: t('checkout.unpaid.items', { count: problem.limit }),
  });
}
