/**
 * `DATABASE_URL=... npx tsx bench/lib/catalog-hotpath.ts`: CPU per cached catalogue request, split
 * into queryCatalog and the whole API handler (createApi().request), without HTTP or compression.
 */
import { resolve } from 'node:path';
import { openDatabase } from '@/server/db/client';
import { createApi } from '@/server/api/app';
import { useDatabase } from '@/server/runtime';
import { queryCatalog } from '@/server/services/catalog/catalog-query';

const url = process.env.DATABASE_URL;
const database = url
  ? await openDatabase({ engine: 'postgres', url, max: 2 })
  : await openDatabase({
      engine: 'pglite',
      dataDir: resolve(process.env.DATA_DIR ?? 'bench/.tmp/catalog-data', 'pglite'),
    });
useDatabase(database);
const api = createApi();
const path = '/api/products/catalog?search=keybaord&category_id=6&price_min=10&price_max=1000&sort=asc&page=1';
const N = 300;
for (let i = 0; i < 20; i++) await (await api.request(path)).text();
let t = performance.now();
let bytes = 0;
for (let i = 0; i < N; i++) bytes = (await (await api.request(path)).text()).length;
console.log(`api.request: ${((performance.now() - t) / N).toFixed(2)} ms per request, ${bytes} bytes`);
t = performance.now();
const input = {
  search: 'keybaord',
  categoryIds: [6],
  priceMinCents: 1000,
  priceMaxCents: 100000,
  sort: 'asc' as const,
  page: 1,
  perPage: 15,
};
for (let i = 0; i < N; i++)
  await queryCatalog(database.db, input, {
    language: { id: 1, isDefault: true },
    currency: { code: 'EUR', value: '1' },
  });
console.log(`queryCatalog: ${((performance.now() - t) / N).toFixed(2)} ms per call`);
await database.close();
