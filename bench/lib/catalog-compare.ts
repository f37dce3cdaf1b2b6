/**
 * `BASE=/path/to/other/checkout DATABASE_URL=... npx tsx bench/lib/catalog-compare.ts [--timing]`
 * (PGlite in DATA_DIR without DATABASE_URL). Checks that this checkout's queryCatalog answers
 * exactly as another checkout's (e.g. a worktree of main) for 180 filters on the bench catalogue.
 * --timing: then times both on cold filters, interleaved one request at a time so that load from
 * other processes on the machine hits both alike: "new price" (a price_min never used: the
 * summary misses), "new filter" (every catalogue cache dropped first; this checkout keeps its
 * catalogue index, which is no result cache, so this is a new search text too) and "new category"
 * (this checkout keeps the search's text match: a new filter on a search used in the last minute).
 * Issue 18, ADR 005.
 */
import { resolve } from 'node:path';
import { openDatabase } from '@/server/db/client';
import { invalidateCatalogResults } from '@/server/services/catalog/catalog-cache';
import { type CatalogInput, queryCatalog } from '@/server/services/catalog/catalog-query';
import { catalogIndexReady } from '@/server/services/catalog/catalog-index';

const base = process.env.BASE!;
const other = (await import(resolve(base, 'src/server/services/catalog/catalog-query.ts'))) as {
  queryCatalog: typeof queryCatalog;
};
const otherCache = (await import(resolve(base, 'src/server/services/catalog/catalog-cache.ts'))) as {
  invalidateCatalogResults: typeof invalidateCatalogResults;
};
const url = process.env.DATABASE_URL;
const database = url
  ? await openDatabase({ engine: 'postgres', url, max: 2 })
  : await openDatabase({
      engine: 'pglite',
      dataDir: resolve(process.env.DATA_DIR ?? 'bench/.tmp/catalog-data', 'pglite'),
    });
const db = database.db;
const ctx = { language: { id: 1, isDefault: true }, currency: { code: 'EUR', value: '1' } };
const index = await catalogIndexReady(db);
if (!index) throw new Error('the catalogue index did not build');
console.log(`catalogue index: ${index.ids.length} products`);
const dropAll = () => {
  invalidateCatalogResults(db, { keepIndex: true });
  otherCache.invalidateCatalogResults(db);
};
let extraCategory = 900_000_000;

const inputs: CatalogInput[] = [];
for (const search of [undefined, 'tent', 'keybaord', 'nordvik trail', 'pro'])
  for (const categoryIds of [undefined, [1], [4, 6]])
    for (const attrs of [undefined, [1], [1, 2, 12], [3, 20, 21]])
      for (const sort of [undefined, 'asc', 'desc'] as const)
        inputs.push({
          search,
          categoryIds,
          attrs,
          sort,
          priceMinCents: 2_000,
          priceMaxCents: 30_000,
          page: 3,
          perPage: 15,
          isNew: attrs?.length === 1,
          sale: sort === 'desc' && !search,
        });
let bad = 0;
for (const input of inputs) {
  dropAll();
  const [a, b] = [await queryCatalog(db, input, ctx), await other.queryCatalog(db, input, ctx)];
  if (JSON.stringify(a) !== JSON.stringify(b)) {
    bad++;
    console.log('DIFFERENT', JSON.stringify(input), a.pagination, b.pagination);
  }
}
console.log(`${inputs.length - bad}/${inputs.length} filters answer the same`);

if (process.argv.includes('--timing')) {
  const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 20);
  // The cache-miss variants of bench/catalog.mjs (prices in cents).
  const variants: CatalogInput[] = [
    { search: 'tent', categoryIds: [1], priceMinCents: 5000, priceMaxCents: 50000, sort: 'asc', page: 1, perPage: 15 },
    {
      search: 'jacket',
      categoryIds: [4],
      priceMinCents: 2000,
      priceMaxCents: 30000,
      sort: 'desc',
      page: 1,
      perPage: 15,
    },
    {
      search: 'keybaord',
      categoryIds: [6],
      priceMinCents: 1000,
      priceMaxCents: 100000,
      sort: 'asc',
      page: 1,
      perPage: 15,
    },
    {
      search: 'nordvik trail',
      categoryIds: [2],
      priceMinCents: 2000,
      priceMaxCents: 40000,
      sort: 'desc',
      page: 1,
      perPage: 15,
    },
    {
      search: 'headlamp',
      categoryIds: [1],
      priceMinCents: 1000,
      priceMaxCents: 20000,
      sort: 'asc',
      page: 2,
      perPage: 15,
    },
  ];
  const pct = (xs: number[], q: number) =>
    [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.ceil(q * xs.length) - 1)]!;
  for (const mode of ['new price', 'new filter', 'new category'] as const) {
    const times = { base: [] as number[], this: [] as number[] };
    dropAll();
    for (let run = 0; run < RUNS; run++) {
      for (const v of variants) {
        if (mode === 'new filter') dropAll();
        const input = { ...v, priceMinCents: v.priceMinCents! + run + 1 };
        // An unknown extra category: a new filter key for both, the same answer (bench/catalog.mjs).
        if (mode === 'new category') input.categoryIds = [...v.categoryIds!, ++extraCategory];
        for (const [name, fn] of [
          ['base', other.queryCatalog],
          ['this', queryCatalog],
        ] as const) {
          const t = performance.now();
          await fn(db, input, ctx);
          times[name].push(performance.now() - t);
        }
      }
    }
    for (const name of ['base', 'this'] as const)
      console.log(
        `${mode.padEnd(10)} ${name}: p50 ${pct(times[name], 0.5).toFixed(1)} ms, p95 ${pct(times[name], 0.95).toFixed(1)} ms (${times[name].length} requests)`,
      );
  }
}
await database.close();
