import { describe, expect, it, vi } from 'vitest';
import type { Db } from '@/server/db/client';
import {
  CACHE_TTL_MS,
  type FilterSummary,
  ROWS_TTL_MS,
  cachedRows,
  cachedSummary,
  invalidateCatalogResults,
} from '@/server/services/catalog/catalog-cache';

const summary = (total: number): FilterSummary => ({ total, minCents: null, maxCents: null, facetRows: [], ids: [] });
const fakeDb = () => ({}) as Db;

describe('cachedSummary', () => {
  it('shares concurrent loads and serves the entry while fresh', async () => {
    const db = fakeDb();
    const load = vi.fn(async () => summary(1));
    const [a, b] = await Promise.all([cachedSummary(db, 'k', load, 0), cachedSummary(db, 'k', load, 1)]);
    expect(a).toBe(b);
    expect(await cachedSummary(db, 'k', load, CACHE_TTL_MS - 1)).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
    expect((await cachedSummary(db, 'other', load, 0)).total).toBe(1);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('serves a stale entry while one background load replaces it; too old waits for a new load', async () => {
    const db = fakeDb();
    let n = 0;
    const load = vi.fn(async () => summary(++n));
    await cachedSummary(db, 'k', load, 0);
    const stale = cachedSummary(db, 'k', load, CACHE_TTL_MS); // stale: served, one refresh starts
    const staleAgain = cachedSummary(db, 'k', load, CACHE_TTL_MS + 1); // no second refresh
    expect((await stale).total).toBe(1);
    expect((await staleAgain).total).toBe(1);
    expect(load).toHaveBeenCalledTimes(2);
    await new Promise((r) => setTimeout(r, 0));
    expect((await cachedSummary(db, 'k', load, CACHE_TTL_MS + 2)).total).toBe(2);
    expect((await cachedSummary(db, 'k', load, 4 * CACHE_TTL_MS)).total).toBe(3);
  });

  it('does not keep a failed load; invalidation drops entries', async () => {
    const db = fakeDb();
    await expect(cachedSummary(db, 'k', async () => Promise.reject(new Error('down')), 0)).rejects.toThrow('down');
    await new Promise((r) => setTimeout(r, 0));
    expect((await cachedSummary(db, 'k', async () => summary(5), 1)).total).toBe(5);
    invalidateCatalogResults(db);
    expect((await cachedSummary(db, 'k', async () => summary(6), 2)).total).toBe(6);
    invalidateCatalogResults();
    expect((await cachedSummary(db, 'k', async () => summary(7), 3)).total).toBe(7);
  });
});

describe('cachedRows', () => {
  it('loads only missing ids in one call, keeps order, remembers absent ids, expires', async () => {
    const db = fakeDb();
    const load = vi.fn(async (ids: number[]) => ids.filter((id) => id !== 3).map((id) => ({ id, v: `r${id}` })));
    expect(await cachedRows(db, 1, [2, 1, 3], load, 0)).toEqual([
      { id: 2, v: 'r2' },
      { id: 1, v: 'r1' },
    ]);
    expect(await cachedRows(db, 1, [3, 1, 4], load, 10)).toEqual([
      { id: 1, v: 'r1' },
      { id: 4, v: 'r4' },
    ]);
    expect(load.mock.calls).toEqual([[[2, 1, 3]], [[4]]]);
    await cachedRows(db, 2, [1], load, 10); // another language is another row
    await cachedRows(db, 1, [1, 4], load, ROWS_TTL_MS + 5);
    expect(load.mock.calls.slice(2)).toEqual([[[1]], [[1]]]);
  });
});
