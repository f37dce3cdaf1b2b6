// @ts-check
/**
 * `npm run bench:catalog` (or `node bench/catalog.mjs [--quick]` under the project's Node):
 * GET /api/products/catalog with search + category + price filter + sort on a 100 000-product
 * catalogue, on PGlite and on PostgreSQL. For each engine: seeds the bench catalogue if needed
 * (`npm run db:seed:bench -- --products 100000`; PGlite in bench/.tmp/catalog-data, PostgreSQL
 * database shop_bench on BENCH_PG_SERVER), vacuums it, starts the built shop (scripts/start.mjs),
 * warms it up, then drives it with autocannon (10 connections, 10 s; --quick: 3 s) cycling
 * through realistic query variants, then (unless --no-cold) twice more with a filter no request has
 * used yet on every request: a new price_min (a shopper moving the price slider: the per-filter
 * summary misses, the filtered set of ADR 005 is shared) and a new category list (an unknown extra
 * category id, which matches nothing more but misses every catalogue cache: the cost of a search or
 * category nobody asked for in the last minute). Every response time is recorded, so p95 is exact.
 * Results go to bench/RESULTS.md (section bench:catalog; other sizes bench:catalog-N).
 * Budgets (issue 18), on every row: p95 < 50 ms on 100 000 products on both engines, < 150 ms on
 * 1 000 000 on PostgreSQL (BENCH_PRODUCTS=1000000; PGlite rows at that size are informative).
 * Exits 1 when a row is over its budget.
 */
// @ts-expect-error autocannon ships no types (and @types/autocannon is not installed)
import autocannon from 'autocannon';
import { buildIfNeeded, freePort } from './lib/process.mjs';
import { PRODUCTS, prepare, startEngineShop } from './lib/bench-catalogue.mjs';
import { machineLine, writeSection } from './lib/results.mjs';

const QUICK = process.argv.includes('--quick');
/** --no-cold: skip the runs per engine in which every request is a new filter (cache misses). */
const COLD = !process.argv.includes('--no-cold');
const DURATION_S = QUICK ? 3 : 10;
const CONNECTIONS = 10;
/** @param {string} engine @returns {number | null} the p95 budget in ms, null: no budget (informative) */
const budgetFor = (engine) =>
  PRODUCTS <= 100_000 ? 50 : PRODUCTS <= 1_000_000 && engine.startsWith('postgres') ? 150 : null;
const engineArg = process.argv.find((a) => a.startsWith('--engine='))?.split('=')[1];
const ENGINES = /** @type {('pglite' | 'postgres')[]} */ (engineArg ? [engineArg] : ['pglite', 'postgres']);

/**
 * Realistic list-page queries (demo category ids: 1 outdoor, 2 sports, 4 apparel, 6 computers;
 * each includes its subcategories). One has a typo, one two words, one another currency.
 */
const VARIANTS = [
  '/api/products/catalog?search=tent&category_id=1&price_min=50&price_max=500&sort=asc&page=1',
  '/api/products/catalog?search=jacket&category_id=4&price_min=20&price_max=300&sort=desc&page=1',
  '/api/products/catalog?search=keybaord&category_id=6&price_min=10&price_max=1000&sort=asc&page=1',
  '/api/products/catalog?search=nordvik%20trail&category_id=2&price_min=20&price_max=400&sort=desc&page=1',
  '/api/products/catalog?search=headlamp&category_id=1&price_min=10&price_max=200&sort=asc&page=2&currency=USD',
];

let coldCounter = 0;
/** An unknown category id: added to a variant's category list, it changes no answer but every cache key. */
const NO_CATEGORY = 900_000_000;

/** @param {number[]} sorted ascending @param {number} p 0..100 */
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/**
 * A variant with a price_min no request has used yet (cents and whole units moving on), so the
 * catalogue's per-filter caches (docs/decisions/005) cannot answer it: the cache-miss cost.
 * @param {string} path @param {number} n
 */
const uncached = (path, n) =>
  path.replace(
    /price_min=(\d+)/,
    (_, min) => `price_min=${Number(min) + Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`,
  );

/**
 * The variant with an extra category id no request has used yet: nothing in the catalogue's caches
 * (neither the summary nor the filtered set) answers it, and the query does the same work.
 * @param {string} path @param {number} n
 */
const newCategory = (path, n) => path.replace(/category_id=(\d+)/, (_, id) => `category_id=${id},${NO_CATEGORY + n}`);

/**
 * Attribute choices (demo attribute ids: colours and sizes of the bench catalogue, one and two
 * groups) for the "new filter + facets" run.
 */
const ATTR_SETS = ['1', '1,2,12', '2,12', '12'];

/**
 * A new category list as in newCategory, with an attribute choice: the facet counts then exclude
 * each chosen group's own choice (the costliest summary), on a filter no cache has seen.
 * @param {string} path @param {number} n
 */
const newFacets = (path, n) => `${newCategory(path, n)}&attrs=${ATTR_SETS[n % ATTR_SETS.length]}`;

/** @type {Record<'price' | 'filter' | 'facets', (path: string, n: number) => string>} */
const COLD_PATHS = { price: uncached, filter: newCategory, facets: newFacets };

