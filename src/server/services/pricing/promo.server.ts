/**
 * Promo codes: lookup (case-insensitive), validity checks with one clear message per reason, and
 * the spec's promo JSON. Used by POST /api/promocodes/check and by the totals (so checkout sees
 * the same rules).
 */
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { promoCodes } from '../../db/schema/index';
import { InvalidInputError } from '../errors';
import { centsToNumber, convertCents } from '../../../lib/money';
import type { PromoRule } from './totals';
import type { PromoJson } from '../../../lib/contract/purchasing';

export const PROMO_MESSAGES = {
  missing: 'No promo code provided',
  unknown: 'Promo code not found.',
  inactive: 'This promo code is no longer active.',
  notYetValid: 'This promo code is not valid yet.',
  expired: 'This promo code has expired.',
  usedUp: 'This promo code has reached its usage limit.',
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

/**
 * The usable promo code for what the shopper typed, or a 422 naming the reason (field `field`).
 * Blank, missing or non-text input is "No promo code provided".
 */
export async function findUsablePromo(db: Db, input: unknown, options: { field?: string; now?: Date } = {}): Promise<PromoRow> {
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
  return row;
}

export function promoRule(row: PromoRow): PromoRule {
  return { type: row.discountType, value: row.discountValue, appliesToDelivery: row.appliesToDelivery };
}

export function toPromoJson(row: PromoRow, rate: string): PromoJson {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    discount_type: row.discountType,
    discount_amount: row.discountType === 'fixed' ? centsToNumber(convertCents(row.discountValue, rate)) : row.discountValue,
    applies_to_delivery: row.appliesToDelivery,
  };
}
