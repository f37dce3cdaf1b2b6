// @ts-check
/**
 * `npm run bench:catalog-lag [-- --seconds=20 --synthetic=1000000]`: the event loop's lag while the
 * catalogue index rebuilds (issue 33, ADR 038), on the bench catalogue in PostgreSQL (BENCH_PG_DB,
 * else shop_bench; BENCH_PRODUCTS picks its size as in bench:catalog, seed it with bench:catalog
 * first) and, for the CPU half, a synthetic catalogue of --synthetic products without a database
 * (see bench/lib/catalog-lag.ts). Budget: lag p99 < 50 ms. Writes bench/RESULTS.md (section
 * bench:catalog-lag).
 */
import { spawn } from 'node:child_process';
import { ROOT } from './lib/process.mjs';
import { engineEnv } from './lib/bench-catalogue.mjs';
import { machineLine, writeSection } from './lib/results.mjs';

const passed = process.argv.slice(2).filter((a) => a.startsWith('--'));
const env = { ...process.env, ...engineEnv('postgres'), LOG_LEVEL: 'warn' };
if (process.env.BENCH_LAG_URL) env.DATABASE_URL = process.env.BENCH_LAG_URL;

/** @returns {Promise<string>} the script's output */
function measure() {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', 'bench/lib/catalog-lag.ts', ...passed], { cwd: ROOT, env });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => process.stderr.write(d));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`catalog-lag exited ${code}`))));
  });
}

const line = (await measure()).split('\n').find((l) => l.startsWith('{'));
if (!line) throw new Error('no result line');
const r = JSON.parse(line);
const verdict = (/** @type {number} */ p99) => (p99 < 50 ? 'within 50 ms' : 'OVER 50 ms');
const rows = [
  '| measurement | products | work | event-loop lag p99 | lag max | verdict |',
  '| --- | --- | --- | --- | --- | --- |',
  `| ${r.engine}: control, 4 shoppers, no rebuild | ${r.control.products} | ${r.control.requests} catalogue requests, p50 ${r.control.requestP50} ms, p95 ${r.control.requestP95} ms | ${r.control.lagP99} ms | ${r.control.lagMax} ms | ${verdict(r.control.lagP99)} |`,
  `| ${r.engine}: full rebuilds back to back, 4 shoppers beside them | ${r.real.products} | ${r.real.rebuilds} rebuilds, median ${r.real.rebuildMedianMs} ms; ${r.real.requests} catalogue requests, p50 ${r.real.requestP50} ms, p95 ${r.real.requestP95} ms | ${r.real.lagP99} ms | ${r.real.lagMax} ms | ${verdict(r.real.lagP99)} |`,
];
if (r.synthetic) {
  const s = r.synthetic;
  rows.push(
    `| synthetic, worker (this branch): slices posted, assembled in the worker | ${s.products} | ${s.worker.ms} ms | ${s.worker.lagP99} ms | ${s.worker.lagMax} ms | ${verdict(s.worker.lagP99)} |`,
    `| synthetic, worker: one product patched into the index | ${s.products} | ${s.patch.ms} ms | ${s.patch.lagP99} ms | ${s.patch.lagMax} ms | ${verdict(s.patch.lagP99)} |`,
    `| synthetic, main thread (before issue 33): parse + assemble | ${s.products} | ${s.old.ms} ms | blocked | ${s.old.lagMax} ms | ${verdict(s.old.lagMax)} |`,
  );
}
writeSection(
  'catalog-lag',
  `## Event-loop lag while the catalogue index rebuilds (\`npm run bench:catalog-lag\`)

In one process: the catalogue index rebuilt back to back (full builds, the old index answering
meanwhile) while 4 shoppers call queryCatalog one request after another each with the bench:catalog
variants and a new unknown category id every time (no result cache answers); lag from perf_hooks'
event-loop delay histogram. Synthetic rows: the CPU half without a database (slices of a generated
catalogue as JSON text), lag sampled by a 1 ms timer. Budget (issue 33): p99 < 50 ms at 1 000 000
products on PostgreSQL.

${rows.join('\n')}

${machineLine()}`,
);
console.log(rows.join('\n'));
