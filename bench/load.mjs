// @ts-check
/**
 * `npm run bench:load` (`-- --quick`: 10 s with 10 connections; `-- --engine=pglite|postgres|postgres-2`):
 * the shopping mix of bench/lib/load-mix.mjs (list and product pages, search, sign in, add to
 * cart, totals, checkout by phone; every shopper with its own session and CSRF cookie) against
 * the built shop on loopback, 50 connections for 60 s, on
 *   - pglite: a fresh demo shop in a temp DATA_DIR;
 *   - postgres: a fresh demo shop in database shop_load on BENCH_PG_SERVER (default the local
 *     server, postgres://postgres@127.0.0.1:5432/postgres);
 *   - postgres-2: the same with two shop instances on one database, shoppers split between them.
 * Verdict per engine: no 5xx, no answer outside the expected ones (409/422 of a sold-out scarce
 * product; 429 would be listed), no timeout, and afterwards stock and orders consistent (units
 * sold = stock decrease per product, every OK checkout an order, no order without items or
 * payment). Throughput and p50/p95/p99 per request kind go to bench/RESULTS.md (section load);
 * exits 1 when a verdict fails. See docs/decisions/017-load-faults-shutdown.md.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  consistencyProblems,
  discoverProductPaths,
  LOAD_SHOP_ENV,
  percentile,
  runLoad,
  unexpectedAnswers,
} from './lib/load-mix.mjs';
import { ROOT, buildIfNeeded, freePort } from './lib/process.mjs';
import { machineLine, writeSection } from './lib/results.mjs';
import { startShop } from './lib/shop.mjs';

const QUICK = process.argv.includes('--quick');
const DURATION_S = QUICK ? 10 : 60;
const CONNECTIONS = QUICK ? 10 : 50;
const PG_SERVER = process.env.BENCH_PG_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_DB = 'shop_load';
const engineArg = process.argv.find((a) => a.startsWith('--engine='))?.split('=')[1];
const ENGINES = /** @type {('pglite' | 'postgres' | 'postgres-2')[]} */ (
  engineArg ? [engineArg] : ['pglite', 'postgres', 'postgres-2']
);

/**
 * Runs bench/lib/load-data-cli.ts on the given database and parses its JSON answer.
 * @param {NodeJS.ProcessEnv} env @param {string[]} args
 */
