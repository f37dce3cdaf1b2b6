/**
 * `DATABASE_URL=... npx tsx bench/lib/catalog-cold.ts [--explain] [--runs=N]` (PGlite in DATA_DIR
 * without DATABASE_URL): the cost of a catalogue filter nobody asked for yet, one request at a time
 * (no HTTP, no concurrency): queryCatalog with the result caches dropped before every call, over
 * the bench variants of bench/catalog.mjs plus facet, flag and broad-search filters. --explain
 * prints EXPLAIN ANALYZE of every statement of the last run of each variant (issue 18, ADR 005).
 * The catalogue index (no result cache) is built first and kept; --sql: without it (the SQL path).
 */
import { resolve } from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { openDatabase } from '@/server/db/client';
import type { Db } from '@/server/db/client';
import { invalidateCatalogResults } from '@/server/services/catalog/catalog-cache';
import { type CatalogInput, queryCatalog } from '@/server/services/catalog/catalog-query';
import { catalogIndexReady, useCatalogIndex } from '@/server/services/catalog/catalog-index';

const EXPLAIN = process.argv.includes('--explain');
const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 15);
const only = process.argv.find((a) => a.startsWith('--only='))?.split('=')[1];

const url = process.env.DATABASE_URL;
const database = url
  ? await openDatabase({ engine: 'postgres', url, max: 2 })
  : await openDatabase({
      engine: 'pglite',
      dataDir: resolve(process.env.DATA_DIR ?? 'bench/.tmp/catalog-data', 'pglite'),
    });
const db = database.db;

const p = (input: Partial<CatalogInput>): CatalogInput => ({ page: 1, perPage: 15, ...input });
const VARIANTS: [string, CatalogInput][] = [
  ['tent outdoor asc', p({ search: 'tent', categoryIds: [1], priceMinCents: 5000, priceMaxCents: 50000, sort: 'asc' })],
  [
    'jacket apparel desc',
    p({ search: 'jacket', categoryIds: [4], priceMinCents: 2000, priceMaxCents: 30000, sort: 'desc' }),
  ],
  [
    'keybaord computers',
    p({ search: 'keybaord', categoryIds: [6], priceMinCents: 1000, priceMaxCents: 100000, sort: 'asc' }),
  ],
  [
    'nordvik trail sports',
    p({ search: 'nordvik trail', categoryIds: [2], priceMinCents: 2000, priceMaxCents: 40000, sort: 'desc' }),
  ],
  [
    'headlamp p2',
    p({ search: 'headlamp', categoryIds: [1], priceMinCents: 1000, priceMaxCents: 20000, sort: 'asc', page: 2 }),
  ],
  ['plain list', p({ priceMinCents: 1000 })],
  ['category only', p({ categoryIds: [1], priceMinCents: 1000 })],
  ['new + sale', p({ isNew: true, sale: true, priceMinCents: 1000 })],
  ['attrs 2 groups', p({ attrs: [1, 2, 12], priceMinCents: 1000 })],
  ['broad rank "pro"', p({ search: 'pro', priceMinCents: 1000 })],
  ['broad rank "the"', p({ search: 'the' })],
  ['rank "tent"', p({ search: 'tent' })],
];

/** Statements run by queryCatalog on the last call, for --explain. */
let captured: SQL[] = [];
const capturing = new Proxy(db, {
  get(target, key, receiver) {
    if (key === 'execute')
      return (query: SQL) => {
        captured.push(query);
        return target.execute(query);
      };
    return Reflect.get(target, key, receiver) as unknown;
  },
}) as Db;

const ctx = { language: { id: 1, isDefault: true }, currency: { code: 'EUR', value: '1' } };
await queryCatalog(capturing, p({ search: 'warm up' }), ctx); // vocabulary, meta
if (process.argv.includes('--sql')) useCatalogIndex(false);
else await catalogIndexReady(capturing);
const rows: string[] = [];
for (const [name, input] of VARIANTS) {
  if (only && !name.includes(only)) continue;
  const times: number[] = [];
  let total = 0;
  for (let run = 0; run < RUNS; run++) {
    invalidateCatalogResults(capturing, { keepIndex: true }); // the caches are per Db object: the proxy's
    captured = [];
    const started = performance.now();
    // A new price bound each run, so no cache of the summary's keys could answer it either.
    const result = await queryCatalog(capturing, { ...input, priceMinCents: (input.priceMinCents ?? 0) + run }, ctx);
    times.push(performance.now() - started);
    total = result.pagination.total;
  }
  times.sort((a, b) => a - b);
  const pct = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!.toFixed(1);
  rows.push(
    `${name.padEnd(22)} total ${String(total).padStart(6)}  p50 ${pct(0.5).padStart(7)} ms  p95 ${pct(0.95).padStart(7)} ms`,
  );
  console.log(rows.at(-1));
  if (EXPLAIN) {
    for (const statement of captured) {
      const plan = (await db.execute(sql`explain (analyze, buffers, costs off) ${statement}`)) as unknown;
      const lines = (Array.isArray(plan) ? plan : (plan as { rows: Record<string, string>[] }).rows) as Record<
        string,
        string
      >[];
      console.log(lines.map((l) => Object.values(l)[0]).join('\n'));
    }
  }
}
await database.close();
