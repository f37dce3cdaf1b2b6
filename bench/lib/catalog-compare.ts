/**
 * `BASE=/path/to/other/checkout DATABASE_URL=... npx tsx bench/lib/catalog-compare.ts`: answers of
 * this checkout's queryCatalog and another checkout's (e.g. main) for many filters on the bench
 * catalogue must be equal (the catalogue's rewrites must not change results; issue 18).
 */
import { resolve } from 'node:path';
import { openDatabase } from '@/server/db/client';
import { invalidateCatalogResults } from '@/server/services/catalog/catalog-cache';
import { type CatalogInput, queryCatalog } from '@/server/services/catalog/catalog-query';

const base = process.env.BASE!;
const other = (await import(resolve(base, 'src/server/services/catalog/catalog-query.ts'))) as { queryCatalog: typeof queryCatalog };
const otherCache = (await import(resolve(base, 'src/server/services/catalog/catalog-cache.ts'))) as { invalidateCatalogResults: typeof invalidateCatalogResults };
const url = process.env.DATABASE_URL;
const database = url
  ? await openDatabase({ engine: 'postgres', url, max: 2 })
  : await openDatabase({ engine: 'pglite', dataDir: resolve(process.env.DATA_DIR ?? 'bench/.tmp/catalog-data', 'pglite') });
const ctx = { language: { id: 1, isDefault: true }, rate: '1' };
const inputs: CatalogInput[] = [];
for (const search of [undefined, 'tent', 'keybaord', 'nordvik trail', 'pro'])
  for (const categoryIds of [undefined, [1], [4, 6]])
    for (const attrs of [undefined, [1], [1, 2, 12], [3, 20, 21]])
      for (const sort of [undefined, 'asc', 'desc'] as const)
        inputs.push({ search, categoryIds, attrs, sort, priceMinCents: 2_000, priceMaxCents: 30_000, page: 3, perPage: 15, isNew: attrs?.length === 1, sale: sort === 'desc' && !search });
let bad = 0;
for (const input of inputs) {
  invalidateCatalogResults(database.db);
  otherCache.invalidateCatalogResults(database.db);
  const [a, b] = [await queryCatalog(database.db, input, ctx), await other.queryCatalog(database.db, input, ctx)];
  if (JSON.stringify(a) !== JSON.stringify(b)) {
    bad++;
    console.log('DIFFERENT', JSON.stringify(input), a.pagination, b.pagination);
  }
}
console.log(`${inputs.length - bad}/${inputs.length} filters answer the same`);
await database.close();
