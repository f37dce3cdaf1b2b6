/**
 * `DATABASE_URL=... npx tsx bench/lib/catalog-profile.ts [--sql] [--runs N]`: times queryCatalog
 * directly (no HTTP) for the bench variants, per statement, to see where a request spends its time.
 */
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@/server/db/client';
import { queryCatalog } from '@/server/services/catalog/catalog-query';

const url = process.env.DATABASE_URL;
const database = url
  ? await openDatabase({ engine: 'postgres', url, max: 2 })
  : await openDatabase({
      engine: 'pglite',
      dataDir: resolve(process.env.DATA_DIR ?? 'bench/.tmp/catalog-data', 'pglite'),
    });
const db = database.db;
const showSql = process.argv.includes('--sql');
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 5;
const rates: Record<string, string> = { EUR: '1' };
const cur = (await db.execute(sql`select code, value from currencies`)) as any;
for (const r of cur.rows ?? cur) rates[r.code] = String(r.value);

const timings: string[] = [];
const orig = db.execute.bind(db);
(db as any).execute = async (q: any) => {
  const t = performance.now();
  const out = await orig(q);
  const ms = performance.now() - t;
  if (showSql) {
    const { sql: text, params } = (db as any).dialect.sqlToQuery(q.getSQL ? q.getSQL() : q);
    timings.push(`${ms.toFixed(1)} ms: ${text.replace(/\s+/g, ' ').slice(0, 4000)} -- ${JSON.stringify(params)}`);
  } else timings.push(`${ms.toFixed(1)}`);
  return out;
};

const VARIANTS = [
  { search: 'tent', categoryIds: [1], priceMinCents: 5000, priceMaxCents: 50000, sort: 'asc' as const, page: 1 },
  { search: 'jacket', categoryIds: [4], priceMinCents: 2000, priceMaxCents: 30000, sort: 'desc' as const, page: 1 },
  { search: 'keybaord', categoryIds: [6], priceMinCents: 1000, priceMaxCents: 100000, sort: 'asc' as const, page: 1 },
  {
    search: 'nordvik trail',
    categoryIds: [2],
    priceMinCents: 2000,
    priceMaxCents: 40000,
    sort: 'desc' as const,
    page: 1,
  },
  {
    search: 'headlamp',
    categoryIds: [1],
    priceMinCents: 1000,
    priceMaxCents: 20000,
    sort: 'asc' as const,
    page: 2,
    currency: 'USD',
  },
  ...(process.argv.includes('--extra')
    ? [
        { search: 'tent', page: 1 },
        { categoryIds: [1], page: 3 },
        { search: 'tent', categoryIds: [1], attrs: [1, 2], page: 1 },
      ]
    : []),
];
for (const v of VARIANTS) {
  const { currency, ...input } = v as typeof v & { currency?: string };
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < runs; i++) {
    timings.length = 0;
    const t = performance.now();
    const r = await queryCatalog(
      db,
      { perPage: 15, ...input },
      { language: { id: 1, isDefault: true }, currency: { code: currency ?? 'EUR', value: rates[currency ?? 'EUR']! } },
    );
    times.push(performance.now() - t);
    total = r.pagination.total;
    if (i === runs - 1)
      console.log(
        `${JSON.stringify(v)} total=${total} facets=${r.facets.length}\n  statements: ${timings.join('\n  ')}`,
      );
  }

  console.log(`  runs ${times.map((t) => t.toFixed(1)).join(', ')} ms`);
}
await database.close();
