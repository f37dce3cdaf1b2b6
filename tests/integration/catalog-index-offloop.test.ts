import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { products } from '@/server/db/schema/index';
import { invalidateCatalogResults } from '@/server/services/catalog/catalog-cache';
import { catalogIndex, catalogIndexReady, useCatalogIndex } from '@/server/services/catalog/catalog-index';
import { type CatalogInput, queryCatalog } from '@/server/services/catalog/catalog-query';
import { contentChanged, decodeChange, encodeChange } from '@/server/services/content-changed';
import { useTestDatabase } from '~/tests/helpers/db';
import { type FixtureCatalog, insertFixtureCatalog } from '~/tests/helpers/fixture-catalog';

const database = useTestDatabase({ seed: 'none' });
let fx: FixtureCatalog;

beforeAll(async () => {
  fx = await insertFixtureCatalog(database().db);
});
afterEach(() => useCatalogIndex(true));

const en = () => ({ language: { id: fx.lang.en, isDefault: true }, currency: { code: 'EUR', value: '1' } });

async function answer(input: Partial<CatalogInput>, viaSql = false) {
  const db = database().db;
  useCatalogIndex(!viaSql);
  invalidateCatalogResults(db, { keepIndex: true });
  try {
    return (await queryCatalog(db, { page: 1, perPage: 50, ...input }, en())).products.map((p) => [p.id, p.price]);
  } finally {
    useCatalogIndex(true);
  }
}

describe('catalogue index off the event loop (issue 33)', () => {
  it('is assembled in the worker thread: its rows arrive in shared memory', async () => {
    const db = database().db;
    invalidateCatalogResults(db);
    const index = await catalogIndexReady(db);
    expect(index).not.toBeNull();
    expect(index!.ids.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(index!.rowOf.buffer).toBeInstanceOf(SharedArrayBuffer);
    const active = await database().db.select({ id: products.id }).from(products).where(eq(products.active, true));
    expect(index!.ids.length).toBe(active.length);
  });

  it('a content edit (FAQ, page, settings) keeps the very same index', async () => {
    const db = database().db;
    const before = await catalogIndexReady(db);
    await contentChanged(db, 'content');
    expect(await catalogIndex(db)).toBe(before);
  });

  it('an edit of one product patches the index (no rebuild) and the new price answers at once', async () => {
    const db = database().db;
    invalidateCatalogResults(db);
    const before = (await catalogIndexReady(db))!;
    const [{ price } = { price: 0 }] = await db
      .select({ price: products.priceCents })
      .from(products)
      .where(eq(products.id, fx.p.mech));
    try {
      await db.update(products).set({ priceCents: 101 }).where(eq(products.id, fx.p.mech));
      await contentChanged(db, { products: [fx.p.mech] });
      const patched = (await catalogIndexReady(db))!;
      expect(patched).not.toBe(before);
      // A patch keeps its base's build time; a full rebuild would have a new one.
      expect(patched.builtAt).toBe(before.builtAt);
      expect(patched.ids[0]).toBe(fx.p.mech);
      expect(patched.prices[0]).toBe(101);
      const byIndex = await answer({ sort: 'asc' });
      expect(byIndex[0]).toEqual([fx.p.mech, 1.01]);
      expect(byIndex).toEqual(await answer({ sort: 'asc' }, true));
      // Deactivated: the patch drops its row.
      await db.update(products).set({ active: false }).where(eq(products.id, fx.p.mech));
      await contentChanged(db, { products: [fx.p.mech] });
      const without = (await catalogIndexReady(db))!;
      expect(without.ids.length).toBe(before.ids.length - 1);
      expect(without.rowOf[fx.p.mech]).toBe(0);
      expect(await answer({ search: 'keyboard', sort: 'asc' })).toEqual(
        await answer({ search: 'keyboard', sort: 'asc' }, true),
      );
    } finally {
      await db.update(products).set({ priceCents: price, active: true }).where(eq(products.id, fx.p.mech));
      await contentChanged(db, { products: [fx.p.mech] });
    }
    expect((await catalogIndexReady(db))!.ids.length).toBe(before.ids.length);
  });

  it('a catalogue-wide change (an import) builds anew', async () => {
    const db = database().db;
    const before = (await catalogIndexReady(db))!;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await contentChanged(db);
    const after = (await catalogIndexReady(db))!;
    expect(after.builtAt).toBeGreaterThan(before.builtAt);
  });
});

describe('content notifications carry their scope to the other instances (issue 33)', () => {
  it('round-trips content, products and catalogue scopes', () => {
    expect(decodeChange(encodeChange('content', 'a'))).toEqual({ instance: 'a', scope: 'content' });
    expect(decodeChange(encodeChange({ products: [3, 7] }, 'b'))).toEqual({
      instance: 'b',
      scope: { products: [3, 7] },
    });
    expect(decodeChange(encodeChange('catalog', 'c'))).toEqual({ instance: 'c', scope: 'catalog' });
  });

  it('too many products for NOTIFY become a catalogue-wide change; an old bare id too', () => {
    const many = Array.from({ length: 5_000 }, (_, i) => i + 1);
    expect(decodeChange(encodeChange({ products: many }, 'd'))).toEqual({ instance: 'd', scope: 'catalog' });
    expect(decodeChange('9b1c0f7e-1111-2222-3333-444455556666')).toEqual({
      instance: '9b1c0f7e-1111-2222-3333-444455556666',
      scope: 'catalog',
    });
    expect(decodeChange(JSON.stringify({ i: 'e', s: { products: ['1; drop'] } })).scope).toBe('catalog');
  });
});
