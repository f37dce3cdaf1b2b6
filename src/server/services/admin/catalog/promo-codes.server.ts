/**
 * Promo codes for staff (ADR 026). The checkout's rules (validity, limits, first order) stay in
 * pricing/promo.server.ts; this only writes what they read. Codes are unique in any case (an index
 * on lower(code), so two staff members creating SAVE and save at once cannot both succeed). A
 * code that was used is deactivated rather than deleted: orders keep pointing at it.
 */
import { type Localized, localized } from '@/server/services/localized';
import { transaction } from '@/server/services/transaction';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { promoCodes } from '@/server/db/schema/index';
import type { AdminPromo, PromoCreate, PromoPatch } from '@/lib/contract/admin/promo-codes';
import { InvalidInputError, NotFoundError } from '@/server/services/errors';
import { contentChanged } from '@/server/services/content-changed';
import { type Editor, changedFields, definedOnly, recordChange } from '../audit';
import { uniqueViolation } from '@/server/db/error-chain';

export const PROMO_NOT_FOUND = localized('admin.api.promoNotFound');
const CODE_TAKEN = localized('admin.api.promoCodeTaken');

type Row = typeof promoCodes.$inferSelect;

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

export function adminPromo(row: Row): AdminPromo {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    amount_cents: row.discountType === 'fixed' ? row.discountValue : null,
    percent: row.discountType === 'percent' ? row.discountValue : null,
    applies_to_delivery: row.appliesToDelivery,
    valid_from: day(row.validFrom),
    valid_to: day(row.validTo),
    usage_limit: row.usageLimit,
    used_count: row.usedCount,
    per_customer_limit: row.perCustomerLimit,
    first_order_only: row.firstOrderOnly,
    active: row.active,
    created_at: row.createdAt.toISOString(),
  };
}

/** The columns a body sets: dates as whole UTC days, the discount as type and value. */
function columns(input: PromoPatch) {
  return definedOnly({
    code: input.code,
    description: input.description,
    ...(input.amount_cents !== undefined && { discountType: 'fixed' as const, discountValue: input.amount_cents }),
    ...(input.percent !== undefined && { discountType: 'percent' as const, discountValue: input.percent }),
    appliesToDelivery: input.applies_to_delivery,
    validFrom:
      input.valid_from === undefined
        ? undefined
        : input.valid_from === null
          ? null
          : new Date(`${input.valid_from}T00:00:00.000Z`),
    validTo:
      input.valid_to === undefined
        ? undefined
        : input.valid_to === null
          ? null
          : new Date(`${input.valid_to}T23:59:59.999Z`),
    usageLimit: input.usage_limit,
    perCustomerLimit: input.per_customer_limit,
    firstOrderOnly: input.first_order_only,
    active: input.active,
  });
}

function explain(error: unknown): never {
  if (uniqueViolation(error)?.includes('code')) throw new InvalidInputError(CODE_TAKEN, { code: [CODE_TAKEN] });
  throw error;
}

export async function listPromoCodes(db: Db, q = ''): Promise<AdminPromo[]> {
  const rows = await db
    .select()
    .from(promoCodes)
    .where(q ? sql`lower(${promoCodes.code}) like ${`%${q.toLowerCase().replaceAll(/[%_\\]/g, '\\$&')}%`}` : undefined)
    .orderBy(desc(promoCodes.id))
    .limit(200);
  return rows.map(adminPromo);
}

export async function getPromoCode(db: Db, id: number): Promise<AdminPromo | null> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id));
  return row ? adminPromo(row) : null;
}

export async function createPromoCode(db: Db, editor: Editor, input: PromoCreate): Promise<AdminPromo> {
  const row = await transaction(db, async (tx) => {
    const [made] = await tx
      .insert(promoCodes)
      .values({ discountValue: 0, ...columns(input), code: input.code })
      .returning();
    await recordChange(tx, editor, 'promo_code', made!.id, 'create', made!.code);
    return made!;
  }).catch(explain);
  contentChanged(db, 'content');
  return adminPromo(row);
}

export async function updatePromoCode(db: Db, editor: Editor, id: number, patch: PromoPatch): Promise<AdminPromo> {
  const row = await transaction(db, async (tx) => {
    const [before] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update');
    if (!before) throw new NotFoundError(PROMO_NOT_FOUND);
    const from = patch.valid_from === undefined ? day(before.validFrom) : patch.valid_from;
    const to = patch.valid_to === undefined ? day(before.validTo) : patch.valid_to;
    if (from && to && to < from)
      throw new InvalidInputError(localized('admin.api.promoDates'), { valid_to: [localized('admin.api.promoDates')] });
    const [after] = await tx.update(promoCodes).set(columns(patch)).where(eq(promoCodes.id, id)).returning();
    await recordChange(tx, editor, 'promo_code', id, 'update', `${before.code}: ${changedFields(patch)}`);
    return after!;
  }).catch(explain);
  contentChanged(db, 'content');
  return adminPromo(row);
}

/** Deletes an unused code; a used one is deactivated instead (answered, with a message saying so). */
export async function deletePromoCode(
  db: Db,
  editor: Editor,
  id: number,
): Promise<{ kept: AdminPromo | null; message: Localized }> {
  const result = await transaction(db, async (tx) => {
    const [row] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update');
    if (!row) throw new NotFoundError(PROMO_NOT_FOUND);
    if (row.usedCount > 0) {
      const [kept] = await tx.update(promoCodes).set({ active: false }).where(eq(promoCodes.id, id)).returning();
      await recordChange(tx, editor, 'promo_code', id, 'deactivate', row.code);
      return {
        kept: adminPromo(kept!),
        message: localized('admin.api.promoDeactivated', { code: row.code, count: row.usedCount }),
      };
    }
    await tx.delete(promoCodes).where(eq(promoCodes.id, id));
    await recordChange(tx, editor, 'promo_code', id, 'delete', row.code);
    return { kept: null, message: localized('admin.api.promoDeleted') };
  });
  contentChanged(db, 'content');
  return result;
}
