/**
 * The staff product list (ADR 026): each filter and sort, keyset pages both ways, on the fixture
 * catalogue (both engines with TEST_DATABASE_URL). Speed at 100 000 products: bench/catalog-admin.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { productImages, productTranslations, products } from '@/server/db/schema/index';
import { useTestDatabase } from '../helpers/db';
import { type FixtureCatalog, insertFixtureCatalog } from '../helpers/fixture-catalog';
import type { ApiSession } from '../helpers/session';
import { staffOrders } from '../helpers/admin-orders';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
let fx: FixtureCatalog;
let staff: ApiSession;

beforeAll(async () => {
  fx = await insertFixtureCatalog(db());
  staff = (await staffOrders(api, db, 'plist').signedIn('staff')).session;
});

async function list(query = '') {
  const res = await staff.get(`/api/admin/products${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
const skus = (body: { payload: { rows: { sku: string }[] } }) => body.payload.rows.map((r) => r.sku);

describe('GET /api/admin/products', () => {
  it('lists every product, newest first, with a count in the message', async () => {
    const body = await list();
    expect(body.payload.total).toBe(11);
    expect(body.message).toBe('11 products.');
    const ids = body.payload.rows.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(body.payload.rows.find((r: { sku: string }) => r.sku === 'FX-DOME')).toMatchObject({
      name: 'Alpine Dome Tent',
      price_cents: 19_999,
      old_price_cents: 24_999,
      stock: 7,
      active: true,
    });
  });

  it('finds by SKU prefix or by a part of the name, and treats SQL as text', async () => {
    expect(skus(await list('?q=fx-dome'))).toEqual(['FX-DOME']);
    expect(skus(await list('?q=keyboard')).sort()).toEqual(['FX-MECH', 'FX-WIRELESS']);
    expect((await list(`?q=${encodeURIComponent("x' or '1'='1")}`)).payload.total).toBe(0);
    expect((await list('?q=100%25')).payload.total).toBe(0);
  });

  it('filters by category with its subcategories, status, stock and sale', async () => {
    expect(skus(await list(`?category=${fx.cat.tents}`)).sort()).toEqual([
      'FX-DOME',
      'FX-FOOTPRINT',
      'FX-INACTIVE',
      'FX-POLES',
      'FX-TUNNEL',
    ]);
    expect(skus(await list('?status=unpublished'))).toEqual(['FX-INACTIVE']);
    expect(skus(await list('?stock=out'))).toEqual(['FX-TUNNEL']);
    // Low stock is counted per variation (issue 26): the dome's sizes have 3 and 4 (7 together).
    expect(skus(await list('?stock=low')).sort()).toEqual(['FX-DOME', 'FX-POLES', 'FX-SUMMIT']);
    expect(skus(await list('?sale=1')).sort()).toEqual(['FX-DOME', 'FX-INACTIVE', 'FX-SUMMIT', 'FX-WIRELESS']);
  });

  it('finds products without an image or without a translation', async () => {
    await db().delete(productImages).where(eq(productImages.productId, fx.p.lantern));
    expect(skus(await list('?no_image=1'))).toContain('FX-LANTERN');
    expect(skus(await list('?no_image=1'))).not.toContain('FX-DOME');
    const translated = (
      await db()
        .select({ id: productTranslations.productId })
        .from(productTranslations)
        .where(eq(productTranslations.languageId, fx.lang.de))
    ).map((r) => r.id);
    const missing = skus(await list('?missing=de'));
    expect(missing.length).toBe(11 - new Set(translated).size);
    const [dome] = await db().select({ sku: products.sku }).from(products).where(eq(products.id, translated[0]!));
    expect(missing).not.toContain(dome!.sku);
    // The default language's texts are the product's own: never missing.
    expect((await list('?missing=en')).payload.total).toBe(11);
  });

  it('pages with cursors in both directions and sorts by price', async () => {
    const first = await staff.get('/api/admin/products?sort=price_asc');
    const all = skus(first.body);
    const prices = first.body.payload.rows.map((r: { price_cents: number }) => r.price_cents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // 11 products in pages of 25: one page, no cursors.
    expect(first.body.payload.next).toBeNull();
    expect(first.body.payload.previous).toBeNull();
    const cursor = `${prices[4]}.${first.body.payload.rows[4].id}`;
    const after = skus(await list(`?sort=price_asc&after=${cursor}`));
    expect(after).toEqual(all.slice(5));
    const before = await list(`?sort=price_asc&before=${cursor}`);
    expect(skus(before)).toEqual(all.slice(0, 4));
    expect(before.payload.previous).toBeNull();
    expect(before.payload.next).not.toBeNull();
  });
});