function dataCli(env, args) {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', 'bench/lib/load-data-cli.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`load-data-cli ${args[0]} exited with ${code}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').at(-1) ?? ''));
      } catch (error) {
        reject(error);
      }
    });
  });
}

async function freshPgDatabase() {
  const client = new pg.Client({ connectionString: PG_SERVER });
  await client.connect();
  try {
    await client.query(`drop database if exists ${PG_DB} with (force)`);
    await client.query(`create database ${PG_DB}`);
  } finally {
    await client.end();
  }
  return `${PG_SERVER.replace(/\/[^/]*$/, '')}/${PG_DB}`;
}

const ms = (/** @type {number} */ v) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : '—');

/** @param {'pglite' | 'postgres' | 'postgres-2'} engine */
async function measure(engine) {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-load-'));
  const env =
    engine === 'pglite'
      ? { DATA_DIR: dataDir, DATABASE_URL: '' }
      : { DATA_DIR: dataDir, DATABASE_URL: await freshPgDatabase() };
  try {
    console.log(`[${engine}] seeding the demo shop and ${CONNECTIONS * 4} verified shoppers...`);
    const data = /** @type {import('./lib/load-data').LoadData} */ (
      await dataCli(env, ['prepare', String(CONNECTIONS * 4)])
    );
    const ids = [...data.products, ...data.scarce];
    const instances = engine === 'postgres-2' ? 2 : 1;
    /** @type {string[]} */
    const bases = [];
    const shops = [];
    /** @type {Awaited<ReturnType<typeof runLoad>>} */
    let result;
    /** @type {string[]} */
    let warmProblems = [];
    // Taken with no shop running (PGlite belongs to one process); the warm-up's orders count too.
    const before = /** @type {import('./lib/load-data').LoadSnapshot} */ (
      await dataCli(env, ['snapshot', ids.join(',')])
    );
    /** @type {string[]} */
    let warmOrders = [];
    try {
      for (let i = 0; i < instances; i++) {
        const port = await freePort();
        const base = `http://127.0.0.1:${port}`;
        // One loopback address for every shopper: the per-address sign-in limit would measure itself.
        shops.push(await startShop(port, { ...env, SEED: 'none', PUBLIC_URL: base, ...LOAD_SHOP_ENV }));
        bases.push(base);
      }
      const productPaths = await discoverProductPaths(bases[0] ?? '');
      // Warm-up (JIT, caches, the pool's connections), not measured but checked.
      const warm = await runLoad({ bases, connections: CONNECTIONS, durationMs: 3_000, ...data, productPaths });
      warmOrders = warm.okOrderNrs;
      warmProblems = unexpectedAnswers(warm.kinds).map((p) => `warm-up: ${p}`);
      console.log(`[${engine}] ${CONNECTIONS} shoppers for ${DURATION_S} s on ${instances} instance(s)...`);
      result = await runLoad({ bases, connections: CONNECTIONS, durationMs: DURATION_S * 1000, ...data, productPaths });
    } finally {
      for (const shop of shops) await shop.stop();
    }
    const after = /** @type {import('./lib/load-data').LoadSnapshot} */ (
      await dataCli(env, ['snapshot', ids.join(','), String(before.maxOrderId)])
    );
    const problems = [
      ...warmProblems,
      ...unexpectedAnswers(result.kinds),
      ...consistencyProblems(before, after, [...warmOrders, ...result.okOrderNrs], ids),
    ];
    return { engine, instances, result, after, problems };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  await buildIfNeeded();
  /** @type {Awaited<ReturnType<typeof measure>>[]} */
  const runs = [];
  for (const engine of ENGINES) {
    const run = await measure(engine);
    runs.push(run);
    const r = run.result;
    console.log(
      `[${engine}] ${r.requests} requests (${(r.requests / r.seconds).toFixed(0)}/s), ${r.okOrderNrs.length} orders; ${run.problems.length === 0 ? 'OK' : `PROBLEMS:\n  ${run.problems.join('\n  ')}`}`,
    );
  }
  const summary = runs.map((run) => {
    const r = run.result;
    const all = Object.values(r.kinds)
      .flatMap((k) => k.latencies)
      .sort((a, b) => a - b);
    const statuses = /** @type {Record<string, number>} */ ({});
    for (const k of Object.values(r.kinds))
      for (const [s, n] of Object.entries(k.statuses)) statuses[s] = (statuses[s] ?? 0) + n;
    const fivexx = Object.entries(statuses)
      .filter(([s]) => Number(s) >= 500)
      .reduce((sum, [, n]) => sum + n, 0);
    const fourxx =
      Object.entries(statuses)
        .filter(([s]) => Number(s) >= 400 && Number(s) < 500)
        .map(([s, n]) => `${n} × ${s}`)
        .join(', ') || 'none';
    return `| ${run.engine} | ${run.instances} | ${r.requests} | ${(r.requests / r.seconds).toFixed(0)} | ${r.okOrderNrs.length} (${(r.okOrderNrs.length / r.seconds).toFixed(1)}/s) | ${ms(percentile(all, 50))} | ${ms(percentile(all, 95))} | ${ms(percentile(all, 99))} | ${fivexx} | ${fourxx} | ${run.problems.length === 0 ? 'consistent, OK' : `**FAILED**: ${run.problems.join('; ')}`} |`;
  });
  const perKind = runs.flatMap((run) =>
    Object.entries(run.result.kinds).map(([kind, s]) => {
      const statuses = Object.entries(s.statuses)
        .map(([code, n]) => `${n} × ${code}`)
        .join(', ');
      return `| ${run.engine} | ${kind} | ${s.latencies.length} | ${(s.latencies.length / run.result.seconds).toFixed(1)} | ${ms(percentile(s.latencies, 50))} | ${ms(percentile(s.latencies, 95))} | ${ms(percentile(s.latencies, 99))} | ${statuses}${s.timeouts ? `, ${s.timeouts} timeouts` : ''}${s.errors ? `, ${s.errors} errors` : ''} |`;
    }),
  );
  writeSection(
    'load',
    `## Shopping mix under load (\`npm run bench:load\`${QUICK ? ' -- --quick' : ''})

${machineLine()}

${CONNECTIONS} virtual shoppers (one keep-alive connection and cookie jar each) for ${DURATION_S} s after a 3 s
warm-up, on loopback against the production build (\`scripts/start.mjs\`) of a fresh demo shop.
A visit: list page, product page, search (\`/api/products/catalog?search=\`), another product page,
sign in (\`/sanctum/csrf-cookie\` + \`/api/login\`, counted together), add to cart (one visit in ten
also one of two scarce products with 25 units each), calculate totals, check out by phone with the total seen
and an Idempotency-Key; a refused checkout clears the cart. Every visit signs in as the
shopper's next verified customer. \`RATE_LIMIT_MULTIPLIER=1000\`: all shoppers come from
127.0.0.1; \`UNPAID_ORDERS_PER_CUSTOMER=1000\`: nobody pays the phone orders. The load generator runs on the same ${availableParallelism()}-core machine as the shop(s) and the database.
Verdict: no 5xx, no unexpected status, no timeout; afterwards units sold = stock decrease for every
product, every OK checkout is an order (and no other order appeared), no order without items or payment.

| engine | instances | requests | req/s | orders | p50 | p95 | p99 | 5xx | 4xx | verdict |
|---|---|---|---|---|---|---|---|---|---|---|
${summary.join('\n')}

The verdict is about correctness; there is no latency budget for this mix. Timings depend much on
other work on the machine (see the load average above; on this shared machine it is often several
times the core count). PGlite runs every query of the process on one single-threaded database, so
its latencies grow with the number of shoppers waiting behind each other; PostgreSQL works on
several connections at once. With two instances on two cores, each gets about one core.

Per request kind:

| engine | kind | requests | req/s | p50 | p95 | p99 | statuses |
|---|---|---|---|---|---|---|---|
${perKind.join('\n')}
`,
  );
  if (runs.some((run) => run.problems.length > 0)) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
