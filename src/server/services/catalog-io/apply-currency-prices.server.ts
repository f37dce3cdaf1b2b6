/**
 * The catalogue CSV's fixed prices per currency (price:<code>, sale_price:<code>; ADR 034): after
 * a batch's product and variation rows are applied, each row's cells set or clear its fixed price
 * in each currency with a column. A row whose prices are already so is left alone, so export →
 * import changes nothing.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { currencies, productCurrencyPrices, products, variations } from '@/server/db/schema/index';
import type { Tx } from '../admin/audit';
import type { CatalogRow } from './format';

/** The currencies a fixed price can be in: every currency of the shop but the euro (the catalogue's own). */
export async function fixedPriceCurrencies(db: Db | Tx): Promise<string[]> {
  return (
    await db
      .select({ code: currencies.code })
      .from(currencies)
      .where(ne(currencies.code, 'EUR'))
      .orderBy(asc(currencies.position), asc(currencies.id))
  ).map((c) => c.code);
}

export async function applyCurrencyPrices(tx: Tx, rows: readonly CatalogRow[]): Promise<void> {
  const priced = rows.filter((r) => r.fixedPrices?.size);
  if (!priced.length) return;
  const productSkus = priced.map((r) => (r.kind === 'product' ? r.sku : r.parentSku));
  const productIds = new Map(
    (
      await tx
        .select({ id: products.id, sku: products.sku })
        .from(products)
        .where(inArray(products.sku, [...new Set(productSkus)]))
    ).map((p) => [p.sku, p.id]),
  );
  const variationSkus = priced.flatMap((r) => (r.kind === 'variation' ? [r.sku] : []));
  const variationIds = new Map(
    variationSkus.length
      ? (
          await tx
            .select({ id: variations.id, sku: variations.sku })
            .from(variations)
            .where(inArray(variations.sku, variationSkus))
        ).map((v) => [v.sku, v.id])
      : [],
  );
  const ids = [...productIds.values()];
  const stored = ids.length
    ? await tx.select().from(productCurrencyPrices).where(inArray(productCurrencyPrices.productId, ids))
    : [];
  const bump = new Set<number>();
  for (const row of priced) {
    const productId = productIds.get(row.kind === 'product' ? row.sku : row.parentSku);
    const variationId = row.kind === 'variation' ? (variationIds.get(row.sku) ?? null) : null;
    if (productId === undefined || (row.kind === 'variation' && variationId === null)) continue;
    for (const [currency, price] of row.fixedPrices!) {
      const have = stored.find(
        (s) => s.productId === productId && s.variationId === variationId && s.currency === currency,
      );
      if (
        price === null
          ? !have
          : have && have.priceCents === price.price_cents && have.salePriceCents === price.sale_price_cents
      )
        continue;
      const where = and(
        eq(productCurrencyPrices.productId, productId),
        variationId === null
          ? sql`${productCurrencyPrices.variationId} is null`
          : eq(productCurrencyPrices.variationId, variationId),
        eq(productCurrencyPrices.currency, currency),
      );
      await tx.delete(productCurrencyPrices).where(where);
      if (price)
        await tx.insert(productCurrencyPrices).values({
          productId,
          variationId,
          currency,
          priceCents: price.price_cents,
          salePriceCents: price.sale_price_cents,
        });
      bump.add(productId);
    }
  }
  if (bump.size)
    await tx
      .update(products)
      .set({ version: sql`${products.version} + 1`, updatedAt: sql`now()` })
      .where(inArray(products.id, [...bump]));
}
