/**
 * `npx tsx bench/lib/search-new-text.ts [--runs=1]` with DATABASE_URL (PostgreSQL) or DATA_DIR
 * (PGlite): what a search text nobody asked for yet costs (issue 33, "search as fast as the
 * filters"), one request at a time, in this process: queryCatalog with the result caches dropped
 * before each text (the catalogue index built first and kept, the vocabulary loaded first), over
 * single words, typos, two-word and compound texts, ordered by relevance (no sort) as a search is
 * by default. Prints p50/p95/max and each text's time as one JSON line. The baseline for the
 * search work left open on branch s33.
 */
import { resolve } from 'node:path';
import { openDatabase } from '@/server/db/client';
import { invalidateCatalogResults } from '@/server/services/catalog/catalog-cache';
import { catalogIndexReady } from '@/server/services/catalog/catalog-index';
import { queryCatalog } from '@/server/services/catalog/catalog-query';
import { loadVocabulary } from '@/server/services/catalog/search';

const TEXTS = [
  'cable',
  'ski',
  'helmet',
  'tent',
  'jacket',
  'headlamp',
  'keybaord',
  'helmte',
  'backpack',
  'stove',
  'nordvik trail',
  'light jacket',
  'mouse',
  'bottle',
  'glove',
  'sleeping bag',
  'trail runner',
  'pro',
  'lantern',
  'boots',
];
const url = process.env.DATABASE_URL;
const database = url
  ? await openDatabase({ engine: 'postgres', url, max: 2 })
  : await openDatabase({
      engine: 'pglite',
      dataDir: resolve(process.env.DATA_DIR ?? 'bench/.tmp/catalog-data', 'pglite'),
    });
const db = database.db;
const ctx = { language: { id: 1, isDefault: true }, currency: { code: 'EUR', value: '1' } };
try {
  await catalogIndexReady(db);
  await loadVocabulary(db, 1);
  // --runs=N: the whole set N times; each text's median (a busy machine's noise)
  const runs = Math.max(1, Number(/^--runs=(\d+)$/.exec(process.argv[2] ?? '')?.[1] ?? 1));
  const samples: Record<string, number[]> = {};
  for (let run = 0; run < runs; run++) {
    for (const text of TEXTS) {
      invalidateCatalogResults(db, { keepIndex: true });
      await loadVocabulary(db, 1);
      const t = performance.now();
      await queryCatalog(db, { page: 1, perPage: 15, search: text }, ctx);
      (samples[text] ??= []).push(performance.now() - t);
    }
  }
  const times: Record<string, number> = {};
  for (const [text, list] of Object.entries(samples)) {
    list.sort((a, b) => a - b);
    times[text] = Math.round(list[(list.length - 1) >> 1]! * 10) / 10;
  }
  const sorted = Object.values(times).sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  const index = await catalogIndexReady(db);
  console.log(
    JSON.stringify({
      engine: url ? 'postgres' : 'pglite',
      products: index?.ids.length,
      p50: at(50),
      p95: at(95),
      max: sorted.at(-1),
      times,
    }),
  );
} finally {
  await database.close();
}
process.exit(0);
