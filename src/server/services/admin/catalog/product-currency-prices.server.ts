/**
 * A product's fixed prices per currency in the staff editor (ADR 034): the whole set replaced in
 * one save, with the same version check, audit and cache rule as every product save. EUR has no
 * fixed price: the catalogue's own price is in euros.
 */
import { localized } from '@/server/services/localized';
import { transaction } from '@/server/services/transaction';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { currencies, productCurrencyPrices, variations } from '@/server/db/schema/index';
import type { AdminProduct, SaveCurrencyPrices } from '@/lib/contract/admin/products';
import { InvalidInputError } from '@/server/services/errors';
import { contentChanged } from '@/server/services/content-changed';
import { type Editor, recordChange } from '../audit';
import { getAdminProduct } from './product-editor.server';
import { bumpVersion, lockProductVersion } from './product-lock.server';

export async function saveCurrencyPrices(
  db: Db,
  editor: Editor,
  productId: number,
  body: SaveCurrencyPrices,
): Promise<AdminProduct> {
  // A row without a price says "none in that currency": only priced rows are stored.
  const input = {
    ...body,
    prices: body.prices.flatMap((p) => (p.price_cents === null ? [] : [{ ...p, price_cents: p.price_cents }])),
  };
  await transaction(db, async (tx) => {
    const product = await lockProductVersion(tx, productId, input.version);
    const codes = [...new Set(input.prices.map((p) => p.currency))];
    const known = codes.length
      ? await tx.select({ code: currencies.code }).from(currencies).where(inArray(currencies.code, codes))
      : [];
    const unknown = codes.filter((code) => code === 'EUR' || !known.some((k) => k.code === code));
    if (unknown.length) {
      const message = localized('admin.api.fixedPriceCurrency', { codes: unknown.join(', ') });
      throw new InvalidInputError(message, { prices: [message] });
    }
    const variationIds = [...new Set(input.prices.flatMap((p) => (p.variation_id === null ? [] : [p.variation_id])))];
    if (variationIds.length) {
      const own = await tx
        .select({ id: variations.id })
        .from(variations)
        .where(and(eq(variations.productId, productId), inArray(variations.id, variationIds)));
      if (own.length !== variationIds.length) {
        const message = localized('admin.api.variationNotThisProduct');
        throw new InvalidInputError(message, { prices: [message] });
      }
    }
    const keys = input.prices.map((p) => `${p.currency}:${p.variation_id ?? 0}`);
    if (new Set(keys).size !== keys.length) {
      const message = localized('admin.api.fixedPriceTwice');
      throw new InvalidInputError(message, { prices: [message] });
    }
    await tx.delete(productCurrencyPrices).where(eq(productCurrencyPrices.productId, productId));
    if (input.prices.length) {
      await tx.insert(productCurrencyPrices).values(
        input.prices.map((p) => ({
          productId,
          variationId: p.variation_id,
          currency: p.currency,
          priceCents: p.price_cents,
          salePriceCents: p.sale_price_cents,
        })),
      );
    }
    await bumpVersion(tx, productId);
    await recordChange(
      tx,
      editor,
      'product',
      productId,
      'prices',
      `${product.sku}: ${input.prices.length} fixed prices (${codes.join(', ') || 'none'})`,
    );
  });
  contentChanged(db, { products: [productId] });
  return (await getAdminProduct(db, productId))!;
}
