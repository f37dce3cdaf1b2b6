// @ts-check
/**
 * `npm run bench:pages:large [-- --quick] [-- --engine=pglite|postgres]`: server time of the
 * list and product pages on the 100 000-product bench catalogue (ADR 016: p95 under 80 ms at 10
 * concurrent connections), on PGlite and on PostgreSQL. Seeds the catalogue when missing (see
 * bench/lib/bench-catalogue.mjs; minutes on the first run). For each page: a guest (the verdict;
 * public pages come from the guest page cache, docs/decisions/016) and the signed-in demo
 * customer (from the page cache by frame variant, ADR 016). Writes the `pages-large` section of
 * bench/RESULTS.md and exits 1 when a guest p95 is over budget.
 */
import { buildIfNeeded, freePort } from './lib/process.mjs';
import { PRODUCTS, prepare, startEngineShop } from './lib/bench-catalogue.mjs';
import { CONNECTIONS, serverTime, signInCookies } from './lib/page-timing.mjs';
import { machineLine, writeSection } from './lib/results.mjs';

const QUICK = process.argv.includes('--quick');
const DURATION_S = QUICK ? 3 : 10;
const BUDGET_P95_MS = 80;
const engineArg = process.argv.find((a) => a.startsWith('--engine='))?.split('=')[1];
const ENGINES = /** @type {('pglite' | 'postgres')[]} */ (engineArg ? [engineArg] : ['pglite', 'postgres']);

/** List pages as shoppers reach them (all, a search, a sorted category page 2), and a product. */
async function discoverPages(/** @type {string} */ base) {
  const pages = [
    { type: 'list', path: '/products/all/all' },
    { type: 'list, search', path: '/products/all/all?search=tent' },
  ];
  const html = await (await fetch(`${base}/products/all/all`)).text();
  const category = /href="(\/products\/(?!all\/)[^/"?]+\/all)"/.exec(html)?.[1];
  if (category) pages.push({ type: 'list, category', path: `${category}?sort=desc&page=2` });
  const product = /href="(\/products\/[^/"]+\/[^/"]+\/\d+)"/.exec(html)?.[1];
  if (product) pages.push({ type: 'product', path: product });
  return pages;
}

async function main() {
  await buildIfNeeded();
  /** @type {string[]} */
  const rows = [];
  /** @type {string[]} */
  const failures = [];
  for (const engine of ENGINES) {
    await prepare(engine);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const shop = await startEngineShop(engine, port);
    try {
      const customer = await signInCookies(base);
      for (const page of await discoverPages(base)) {
        for (let i = 0; i < 3; i++) await fetch(`${base}${page.path}`).then((r) => r.arrayBuffer());
        const guest = await serverTime(base, page.path, 200, DURATION_S);
        const own = await serverTime(base, page.path, 200, DURATION_S, { cookie: customer });
        const over = guest.p95 > BUDGET_P95_MS || guest.errors > 0;
        if (over) failures.push(`${engine} ${page.type}: guest p95 ${guest.p95} ms, ${guest.errors} failed`);
        rows.push(
          `| ${engine} | ${page.type} | \`${page.path}\` | ${guest.p50} / ${guest.p95} ms (${guest.requests} req, ${guest.errors} failed) | ${own.p50} / ${own.p95} ms (${own.requests} req, ${own.errors} failed) | ${over ? '**over**' : 'within'} |`,
        );
        console.log(rows.at(-1));
      }
    } finally {
      await shop.stop();
    }
  }
  writeSection(
    'pages-large',
    `## List and product pages on ${PRODUCTS.toLocaleString('en')} products (\`npm run bench:pages:large\`${QUICK ? ' -- --quick' : ''})

${machineLine()}

The bench catalogue (demo shop + BENCH products, vacuumed), production build, ${CONNECTIONS} connections
for ${DURATION_S} s per row after a warm-up, brotli/gzip accepted. Guest: no session (pages from the
guest page cache, docs/decisions/016); budget p95 ≤ ${BUDGET_P95_MS} ms. Signed in: the demo customer,
from the page cache by frame variant, one session statement per request (PGlite: remembered until
the next write; docs/decisions/016); issue 18's 30 ms target is read from this column.

| engine | page | path | guest p50 / p95 | signed in p50 / p95 | guest verdict |
|---|---|---|---|---|---|
${rows.join('\n')}
`,
  );
  if (failures.length > 0) {
    console.error(`Over budget:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