/** @param {number} port @param {'warm' | 'price' | 'filter' | 'facets'} mode price, filter, facets: every request a filter not seen before */
async function measure(port, mode = 'warm') {
  // Warm-up: loads the typo vocabulary, category/attribute cache and the JIT; also checks answers.
  for (let round = 0; round < 3; round++) {
    for (const path of VARIANTS) {
      const response = await fetch(`http://127.0.0.1:${port}${path}`);
      const body = /** @type {any} */ (await response.json());
      if (response.status !== 200 || body.status !== 'OK')
        throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
      if (round === 0)
        console.log(
          `  ${path.replace('/api/products/catalog?', '')}: ${body.pagination.total} matches, ${body.payload.length} on the page`,
        );
    }
  }
  /** @type {number[]} */
  const latencies = [];
  const instance = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: VARIANTS.map((path) => ({
      method: 'GET',
      path,
      ...(mode === 'warm'
        ? {}
        : { setupRequest: (/** @type {any} */ req) => ({ ...req, path: COLD_PATHS[mode](path, ++coldCounter) }) }),
    })),
  });
  instance.on(
    'response',
    (
      /** @type {unknown} */ _client,
      /** @type {number} */ _status,
      /** @type {number} */ _bytes,
      /** @type {number} */ responseTime,
    ) => latencies.push(responseTime),
  );
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: latencies.length / DURATION_S,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function main() {
  await buildIfNeeded();
  /** @type {{ engine: string, requests: number, rps: number, p50: number, p95: number, p99: number, errors: number }[]} */
  const rows = [];
  /** @type {typeof rows} */
  const coldRows = [];
  for (const engine of ENGINES) {
    await prepare(engine);
    // Per engine (its own shop, caches empty): a counter running on across engines pushed
    // price_min past price_max (422s) once a run had ~10 000 requests.
    coldCounter = 0;
    const port = await freePort();
    const shop = await startEngineShop(engine, port);
    try {
      console.log(
        `[${engine}] ${CONNECTIONS} connections for ${DURATION_S} s over ${VARIANTS.length} query variants...`,
      );
      const r = await measure(port);
      rows.push({ engine, ...r });
      console.log(
        `[${engine}] p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.rps.toFixed(0)} req/s, ${r.errors} errors`,
      );
      if (COLD) {
        for (const [mode, label] of /** @type {const} */ ([
          ['price', 'cache misses: new price'],
          ['filter', 'cache misses: new filter'],
          ['facets', 'cache misses: new filter + facets'],
        ])) {
          console.log(
            `[${engine}] again with a new ${mode === 'price' ? 'price_min' : 'category list'} on every request (${label})...`,
          );
          const c = await measure(port, mode);
          coldRows.push({ engine: `${engine}, ${label}`, ...c });
          console.log(
            `[${engine}, ${label}] p50 ${c.p50.toFixed(1)} ms, p95 ${c.p95.toFixed(1)} ms, p99 ${c.p99.toFixed(1)} ms, ${c.rps.toFixed(0)} req/s, ${c.errors} errors`,
          );
        }
      }
    } finally {
      await shop.stop();
    }
  }
  const all = [...rows, ...coldRows];
  /** @param {typeof rows[number]} r */
  const verdict = (r) => {
    const budget = budgetFor(r.engine);
    return budget === null ? '(info)' : r.p95 < budget && r.errors === 0 ? `within ${budget} ms` : `OVER ${budget} ms`;
  };
  const ok = all.every((r) => !verdict(r).startsWith('OVER'));
  const fmt = (/** @type {number} */ ms) => `${ms.toFixed(1)} ms`;
  const size = PRODUCTS.toLocaleString('en');
  writeSection(
    PRODUCTS === 100_000 ? 'catalog' : `catalog-${PRODUCTS}`,
    `## Catalogue query on ${size} products (\`${PRODUCTS === 100_000 ? '' : `BENCH_PRODUCTS=${PRODUCTS} `}npm run bench:catalog\`${QUICK ? ' -- --quick' : ''})

\`GET /api/products/catalog\` with search + category (with subcategories) + price filter + sort,
${CONNECTIONS} concurrent connections for ${DURATION_S} s, cycling through ${VARIANTS.length} query variants
(one with a typo, one with two words, one in USD on page 2), against the built shop (\`scripts/start.mjs\`)
on a vacuumed ${size}-product bench catalogue. Latency of every response. Budgets (issue 18): p95 < 50 ms
on 100,000 products on both engines, < 150 ms on 1,000,000 on PostgreSQL; every row has its verdict.
Plain rows: the same filters repeat (shoppers paging, popular lists, shared links), so the per-filter
caches of docs/decisions/005 answer after the warm-up. "new price": every request a price_min not seen
before (a price slider): the summary misses, the filtered set (search, categories, flags) is shared.
"new filter": every request an extra unknown category id: no cached filtered set or summary answers
(what a category or flag combination nobody asked for in the last minute costs); since issue 18's
catalogue index the set is computed in memory from the index and the search's text match (cached per
search text, so it is the cost of a new filter on a search asked for in the last minute; a new search
text costs one more statement, see docs/decisions/005). "new filter + facets": the same with an
attribute choice in one or two groups (attrs=${ATTR_SETS.join(' | ')}), so facet counts per group are computed too.

| engine | requests | req/s | p50 | p95 | p99 | errors | verdict |
|---|---|---|---|---|---|---|---|
${all.map((r) => `| ${r.engine} | ${r.requests} | ${r.rps.toFixed(0)} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${r.errors} | ${verdict(r)} |`).join('\n')}

Variants: ${VARIANTS.map((v) => `\`${v.replace('/api/products/catalog?', '')}\``).join(', ')}.
${machineLine()}`,
  );
  console.log(
    `written to bench/RESULTS.md: ${
      ok
        ? 'every row within its budget'
        : 'OVER budget: ' +
          all
            .filter((r) => verdict(r).startsWith('OVER'))
            .map((r) => r.engine)
            .join(', ')
    }`,
  );
  if (!ok) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
