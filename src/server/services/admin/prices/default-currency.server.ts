/**
 * Which currency new visitors see first (the currencies' default flag): exactly one has it. Used by
 * the currencies screen and the settings screen alike, inside their transaction, with every
 * currency row locked so that two switches cannot leave two defaults.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { currencies } from '@/server/db/schema/index';
import type { Tx } from '../audit';

export type CurrencyRow = typeof currencies.$inferSelect;

/** Every currency, locked for the rest of the transaction. */
export function lockCurrencies(tx: Tx): Promise<CurrencyRow[]> {
  return tx.select().from(currencies).orderBy(asc(currencies.id)).for('update');
}

/**
 * Takes the flag from every other currency and gives it to `id` (call with the rows locked); the
 * default is always offered to shoppers, so it is switched on too.
 */
export async function makeDefaultCurrency(tx: Tx, id: number): Promise<void> {
  await tx
    .update(currencies)
    .set({ isDefault: false })
    .where(sql`${currencies.id} <> ${id}`);
  await tx.update(currencies).set({ isDefault: true, enabled: true }).where(eq(currencies.id, id));
}
