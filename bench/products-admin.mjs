// @ts-check
/**
 * `npm run bench:products-admin` (or `node bench/products-admin.mjs [--quick] [--engine=pglite|postgres]`):
 * the staff product list at 100 000 products (issue 16, ADR 026), on PGlite and PostgreSQL: the
 * 100 000-product bench catalogue (bench/lib/bench-catalogue.mjs), the built shop signed in as the
 * demo staff member, then the response time of /admin/products pages one request at a time (first
 * page, a deep keyset page, search by SKU prefix and by name, each filter, a sort) and of one
 * product's editor page. Budget: p95 < 100 ms per page. Results: bench/RESULTS.md (products-admin).
 */
import { engineEnv, prepare, PRODUCTS, startEngineShop } from './lib/bench-catalogue.mjs';
import { buildIfNeeded, freePort, run } from './lib/process.mjs';
import { signInCookies, timedRows } from './lib/page-timing.mjs';
import { machineLine, writeSection } from './lib/results.mjs';

const QUICK = process.argv.includes('--quick');
const REQUESTS = QUICK ? 15 : 40;
const BUDGET_MS = 100;
const engineArg = process.argv.find((a) => a.startsWith('--engine='))?.split('=')[1];
const ENGINES = /** @type {('pglite' | 'postgres')[]} */ (engineArg ? [engineArg] : ['pglite', 'postgres']);

/** @param {string} html */
const nextLink = (html) =>
  /<a href="(\/admin\/products\?[^"]*after=[^"]*)" rel="next"/.exec(html)?.[1]?.replaceAll('&amp;', '&') ?? null;
/** @param {string} html */
const firstProduct = (html) => /<a href="(\/admin\/products\/\d+)">/.exec(html)?.[1] ?? null;

/** @param {'pglite' | 'postgres'} engine */
async function measure(engine) {
  await prepare(engine);
  await run('npx', ['tsx', 'bench/lib/bench-staff.ts'], { ...process.env, ...engineEnv(engine), LOG_LEVEL: 'warn' });
  const port = await freePort();
  const shop = await startEngineShop(engine, port);
  const base = `http://127.0.0.1:${port}`;
  try {
    const cookie = await signInCookies(base, 'Bench-Staff-1234', 'staff@example.com');
    const get = async (/** @type {string} */ path) => (await fetch(`${base}${path}`, { headers: { cookie } })).text();
    let deep = '/admin/products';
    for (let i = 0; i < 40; i++) deep = nextLink(await get(deep)) ?? deep;
    const editor = firstProduct(await get('/admin/products?q=BENCH-0042')) ?? '/admin/products/1';
    /** @type {[string, string][]} */
    const cases = [
      ['first page, newest first', '/admin/products'],
      ['page 41 (keyset)', deep],
      ['SKU prefix', '/admin/products?q=BENCH-00421'],
      ['name contains', '/admin/products?q=trail'],
      ['category (with subcategories)', '/admin/products?category=1'],
      ['out of stock', '/admin/products?stock=out'],
      ['low stock + on sale', '/admin/products?stock=low&sale=1'],
      ['no image', '/admin/products?no_image=1'],
      ['missing German translation', '/admin/products?missing=de'],
      ['unpublished', '/admin/products?status=unpublished'],
      ['sorted by price, highest first', '/admin/products?sort=price_desc'],
      ["one product's editor", editor],
    ];
    const { rows, over } = await timedRows({ engine, base, cookie, requests: REQUESTS, budgetMs: BUDGET_MS }, cases);
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
  'products-admin',
  `## Staff product list at ${PRODUCTS.toLocaleString('en')} products (\`npm run bench:products-admin\`)

The ${PRODUCTS.toLocaleString('en')}-product bench catalogue, production build, signed in as the demo staff member;
response time of \`/admin/products\` pages (whole HTML page, filters and keyset pages, ADR 026) one request at a time,
${REQUESTS} each. Budget: p95 < ${BUDGET_MS} ms.

| engine | page | requests | p50 | p95 | errors | verdict |
|---|---|---|---|---|---|---|
${table.join('\n')}

${machineLine()}`,
);
process.exitCode = anyOver ? 1 : 0;
