import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { products } from '@/server/db/schema/index';
import { invalidateCatalogResults } from '@/server/services/catalog/catalog-cache';
import { queryCatalog } from '@/server/services/catalog/catalog-query';
import { useTestDatabase } from '../helpers/db';
import { type FixtureCatalog, insertFixtureCatalog } from '../helpers/fixture-catalog';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
let fx: FixtureCatalog;

beforeAll(async () => {
  fx = await insertFixtureCatalog(database().db);
});
beforeEach(() => invalidateCatalogResults(database().db));

async function catalog(query: string) {
  const res = await api.request(`/api/products/catalog?${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as any;
}
const keys = (body: any) => body.payload.map((p: { id: number }) => fx.keyOf(p.id));

describe('catalogue caches (docs/decisions/005)', () => {
  it('pages of one filter share the cached summary; an edit shows after invalidation', async () => {
    const all = keys(await catalog('search=tent&sort=asc&per_page=50'));
    expect(all.length).toBeGreaterThan(1);
    const last = all[all.length - 1] as keyof FixtureCatalog['p'];
    const page1 = await catalog('search=tent&sort=asc&per_page=1&page=1');
    expect(keys(page1)).toEqual([all[0]]);
    expect(page1.pagination.total).toBe(all.length);

    // Within the TTL the order, total and price range come from the cache (the rows for 10 s).
    const [old] = await database()
      .db.select({ priceCents: products.priceCents })
      .from(products)
      .where(eq(products.id, fx.p[last]));
    await database().db.update(products).set({ priceCents: 100 }).where(eq(products.id, fx.p[last]));
    try {
      const again = await catalog('search=tent&sort=asc&per_page=1&page=1');
      expect(keys(again)).toEqual([all[0]]);
      expect(again.price_range).toEqual(page1.price_range);
      const lastPage = await catalog(`search=tent&sort=asc&per_page=1&page=${all.length}`);
      expect(keys(lastPage)).toEqual([last]);
      expect(lastPage.payload[0].price).not.toBe(1); // its row was cached by the first call

      invalidateCatalogResults(database().db);
      const fresh = await catalog('search=tent&sort=asc&per_page=1&page=1');
      expect(keys(fresh)).toEqual([last]);
      expect(fresh.payload[0].price).toBe(1);
      expect(fresh.price_range.min).toBe(1);
    } finally {
      await database().db.update(products).set({ priceCents: old!.priceCents }).where(eq(products.id, fx.p[last]));
    }
  });

  it('a product deactivated after its filter was cached is left out of the page', async () => {
    const before = await catalog('sort=desc&per_page=2');
    expect(keys(before)).toEqual(['dome', 'tunnel']);
    invalidateCatalogResults(database().db);
    await catalog('sort=desc&per_page=3'); // caches the summary only for this page size's rows
    await database().db.update(products).set({ active: false }).where(eq(products.id, fx.p.tunnel));
    try {
      // A page whose rows were not cached yet: the summary still lists tunnel, the fresh rows do not.
      const page = await catalog('sort=desc&per_page=3&page=2');
      expect(keys(page)).not.toContain('tunnel');
    } finally {
      await database().db.update(products).set({ active: true }).where(eq(products.id, fx.p.tunnel));
    }
  });

  it('pages beyond the cached ids are computed from the cached filtered set, same answers', async () => {
    const ctx = { language: { id: fx.lang.en, isDefault: true }, currency: { code: 'EUR', value: '1' } };
    for (const sort of ['asc', 'desc', undefined] as const) {
      for (const search of [undefined, 'tent']) {
        for (let page = 1; page <= 4; page++) {
          const input = { sort, search, page, perPage: 3 };
          invalidateCatalogResults(database().db);
          const full = await queryCatalog(database().db, input, ctx);
          invalidateCatalogResults(database().db);
          const capped = await queryCatalog(database().db, input, ctx, 2);
          expect(
            capped.products.map((p) => p.id),
            JSON.stringify(input),
          ).toEqual(full.products.map((p) => p.id));
          expect(capped.pagination).toEqual(full.pagination);
          expect(capped.facets).toEqual(full.facets);
        }
      }
    }
  });

  it('the same filter in another currency shares the summary and converts the price range', async () => {
    const eur = await catalog('category_id=' + fx.cat.outdoor + '&price_min=10&price_max=200');
    const usd = await catalog('category_id=' + fx.cat.outdoor + '&price_min=10&price_max=200&currency=USD');
    expect(usd.price_range.max).not.toBe(eur.price_range.max);
    expect(eur.pagination.total).toBeGreaterThan(0);
  });
});
