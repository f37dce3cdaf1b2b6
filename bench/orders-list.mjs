// @ts-check
/**
 * `npm run bench:orders` (or `node bench/orders-list.mjs [--quick] [--engine=pglite|postgres]`):
 * the staff order list at 100 000 orders (issue 15, ADR 023 "Lists at scale"), on PGlite and
 * PostgreSQL. For each engine: the demo shop plus 100 000 bench orders (bench/lib/orders-seed.ts;
 * PGlite in bench/.tmp/orders-data, PostgreSQL database shop_bench_orders on BENCH_PG_SERVER),
 * the built shop signed in as the demo staff member, then the response time of /admin/orders
 * pages one request at a time, as one staff member waits for them (first page, a deep keyset
 * page, search by email, by name, by order number, a combined filter, the total sort) and the
 * CSV export of every order (rows/s). Budgets: list p95 < 100 ms, export ≥ 5 000 rows/s.
 * Results: bench/RESULTS.md (bench:orders).
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePgDatabase } from './lib/bench-catalogue.mjs';
import { buildIfNeeded, freePort, ROOT, run } from './lib/process.mjs';
import { signInCookies, timedRows } from './lib/page-timing.mjs';
import { machineLine, writeSection } from './lib/results.mjs';
import { startShop } from './lib/shop.mjs';

const QUICK = process.argv.includes('--quick');
const REQUESTS = QUICK ? 15 : 40;
const ORDERS = 100_000;
const LIST_BUDGET_MS = 100;
const EXPORT_BUDGET_ROWS_S = 5_000;
const engineArg = process.argv.find((a) => a.startsWith('--engine='))?.split('=')[1];
const ENGINES = /** @type {('pglite' | 'postgres')[]} */ (engineArg ? [engineArg] : ['pglite', 'postgres']);
const DATA_DIR = join(ROOT, 'bench', '.tmp', 'orders-data');
const PG_SERVER = process.env.BENCH_PG_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_DB = 'shop_bench_orders';

/** @param {'pglite' | 'postgres'} engine */
const engineEnv = (engine) =>
  engine === 'pglite'
    ? { DATA_DIR, DATABASE_URL: '' }
    : { DATA_DIR, DATABASE_URL: `${PG_SERVER.replace(/\/[^/]*$/, '')}/${PG_DB}` };

/** @param {'pglite' | 'postgres'} engine */
async function prepare(engine) {
  if (engine === 'postgres') await ensurePgDatabase(PG_DB);
  else mkdirSync(DATA_DIR, { recursive: true });
  // The first start seeds the demo shop into an empty database (migrations included).
  const seeding = await startShop(await freePort(), { ...engineEnv(engine), SEED: 'demo' });
  await seeding.stop();
  console.log(`[${engine}] ${ORDERS} bench orders (only the missing ones are added)...`);
  await run('npx', ['tsx', 'bench/lib/orders-seed.ts', String(ORDERS)], {
    ...process.env,
    ...engineEnv(engine),
    LOG_LEVEL: 'warn',
  });
}

/** @param {string} html */
const nextLink = (html) =>
  /<a href="(\/admin\/orders\?[^"]*after=[^"]*)" rel="next"/.exec(html)?.[1]?.replaceAll('&amp;', '&') ?? null;

/** @param {'pglite' | 'postgres'} engine */
async function measure(engine) {
  await prepare(engine);
  const port = await freePort();
  const shop = await startShop(port, { ...engineEnv(engine), SEED: 'none' });
  const base = `http://127.0.0.1:${port}`;
  try {
    const cookie = await signInCookies(base, 'Bench-Staff-1234', 'staff@example.com');
    const get = async (/** @type {string} */ path) => (await fetch(`${base}${path}`, { headers: { cookie } })).text();
    // A deep page: 40 keyset steps from the start (page 41 of 4 000), the cursor a shopper's link would carry.
    let deep = '/admin/orders';
    for (let i = 0; i < 40; i++) deep = nextLink(await get(deep)) ?? deep;
    /** @type {[string, string][]} */
    const cases = [
      ['first page, newest first', '/admin/orders'],
      ['page 41 (keyset)', deep],
      ['search by email', '/admin/orders?q=customer4242%40bench.example'],
      ['search by name', '/admin/orders?q=Greta+Rossi'],
      ['search by order number prefix', '/admin/orders?q=250315-0'],
      [
        'status + payment + country + dates',
        '/admin/orders?status=Shipped&method=card&country=3&from=2025-01-01&to=2025-06-30',
      ],
      ['sorted by total, highest first', '/admin/orders?sort=total_desc'],
    ];
    let { rows, over } = await timedRows({ engine, base, cookie, requests: REQUESTS, budgetMs: LIST_BUDGET_MS }, cases);
    const started = performance.now();
    const csv = await get('/admin/orders/export.csv');
    const seconds = (performance.now() - started) / 1000;
    const exported = csv.split('\r\n').length - 2;
    const rate = Math.round(exported / seconds);
    const exportOk = exported >= ORDERS && rate >= EXPORT_BUDGET_ROWS_S;
    over ||= !exportOk;
    rows.push(
      `| ${engine} | CSV export of every order (${exported} rows, ${(csv.length / 2 ** 20).toFixed(1)} MiB) | 1 | ${seconds.toFixed(2)} s | ${rate} rows/s | 0 | ${exportOk ? 'within' : 'OVER'} |`,
    );
    console.log(rows.at(-1));
    return { rows, over };
  } finally {
    await shop.stop();
  }
}

await buildIfNeeded();
/** @type {string[]} */
const table = [];
let anyOver = false;
for (const engine of ENGINES) {
  const { rows, over } = await measure(engine);
  table.push(...rows);
  anyOver ||= over;
}
writeSection(
  'orders',
  `## Staff order list at ${ORDERS.toLocaleString('en')} orders (\`npm run bench:orders\`)

The demo shop plus ${ORDERS.toLocaleString('en')} bench orders, production build, signed in as the demo staff member;
response time of \`/admin/orders\` pages one request at a time, ${REQUESTS} each (keyset pages, ADR 023), and one CSV
export of every order. Budgets: list p95 < ${LIST_BUDGET_MS} ms; export ≥ ${EXPORT_BUDGET_ROWS_S.toLocaleString('en')} rows/s.

| engine | page | requests | p50 | p95 | errors | verdict |
|---|---|---|---|---|---|---|
${table.join('\n')}

${machineLine()}`,
);
if (process.argv.includes('--clean')) rmSync(DATA_DIR, { recursive: true, force: true });
process.exitCode = anyOver ? 1 : 0;
