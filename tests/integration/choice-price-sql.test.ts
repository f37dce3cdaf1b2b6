/**
 * The SQL twin of choicePrice (migration 0022's choice_price_cents, behind the trigger-kept
 * products.from_price_cents / to_price_cents / on_sale that the catalogue index, list filters and
 * the staff list read) gives what the cart charges for every case of the shared table, and the
 * trigger-kept columns follow every kind of write (both engines).
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { choicePrice, offerRange } from '@/lib/rules/product-price';
import { products, variations } from '@/server/db/schema/index';
import { rowsOf } from '@/server/services/catalog/rows';
import { CHOICE_CASES } from '../helpers/choice-price-cases';
import { useTestDatabase } from '../helpers/db';

const database = useTestDatabase({ seed: 'none' });
const db = () => database().db;

describe('choice_price_cents (SQL) and choicePrice (TypeScript)', () => {
  it.each(CHOICE_CASES)('agree: $what', async ({ product, variation, expected }) => {
    const v = variation ?? { priceCents: null, salePriceCents: null };
    const [row] = rowsOf<{ cents: number }>(
      await db().execute(
        sql`select choice_price_cents(${product.priceCents}::int, ${product.oldPriceCents}::int, ${v.priceCents}::int, ${v.salePriceCents}::int) as cents`,
      ),
    );
    expect(Number(row!.cents)).toBe(expected.priceCents);
    expect(choicePrice(product, variation).priceCents).toBe(expected.priceCents);
  });
});

describe('the trigger-kept offer columns', () => {
  const offer = async (id: number) => {
    const [row] = await db()
      .select({
        from: products.fromPriceCents,
        to: products.toPriceCents,
        sale: products.onSale,
        units: products.sellableStock,
        scarcest: products.scarcestStock,
      })
      .from(products)
      .where(eq(products.id, id));
    return row!;
  };

  it('follow inserts, updates and deletes of the product and its variations, as offerRange computes', async () => {
    const [p] = await db()
      .insert(products)
      .values({ sku: 'OFFER', slug: 'offer', name: 'Offer', priceCents: 5_000, stock: 7 })
      .returning({ id: products.id });
    const id = p!.id;
    expect(await offer(id)).toEqual({ from: 5_000, to: 5_000, sale: false, units: 7, scarcest: 7 });
    const [a, b] = await db()
      .insert(variations)
      .values([
        { productId: id, sku: 'OFFER-A', priceCents: null, stock: 0 },
        { productId: id, sku: 'OFFER-B', priceCents: 6_500, salePriceCents: 6_000, stock: 4 },
      ])
      .returning({ id: variations.id });
    // The product row's own stock (7) no longer counts: its variations' does.
    expect(await offer(id)).toEqual({ from: 5_000, to: 6_000, sale: true, units: 4, scarcest: 4 });
    const range = offerRange({ priceCents: 5_000, oldPriceCents: 0, discountPercent: 0 }, [
      { priceCents: null, salePriceCents: null },
      { priceCents: 6_500, salePriceCents: 6_000 },
    ]);
    expect([range.lowest.priceCents, range.highestCents, range.onSale]).toEqual([5_000, 6_000, true]);
    // A product price change reaches the variation that follows it.
    await db()
      .update(products)
      .set({ priceCents: 4_500, oldPriceCents: 5_000, discountPercent: 10 })
      .where(eq(products.id, id));
    expect(await offer(id)).toMatchObject({ from: 4_500, to: 6_000, sale: true });
    // Stock moves and deactivation.
    await db().update(variations).set({ stock: 2 }).where(eq(variations.id, a!.id));
    expect(await offer(id)).toMatchObject({ units: 6, scarcest: 2 });
    await db().update(variations).set({ active: false }).where(eq(variations.id, b!.id));
    expect(await offer(id)).toEqual({ from: 4_500, to: 4_500, sale: true, units: 2, scarcest: 2 });
    // No variation left: the product's own price and stock again.
    await db().delete(variations).where(eq(variations.productId, id));
    expect(await offer(id)).toEqual({ from: 4_500, to: 4_500, sale: true, units: 7, scarcest: 7 });
    await db().update(products).set({ stock: 0 }).where(eq(products.id, id));
    expect(await offer(id)).toMatchObject({ units: 0, scarcest: null });
  });
});
