import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { productCategories, products } from '@/server/db/schema/index';
import { invalidateCatalogResults } from '@/server/services/catalog/catalog-cache';
import { catalogIndex, catalogIndexReady, useCatalogIndex } from '@/server/services/catalog/catalog-index';
import { type CatalogInput, queryCatalog } from '@/server/services/catalog/catalog-query';
import { useTestDatabase } from '../helpers/db';
import { type FixtureCatalog, USD_RATE, insertFixtureCatalog } from '../helpers/fixture-catalog';

const database = useTestDatabase({ seed: 'none' });
let fx: FixtureCatalog;

beforeAll(async () => {
  fx = await insertFixtureCatalog(database().db);
});
afterEach(() => useCatalogIndex(true));

/** The answer through SQL only (ADR 005's statement) and through the in-process index. */
async function bothWays(input: CatalogInput, ctx: Parameters<typeof queryCatalog>[2]) {
  const db = database().db;
  useCatalogIndex(false);
  invalidateCatalogResults(db);
  const bySql = await queryCatalog(db, input, ctx);
  useCatalogIndex(true);
  invalidateCatalogResults(db);
  // Wait for the build itself: a request waits for it only briefly (catalogIndex), and on a
  // loaded machine even this small catalogue's build may take longer (issue 27: it was only late).
  expect(await catalogIndexReady(db)).not.toBeNull();
  const byIndex = await queryCatalog(db, input, ctx);
  return { bySql, byIndex };
}

describe('catalogue index (issue 18, docs/decisions/005)', () => {
  it('answers every combination exactly as the SQL path does', async () => {
    const en = { language: { id: fx.lang.en, isDefault: true }, currency: { code: 'EUR', value: '1' } };
    const de = { language: { id: fx.lang.de, isDefault: false }, currency: { code: 'USD', value: USD_RATE } };
    const searches = [undefined, 'tent', 'keybaord', 'zelt', 'zzzzqqqq'];
    const categorySets = [
      undefined,
      [fx.cat.outdoor],
      [fx.cat.tents, fx.cat.keyboards],
      [fx.cat.computers, 900_000_001],
    ];
    const attrSets = [undefined, [fx.attr.red], [fx.attr.red, fx.attr.blue, fx.attr.m], [999_999]];
    const flags = [{}, { isNew: true }, { sale: true }, { isNew: true, sale: true }];
    let compared = 0;
    for (const search of searches) {
      for (const categoryIds of categorySets) {
        for (const [i, attrs] of attrSets.entries()) {
          const flag = flags[(compared + i) % flags.length]!;
          const sort = ([undefined, 'asc', 'desc'] as const)[compared % 3];
          const price = compared % 2 ? { priceMinCents: 2000, priceMaxCents: 15000 } : {};
          const input: CatalogInput = { search, categoryIds, attrs, sort, ...flag, ...price, page: 1, perPage: 3 };
          for (const ctx of search === 'zelt' ? [de] : [en, de]) {
            const { bySql, byIndex } = await bothWays(input, ctx);
            expect(byIndex, JSON.stringify(input)).toEqual(bySql);
            compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('a write reported by invalidateCatalogResults shows at once: price, category, deactivation', async () => {
    const db = database().db;
    const ctx = { language: { id: fx.lang.en, isDefault: true }, currency: { code: 'EUR', value: '1' } };
    const ids = async (input: Partial<CatalogInput>) =>
      (await queryCatalog(db, { page: 1, perPage: 20, ...input }, ctx)).products.map((p) => fx.keyOf(p.id));
    invalidateCatalogResults(db);
    expect(await ids({ categoryIds: [fx.cat.computers] })).toEqual(['mouse', 'wireless', 'mech']);
    expect(await catalogIndexReady(db)).not.toBeNull();
    await db.update(products).set({ priceCents: 100 }).where(eq(products.id, fx.p.mech));
    await db.insert(productCategories).values({ productId: fx.p.lantern, categoryId: fx.cat.computers });
    await db.update(products).set({ active: false }).where(eq(products.id, fx.p.mouse));
    try {
      invalidateCatalogResults(db);
      expect(await ids({ categoryIds: [fx.cat.computers] })).toEqual(['mech', 'lantern', 'wireless']);
      expect(await ids({ search: 'keyboard', sort: 'asc' })).toEqual(['mech', 'wireless']);
    } finally {
      await db.update(products).set({ priceCents: 12999 }).where(eq(products.id, fx.p.mech));
      await db.delete(productCategories).where(eq(productCategories.productId, fx.p.lantern));
      await db.insert(productCategories).values({ productId: fx.p.lantern, categoryId: fx.cat.outdoor });
      await db.update(products).set({ active: true }).where(eq(products.id, fx.p.mouse));
      invalidateCatalogResults(db);
    }
  });

  it('gets an index while writes keep overlapping its builds, and the index has every write (issue 27)', async () => {
    const db = database().db;
    const ctx = { language: { id: fx.lang.en, isDefault: true }, currency: { code: 'EUR', value: '1' } };
    const byIndex = async (input: Partial<CatalogInput>) =>
      (await queryCatalog(db, { page: 1, perPage: 50, ...input }, ctx)).products.map((p) => [p.id, p.price]);
    const bySql = async (input: Partial<CatalogInput>) => {
      useCatalogIndex(false);
      invalidateCatalogResults(db, { keepIndex: true });
      try {
        return await byIndex(input);
      } finally {
        useCatalogIndex(true);
        invalidateCatalogResults(db, { keepIndex: true });
      }
    };
    const [before] = await db.select({ price: products.priceCents }).from(products).where(eq(products.id, fx.p.mech));
    try {
      // Every build has a product save (and a page edit) reported while it reads: a busy shop.
      for (let round = 1; round <= 6; round++) {
        invalidateCatalogResults(db);
        await db
          .update(products)
          .set({ priceCents: 10_000 + round })
          .where(eq(products.id, fx.p.mech));
        // The build starts; the save is reported while it reads (before its first answer can
        // arrive), so the build cannot know whether it saw the save.
        const building = catalogIndexReady(db);
        invalidateCatalogResults(db, { products: [fx.p.mech] });
        invalidateCatalogResults(db, { keepIndex: true });
        const built = await building;
        // The build caught up with the save instead of being thrown away.
        expect(built, `round ${round}`).not.toBeNull();
        expect(await catalogIndex(db)).toBe(built);
        expect(built!.prices[built!.rowOf[fx.p.mech]! - 1]).toBe(10_000 + round);
        for (const input of [
          {},
          { sort: 'asc' as const },
          { priceMinCents: 10_000 },
          { categoryIds: [fx.cat.computers] },
        ]) {
          expect(await byIndex(input)).toEqual(await bySql(input));
        }
      }
      // A write that may touch any product (an import, another instance) still discards the build.
      invalidateCatalogResults(db);
      const discarded = catalogIndexReady(db);
      invalidateCatalogResults(db);
      expect(await discarded).toBeNull();
      expect(await catalogIndexReady(db)).not.toBeNull();
    } finally {
      await db.update(products).set({ priceCents: before!.price }).where(eq(products.id, fx.p.mech));
      invalidateCatalogResults(db);
    }
  });
});
