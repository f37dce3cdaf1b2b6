/**
 * `npx tsx bench/lib/catalog-lag.ts [--seconds=20] [--synthetic=1000000] [--old]` with DATABASE_URL
 * (PostgreSQL) or DATA_DIR (PGlite): the event loop's lag while the catalogue index rebuilds
 * (issue 33). In this process, for `--seconds`: the index is rebuilt over and over (full
 * rebuilds as its age limit starts them, the old index answering meanwhile) while 4 shoppers ask queryCatalog the
 * bench:catalog variants and new filters (a new unknown category id each time: no result cache
 * answers), one request after another each; perf_hooks' event-loop delay histogram (10 ms
 * resolution) gives the lag. Then, without a database, the CPU half at `--synthetic` products:
 * slices of a synthetic catalogue posted to the worker while a timer measures the lag, against
 * `assemble` on the main thread (the behaviour before issue 33), and a one-product patch.
 * Prints one JSON line (bench/catalog-lag.mjs writes bench/RESULTS.md from it).
 */
import { resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openDatabase } from '@/server/db/client';
import { invalidateCatalogResults } from '@/server/services/catalog/catalog-cache';
import { assemble, catalogIndexReady, refreshCatalogIndex } from '@/server/services/catalog/catalog-index';
import { type CatalogInput, queryCatalog } from '@/server/services/catalog/catalog-query';
import { IndexAssembly, patchIndex } from '@/server/services/catalog/index-worker';

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const SECONDS = arg('seconds', 20);
const SYNTHETIC = arg('synthetic', 1_000_000);

const url = process.env.DATABASE_URL;
const database = url
  ? await openDatabase({ engine: 'postgres', url, max: 4 })
  : await openDatabase({
      engine: 'pglite',
      dataDir: resolve(process.env.DATA_DIR ?? 'bench/.tmp/catalog-data', 'pglite'),
    });
const db = database.db;
const ctx = { language: { id: 1, isDefault: true }, currency: { code: 'EUR', value: '1' } };

const VARIANTS: Partial<CatalogInput>[] = [
  { search: 'tent', categoryIds: [1], priceMinCents: 5000, priceMaxCents: 50000, sort: 'asc' },
  { search: 'jacket', categoryIds: [4], priceMinCents: 2000, priceMaxCents: 30000, sort: 'desc' },
  { search: 'keybaord', categoryIds: [6], priceMinCents: 1000, priceMaxCents: 100000, sort: 'asc' },
  { search: 'nordvik trail', categoryIds: [2], priceMinCents: 2000, priceMaxCents: 40000, sort: 'desc' },
  { categoryIds: [1], attrs: [1, 2, 12] },
];

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const ms = (ns: number) => Math.round(ns / 1e4) / 100;

/**
 * Rebuilds and shoppers side by side for SECONDS; lag of the event loop meanwhile. Without
 * rebuilds: the control, the lag the shoppers and the machine's load cause by themselves.
 */
async function underRebuilds(withRebuilds: boolean) {
  const first = performance.now();
  const index = await catalogIndexReady(db);
  const firstBuildMs = performance.now() - first;
  const products = index?.ids.length ?? 0;
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  const until = Date.now() + SECONDS * 1000;
  const latencies: number[] = [];
  const builds: number[] = [];
  let extra = 900_000_000;
  histogram.enable();
  const rebuilds = (async () => {
    while (withRebuilds && Date.now() < until) {
      const t = performance.now();
      await refreshCatalogIndex(db);
      builds.push(performance.now() - t);
    }
  })();
  const shopper = async (n: number) => {
    for (let i = n; Date.now() < until; i++) {
      const variant = VARIANTS[i % VARIANTS.length]!;
      const input = { page: 1, perPage: 15, ...variant, categoryIds: [...(variant.categoryIds ?? [1]), extra++] };
      const t = performance.now();
      await queryCatalog(db, input, ctx);
      latencies.push(performance.now() - t);
      // Requests arrive as I/O events: a shopper whose answers come from caches (resolved
      // promises only) would otherwise never let timers run, and the histogram would measure the bench.
      await new Promise((r) => setImmediate(r));
    }
  };
  await Promise.all([rebuilds, ...[0, 1, 2, 3].map(shopper)]);
  histogram.disable();
  latencies.sort((a, b) => a - b);
  builds.sort((a, b) => a - b);
  return {
    products,
    firstBuildMs: Math.round(firstBuildMs),
    rebuilds: builds.length,
    rebuildMedianMs: Math.round(pct(builds, 50)),
    requests: latencies.length,
    requestP50: Math.round(pct(latencies, 50) * 10) / 10,
    requestP95: Math.round(pct(latencies, 95) * 10) / 10,
    lagP50: ms(histogram.percentile(50)),
    lagP99: ms(histogram.percentile(99)),
    lagMax: ms(histogram.max),
  };
}

/** A synthetic catalogue's slices as the database returns them (JSON text of flat rows). */
function syntheticSlices(n: number): string[] {
  let seed = 42;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const slices: string[] = [];
  for (let start = 1; start <= n; start += 5_000) {
    const flat: number[] = [];
    for (let id = start; id < Math.min(n + 1, start + 5_000); id++) {
      const c = [1 + Math.floor(rand() * 60), 61 + Math.floor(rand() * 60)];
      const a = [...new Set(Array.from({ length: 6 }, () => 1 + Math.floor(rand() * 200)))].sort((x, y) => x - y);
      flat.push(id, Math.floor(rand() * 100_000), rand() < 0.1 ? 1 : 0, 2, ...c, a.length, ...a);
    }
    slices.push(JSON.stringify(flat));
  }
  return slices;
}

/** The lag while `work` runs, sampled by a 1 ms timer (the histogram's own resolution is 10 ms). */
async function lagDuring(work: () => Promise<unknown>) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  let worst = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - 1);
    last = now;
  }, 1);
  histogram.enable();
  const t = performance.now();
  await work();
  const took = performance.now() - t;
  // One more tick, so a block at the very end is seen too.
  await new Promise((r) => setTimeout(r, 5));
  clearInterval(timer);
  histogram.disable();
  return {
    ms: Math.round(took),
    lagP99: ms(histogram.percentile(99)),
    lagMax: Math.round(Math.max(worst, ms(histogram.max))),
  };
}

async function synthetic() {
  const slices = syntheticSlices(SYNTHETIC);
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  let index = null as Awaited<ReturnType<IndexAssembly['finish']>> | null;
  const worker = await lagDuring(async () => {
    const assembly = new IndexAssembly();
    for (const slice of slices) {
      assembly.add(slice);
      // The slices arrive from the database one at a time, with the loop free in between.
      await new Promise((r) => setImmediate(r));
    }
    index = await assembly.finish(Date.now());
  });
  gc?.();
  const patch = await lagDuring(() => patchIndex(index!, new Set([500]), JSON.stringify([500, 1, 0, 1, 3, 1, 7])));
  gc?.();
  // Last: its garbage (the parsed slices) would otherwise be collected during the others.
  const old = await lagDuring(async () => assemble(slices.map((s) => JSON.parse(s) as number[])));
  return { products: SYNTHETIC, old, worker, patch };
}

try {
  const control = await underRebuilds(false);
  invalidateCatalogResults(db, { keepIndex: true });
  const real = await underRebuilds(true);
  invalidateCatalogResults(db);
  const synth = SYNTHETIC > 0 ? await synthetic() : null;
  console.log(JSON.stringify({ engine: url ? 'postgres' : 'pglite', control, real, synthetic: synth }));
} finally {
  await database.close();
}
process.exit(0);
