/**
 * Promo codes: lookup (case-insensitive), validity checks with one clear message per reason, and
 * the spec's promo JSON. Used by POST /api/promocodes/check and by the totals (so checkout sees
 * the same rules). The customer's own rules (uses per customer, first order only) need their
 * orders: checkout reads them inside its transaction, after locking the customer's row, so two
 * parallel checkouts of one customer cannot both pass them.
 */
import { asc, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { promoCodes } from '@/server/db/schema/index';
import { rowsOf } from '../catalog/rows';
import { InvalidInputError } from '../errors';
import { type PriceCurrency, centsToNumber, convertCents } from '@/lib/money';
import type { PromoRule } from './totals';
import type { PromoJson } from '@/lib/contract/purchasing';

export const PROMO_MESSAGES = {
  missing: 'No promo code provided',
  unknown: 'Promo code not found.',
  inactive: 'This promo code is no longer active.',
  notYetValid: 'This promo code is not valid yet.',
  expired: 'This promo code has expired.',
  usedUp: 'This promo code has reached its usage limit.',
  usedByCustomer: 'You have already used this promo code.',
  firstOrderOnly: 'This promo code is only valid on your first order.',
  applied: 'Promo code applied successfully',
} as const;

/** The column is varchar(64): a longer text cannot be a code. */
export const PROMO_CODE_MAX = 64;

export type PromoRow = typeof promoCodes.$inferSelect;

/** A usable code as the API answers it: the contract's shape (src/lib/contract/purchasing.ts). */
export type { PromoJson };

/** The problem with a code at `now`, or null when it can be used. */
export function promoProblem(row: PromoRow, now: Date): keyof typeof PROMO_MESSAGES | null {
  if (!row.active) return 'inactive';
  if (row.validFrom && row.validFrom.getTime() > now.getTime()) return 'notYetValid';
  if (row.validTo && row.validTo.getTime() < now.getTime()) return 'expired';
  if (row.usageLimit !== null && row.usedCount >= row.usageLimit) return 'usedUp';
  return null;
}

/** What a customer has done that a code's own rules look at (orders that are paid or awaiting payment). */
export interface CustomerPromoHistory {
  /** orders of this customer that used this code */
  uses: number;
  /** purchase orders of this customer */
  orders: number;
}

/** The customer's reason not to get the code, or null. */
export function customerPromoProblem(
  row: Pick<PromoRow, 'perCustomerLimit' | 'firstOrderOnly'>,
  history: CustomerPromoHistory,
): 'usedByCustomer' | 'firstOrderOnly' | null {
  if (row.firstOrderOnly && history.orders > 0) return 'firstOrderOnly';
  if (row.perCustomerLimit !== null && history.uses >= row.perCustomerLimit) return 'usedByCustomer';
  return null;
}

/**
 * The customer's orders that count for a code's rules. A failed or errored order was never paid:
 * it gives its use back (as it gives back the code's total use, settlement.server.ts), so a
 * declined card can be tried again with the same code.
 */
export async function customerPromoHistory(db: Db, userId: number, promoId: number): Promise<CustomerPromoHistory> {
  const [row] = rowsOf<{ uses: number; orders: number }>(
    await db.execute(sql`
      select count(*) filter (where promo_code_id = ${promoId})::int as uses, count(*)::int as orders
      from orders
      where user_id = ${userId} and kind = 'purchase' and status in ('Pending', 'Success')`),
  );
  return { uses: Number(row?.uses ?? 0), orders: Number(row?.orders ?? 0) };
}

export interface FindPromoOptions {
  field?: string;
  now?: Date;
  /** the signed-in customer: their own rules apply too (a guest's check cannot know them) */
  userId?: number | null;
}

/**
 * The usable promo code for what the shopper typed, or a 422 naming the reason (field `field`).
 * Blank, missing or non-text input is "No promo code provided".
 */
export async function findUsablePromo(db: Db, input: unknown, options: FindPromoOptions = {}): Promise<PromoRow> {
  const field = options.field ?? 'code';
  const fail = (key: keyof typeof PROMO_MESSAGES) =>
    new InvalidInputError(PROMO_MESSAGES[key], { [field]: [PROMO_MESSAGES[key]] });
  const code = typeof input === 'string' ? input.trim() : '';
  if (code === '') throw fail('missing');
  if (code.length > PROMO_CODE_MAX) throw fail('unknown');
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(sql`lower(${promoCodes.code}) = lower(${code})`)
    // Codes differing only in case are not expected; if there are, the oldest wins, always the same.
    .orderBy(asc(promoCodes.id))
    .limit(1);
  if (!row) throw fail('unknown');
  const problem = promoProblem(row, options.now ?? new Date());
  if (problem) throw fail(problem);
  if (options.userId != null && (row.perCustomerLimit !== null || row.firstOrderOnly)) {
    const own = customerPromoProblem(row, await customerPromoHistory(db, options.userId, row.id));
    if (own) throw fail(own);
  }
  return row;
}

export function promoRule(row: PromoRow): PromoRule {
  return { type: row.discountType, value: row.discountValue, appliesToDelivery: row.appliesToDelivery };
}

export function toPromoJson(row: PromoRow, currency: PriceCurrency): PromoJson {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    discount_type: row.discountType,
    discount_amount:
      row.discountType === 'fixed'
        ? centsToNumber(convertCents(row.discountValue, currency.value, currency.code), currency.code)
        : row.discountValue,
    applies_to_delivery: row.appliesToDelivery,
  };
}
