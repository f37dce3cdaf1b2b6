// @ts-check
/**
 * Page budgets (the team's standard "every page type has a budget"): for each
 * page type of the demo shop, on a fresh PGlite data directory and the production build,
 *   - HTML: bytes of the document, raw and gzipped;
 *   - JavaScript shipped: every script the page loads in Chromium at a 412x915 viewport until
 *     the network is idle, without scrolling or touching anything, gzipped;
 *   - server time: p50/p95 of the document under 10 concurrent connections (autocannon, 5 s;
 *     --quick: 2 s), asking for brotli/gzip as browsers do: for a guest (the verdict; public pages
 *     come from the guest page cache, docs/decisions/016) and, on the pages a signed-in customer
 *     sees differently, for the demo customer (rendered on every request; informative);
 *   - with --lighthouse: Lighthouse (mobile defaults) performance, accessibility, best practices
 *     and SEO, if the `lighthouse` CLI is installed;
 *   - for a product page with real photos (the demo seed's): image bytes in the first viewport on
 *     a 412x915 phone and the layout shift (bench/lib/image-budget.mjs).
 *   - a landing page built from blocks (the demo seed's "Summer sale": a hero photo, rich text, a
 *     grid of 8 products and an FAQ block; issue 17's budgets, Lighthouse performance and
 *     accessibility 100).
 * Writes the `pages` section of bench/RESULTS.md and exits 1 when a budget is exceeded.
 *
 *   npm run bench:pages [-- --quick] [-- --lighthouse] [-- --only=landing,static]
 *
 * --only measures just those page types and prints their rows without writing RESULTS.md (the
 * section holds every type, so a partial run would drop the others).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';
import { ROOT, buildIfNeeded, freePort } from './lib/process.mjs';
import { startShop } from './lib/shop.mjs';
import { CONNECTIONS, serverTime, signInCookies } from './lib/page-timing.mjs';
import { machineLine, writeSection } from './lib/results.mjs';
import { IMAGE_BUDGET, imageBudget } from './lib/image-budget.mjs';

const QUICK = process.argv.includes('--quick');
const LIGHTHOUSE = process.argv.includes('--lighthouse');
const ONLY =
  process.argv
    .find((a) => a.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',')
    .filter(Boolean) ?? null;
const DURATION_S = QUICK ? 2 : 5;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const KB = 1024;

/**
 * Budgets per page type. JS is the product owner's budget (this table is its one written home);
 * HTML and server time are the team's own limits, set where a low-end phone on a slow network
 * still gets a first screen quickly.
 * @type {Record<string, { js: number, html: number, p95: number }>}
 */
const BUDGETS = {
  home: { js: 90 * KB, html: 40 * KB, p95: 50 },
  list: { js: 90 * KB, html: 40 * KB, p95: 30 },
  // A language address (ADR 028): the same list in German, its links localized on the rendered HTML.
  'list (de)': { js: 90 * KB, html: 40 * KB, p95: 30 },
  product: { js: 90 * KB, html: 40 * KB, p95: 30 },
  'product (photos)': { js: 90 * KB, html: 40 * KB, p95: 30 },
  wishlist: { js: 90 * KB, html: 20 * KB, p95: 30 },
  static: { js: 20 * KB, html: 20 * KB, p95: 30 },
  faq: { js: 20 * KB, html: 20 * KB, p95: 30 },
  cart: { js: 150 * KB, html: 20 * KB, p95: 30 },
  auth: { js: 90 * KB, html: 20 * KB, p95: 30 },
  contact: { js: 90 * KB, html: 20 * KB, p95: 30 },
  'not found': { js: 20 * KB, html: 20 * KB, p95: 30 },
  // Issue 17: a landing page of blocks ships at most 15 KB of JS and 30 KB of HTML, within the static pages' server time.
  landing: { js: 15 * KB, html: 30 * KB, p95: 30 },
};

/** Lighthouse minimum per score; the landing page must reach 100 in performance and accessibility (issue 17). */
const LIGHTHOUSE_TYPES = new Set(['home', 'list', 'product', 'product (photos)', 'static', 'faq', 'landing']);
/** @param {string} type @param {string} score */
const lighthouseMin = (type, score) =>
  type === 'landing' && (score === 'performance' || score === 'accessibility') ? 100 : 95;

/** The demo seed's landing page built from blocks (src/server/db/seed/landing-page.ts). */
const LANDING_SLUG = 'summer-sale';

/**
 * The pages to measure, found on the running shop (a page that does not exist yet is skipped).
 * @param {string} base
 */
async function discoverPages(base) {
  /** @type {{ type: string, path: string, status?: number }[]} */
  const pages = [
    { type: 'home', path: '/' },
    { type: 'list', path: '/products/all/all' },
    { type: 'list (de)', path: '/de/products/all/all' },
    { type: 'faq', path: '/faq' },
    { type: 'wishlist', path: '/wishlist' },
    { type: 'cart', path: '/cart' },
    { type: 'auth', path: '/auth' },
    { type: 'contact', path: '/contact' },
    { type: 'not found', path: '/no-such-page', status: 404 },
  ];
  const staticPages = /** @type {any} */ (await (await fetch(`${base}/api/static-pages`)).json()).payload ?? [];
  if (staticPages[0])
    pages.splice(2, 0, { type: 'static', path: `/static-page/${staticPages[0].slug ?? staticPages[0].id}` });
  // The landing page, if the shop has it and it is built from blocks.
  const landing = /** @type {any} */ (await (await fetch(`${base}/api/static-pages/${LANDING_SLUG}`)).json()).payload;
  if (landing?.layout === 'blocks') pages.splice(3, 0, { type: 'landing', path: `/static-page/${LANDING_SLUG}` });
  // A product page: the first product link the list page renders.
  const list = await fetch(`${base}/products/all/all`);
  if (list.status === 200) {
    const match = /href="(\/products\/[^/"]+\/[^/"]+\/\d+)"/.exec(await list.text());
    if (match) pages.splice(2, 0, { type: 'product', path: match[1] ?? '' });
  }
  // A product with uploaded photos (the demo seed gives a handful, src/server/db/seed/photos.ts).
  for (let page = 1; page <= 4; page++) {
    const products =
      /** @type {any} */ (await (await fetch(`${base}/api/products/catalog?per_page=100&page=${page}`)).json())
        .payload ?? [];
    const photographed = products.find((/** @type {any} */ p) => p.images?.some((/** @type {any} */ i) => i.width));
    if (!photographed) continue;
    const leaf = [...photographed.categories].sort((a, b) => b.id - a.id)[0];
    pages.splice(3, 0, { type: 'product (photos)', path: `${leaf?.url ?? '/products/all/all'}/${photographed.id}` });
    break;
  }
  return ONLY ? pages.filter((p) => ONLY.includes(p.type)) : pages;
}

/** @param {string} base @param {{ path: string, status?: number }} page */
async function htmlSize(base, page) {
  const response = await fetch(`${base}${page.path}`, { headers: { 'Accept-Encoding': 'identity' } });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, raw: body.length, gz: gzipSync(body, { level: 9 }).length };
}

/** @param {import('playwright').Browser} browser @param {string} url */
async function javascriptShipped(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 915 },
    deviceScaleFactor: 2.625,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  /** @type {Promise<number>[]} */
  const sizes = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    sizes.push(
      response.body().then(
        (body) => gzipSync(body, { level: 9 }).length,
        () => 0,
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await sleep(500);
  const total = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')].reduce((sum, s) => sum + (s.textContent?.length ?? 0), 0),
  );
  await context.close();
  return { files: sizes.length, gz: total, inlineChars: inline };
}

/**
 * Lighthouse's four scores, or null when it failed twice (a run can fail on a busy machine:
 * Chromium's start or the page's trace times out).
 * @param {string} url @param {string} [cookie] sent with every request (a signed-in page)
 */
function lighthouseScores(url, cookie) {
  return lighthouseOnce(url, cookie) ?? lighthouseOnce(url, cookie);
}

/**
 * Page types only a signed-in person sees, for Lighthouse's accessibility score (issue 18:
 * accessibility 100 on every page type); `who` is the demo account whose session opens them.
 * @type {{ type: string, path: string, who: 'customer' | 'staff' | 'editor', language?: string }[]}
 */
const SIGNED_IN_LIGHTHOUSE_PAGES = [
  { type: 'account', path: '/account', who: 'customer' },
  { type: 'account orders', path: '/account?tab=orders', who: 'customer' },
  { type: 'admin orders', path: '/admin/orders', who: 'staff' },
  { type: 'admin products', path: '/admin/products', who: 'staff' },
  { type: 'admin pages', path: '/admin/pages', who: 'editor' },
  // {landing}: the id of the demo's landing page, so the visual block editor is what is scored.
  { type: 'admin page editor', path: '/admin/pages/{landing}', who: 'editor' },
  { type: 'admin orders (German)', path: '/admin/orders', who: 'staff', language: 'de' },
  { type: 'admin page editor (French)', path: '/admin/pages/{landing}', who: 'editor', language: 'fr' },
];

/**
 * Lighthouse on the pages behind sign-in; every one must reach accessibility 100.
 * @param {string} base @param {Record<string, string>} cookies by demo account
 */
async function signedInLighthouse(base, cookies) {
  /** @type {any[]} */
  const languages = /** @type {any} */ (await (await fetch(`${base}/api/languages`)).json()).payload ?? [];
  const landing = /** @type {any} */ (await (await fetch(`${base}/api/static-pages/${LANDING_SLUG}`)).json()).payload;
  const rows = [];
  const failures = [];
  for (const entry of SIGNED_IN_LIGHTHOUSE_PAGES) {
    if (entry.path.includes('{landing}') && !landing) continue;
    const page = { ...entry, path: entry.path.replace('{landing}', String(landing?.id)) };
    const language = page.language ? languages.find((l) => l.code === page.language) : undefined;
    const cookie = `${cookies[page.who]}${language ? `; languageId=${language.id}` : ''}`;
    const scores = lighthouseScores(`${base}${page.path}`, cookie);
    const a11yOk = scores !== null && scores.accessibility === 100;
    if (!a11yOk) failures.push(`${page.type}: Lighthouse accessibility ${scores?.accessibility ?? 'not run'} < 100`);
    const shown = scores
      ? `${scores.performance}/${scores.accessibility}/${scores.bestPractices}/${scores.seo}`
      : 'not run';
    rows.push(
      `| ${page.type} | \`${page.path}\` | ${page.who}${language ? `, ${language.code}` : ''} | ${shown} | ${a11yOk ? 'within' : '**over**'} |`,
    );
    console.log(rows.at(-1));
  }
  // Lighthouse ran synchronously: let the event loop see the keep-alive sockets the shop closed
  // meanwhile, or the next fetch reuses one and fails with "other side closed".
  await sleep(1_000);
  return { rows, failures };
}

/**
 * @param {string} url
 * @param {string} [cookie] a signed-in visitor's cookies, sent with every request of the page
 */
function lighthouseOnce(url, cookie) {
  const extra = cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : [];
  const result = spawnSync(
    'npx',
    [
      '--no-install',
      'lighthouse',
      url,
      '--quiet',
      '--output=json',
      '--output-path=stdout',
      '--only-categories=performance,accessibility,best-practices,seo',
      '--chrome-flags=--headless=new --no-sandbox',
      ...extra,
    ],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.status !== 0) {
    console.error(
      `lighthouse ${url} failed (exit ${result.status}): ${result.stderr.trim().split('\n').slice(-3).join(' | ')}`,
    );
    return null;
  }
  const report = JSON.parse(result.stdout);
  const score = (/** @type {string} */ id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
  };
}

/** Pages whose HTML differs for a signed-in customer (header, prices, review form). */
const SIGNED_IN_TYPES = new Set(['home', 'list', 'product']);
/** Issue 18's target for them: signed-in pages within the guest budget, p95 at 10 connections. */
const SIGNED_IN_P95_MS = 30;

const kb = (/** @type {number} */ bytes) => `${(bytes / KB).toFixed(1)} KB`;

async function main() {
  await buildIfNeeded();
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-pages-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`Starting the demo shop on ${base} (fresh PGlite in ${dataDir})…`);
  const shop = await startShop(port, { DATABASE_URL: '', DATA_DIR: dataDir, PUBLIC_URL: base, SEED: 'demo' });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  /** @type {string[]} */
  const rows = [];
  /** @type {string[]} */
  const failures = [];
  /** @type {string[]} */
  const signedInRows = [];
  /** @type {string[]} */
  const imageRows = [];
  /** @type {string[]} */
  let lighthouseSignedInRows = [];
  try {
    const pages = await discoverPages(base);
    // A production shop seeds its demo accounts with passwords it prints once (README).
    const generated = /customer\s+demo@example\.com\s+(\S+)/.exec(shop.output())?.[1];
    const customer = await signInCookies(base, generated);
    if (LIGHTHOUSE && !ONLY) {
      const password = (/** @type {string} */ email) =>
        new RegExp(`\\s${email.replace('.', '\\.')}\\s+(\\S+)`).exec(shop.output())?.[1];
      const cookies = {
        customer,
        staff: await signInCookies(base, password('staff@example.com') ?? 'Staff1234!', 'staff@example.com'),
        editor: await signInCookies(base, password('editor@example.com') ?? 'Editor1234!', 'editor@example.com'),
      };
      const signedIn = await signedInLighthouse(base, cookies);
      lighthouseSignedInRows = signedIn.rows;
      failures.push(...signedIn.failures);
    }
    // Sizes first, with Chromium; it is closed before any timing so that its renderers (which
    // hydrate islands for a while after network idle) take no CPU from the server being timed.
    /** @type {Map<string, { html: Awaited<ReturnType<typeof htmlSize>>, js: Awaited<ReturnType<typeof javascriptShipped>>, lh: string, lhScores: ReturnType<typeof lighthouseScores> }>} */
    const sizes = new Map();
    for (const page of pages) {
      const html = await htmlSize(base, page);
      if (html.status !== (page.status ?? 200)) continue;
      const js = await javascriptShipped(browser, `${base}${page.path}`);
      const lhScores = LIGHTHOUSE ? lighthouseScores(`${base}${page.path}`) : null;
      const lh = !LIGHTHOUSE
        ? ''
        : lhScores
          ? ` ${lhScores.performance}/${lhScores.accessibility}/${lhScores.bestPractices}/${lhScores.seo} |`
          : ' not run |';
      sizes.set(page.path, { html, js, lh, lhScores });
      if (page.type === 'product (photos)') {
        const images = await imageBudget(browser, `${base}${page.path}`);
        const checks = [];
        if (images.firstViewport > IMAGE_BUDGET.firstViewportBytes)
          checks.push(`first viewport ${kb(images.firstViewport)} > ${kb(IMAGE_BUDGET.firstViewportBytes)}`);
        if (images.clsLoad > IMAGE_BUDGET.cls || images.clsScroll > IMAGE_BUDGET.cls)
          checks.push(`CLS ${images.clsLoad.toFixed(4)} / ${images.clsScroll.toFixed(4)} > 0`);
        if (checks.length > 0) failures.push(`${page.type} images: ${checks.join('; ')}`);
        imageRows.push(
          `| \`${page.path}\` | ${kb(images.firstViewport)} (${images.firstViewportImages} images, ${images.formats.join('/')}) | ${kb(images.loaded)} (${images.loadedCount} files) | ${images.clsLoad.toFixed(4)} / ${images.clsScroll.toFixed(4)} | ≤ ${kb(IMAGE_BUDGET.firstViewportBytes)}, CLS 0 | ${checks.length === 0 ? 'within budget' : `**over**: ${checks.join('; ')}`} |`,
        );
        console.log(imageRows.at(-1));
      }
    }
    await browser.close();
    await sleep(1_000);
    for (const page of pages) {
      const expected = page.status ?? 200;
      const measured = sizes.get(page.path);
      if (!measured) {
        rows.push(
          `| ${page.type} | \`${page.path}\` | — | — | — | answered another status than ${expected}, not measured |`,
        );
        continue;
      }
      const { html, js, lh, lhScores } = measured;
      // Warm the caches the way real traffic would before timing.
      for (let i = 0; i < 5; i++) await fetch(`${base}${page.path}`).then((r) => r.arrayBuffer());
      const time = await serverTime(base, page.path, expected, DURATION_S);
      const budget = BUDGETS[page.type];
      const checks = [];
      if (budget) {
        if (js.gz > budget.js) checks.push(`JS ${kb(js.gz)} > ${kb(budget.js)}`);
        if (html.gz > budget.html) checks.push(`HTML ${kb(html.gz)} > ${kb(budget.html)}`);
        if (time.p95 > budget.p95) checks.push(`p95 ${time.p95} ms > ${budget.p95} ms`);
        if (time.errors > 0) checks.push(`${time.errors} failed requests`);
      }
      if (lhScores && LIGHTHOUSE_TYPES.has(page.type)) {
        for (const [name, value] of Object.entries(lhScores))
          if (value < lighthouseMin(page.type, name))
            checks.push(`Lighthouse ${name} ${value} < ${lighthouseMin(page.type, name)}`);
      }
      const verdict = checks.length === 0 ? 'within budget' : `**over**: ${checks.join('; ')}`;
      if (checks.length > 0) failures.push(`${page.type}: ${checks.join('; ')}`);
      const budgetText = budget ? `JS ≤ ${kb(budget.js)}, HTML ≤ ${kb(budget.html)}, p95 ≤ ${budget.p95} ms` : '—';
      rows.push(
        `| ${page.type} | \`${page.path}\` | ${kb(js.gz)} (${js.files} files) | ${kb(html.gz)} (${kb(html.raw)} raw) | ${time.p50} / ${time.p95} ms (${time.requests} req) |${lh} ${budgetText} | ${verdict} |`,
      );
      console.log(rows.at(-1));
      if (SIGNED_IN_TYPES.has(page.type)) {
        const own = await serverTime(base, page.path, expected, DURATION_S, { cookie: customer });
        const signedInVerdict = own.p95 <= SIGNED_IN_P95_MS ? 'within' : '**over**';
        signedInRows.push(
          `| ${page.type} | \`${page.path}\` | ${own.p50} / ${own.p95} ms (${own.requests} req) | ${own.errors} | ${signedInVerdict} |`,
        );
        console.log(signedInRows.at(-1));
      }
    }
  } finally {
    if (browser.isConnected()) await browser.close();
    await shop.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (ONLY) {
    console.log(`--only=${ONLY.join(',')}: bench/RESULTS.md left as it was.`);
    if (failures.length > 0) {
      console.error(`Over budget:\n  ${failures.join('\n  ')}`);
      process.exitCode = 1;
    }
    return;
  }
  const lhHead = LIGHTHOUSE ? ' Lighthouse perf/a11y/bp/seo |' : '';
  const lhRule = LIGHTHOUSE ? '---|' : '';
  writeSection(
    'pages',
    `## Page budgets (\`npm run bench:pages\`${QUICK ? ' -- --quick' : ''}${LIGHTHOUSE ? ' -- --lighthouse' : ''})

${machineLine()}

Demo shop on a fresh PGlite database, production build. JS: every script loaded by Chromium at
412x915 until the network is idle, gzipped (level 9), no interaction. HTML: the document,
gzipped. Server time: the document for a guest (no session; public pages are answered from the
guest page cache, docs/decisions/016), brotli/gzip accepted, under ${CONNECTIONS} connections for
${DURATION_S} s after a warm-up.

| page | path | JS shipped (gz) | HTML (gz) | server p50 / p95 |${lhHead} budget | result |
|---|---|---|---|---|${lhRule}---|---|
${rows.join('\n')}

Images of a product page with real photos (the demo seed's generated 1600×1200 JPEGs, served as
AVIF/WebP/JPEG variants by srcset) on a 412×915 phone at DPR 2.625: the bytes of the images drawn
in the first viewport (the files the browser chose), of all images loaded without scrolling, and
the cumulative layout shift after loading / after scrolling to the bottom:

| path | first viewport | loaded without scrolling | CLS load / scrolled | budget | result |
|---|---|---|---|---|---|
${imageRows.join('\n')}

Signed in as the demo customer: these pages come from the page cache by the visitor's frame
variant (docs/decisions/016, "Signed-in visitors"): the session lookup carries the cart count, and
on PGlite it (and a product page's review eligibility) is remembered until the next write, which
this run does not make. Issue 18's target is p95 ≤ ${SIGNED_IN_P95_MS} ms (reported, it does not
fail the run):

| page | path | server p50 / p95 | failed | p95 ≤ ${SIGNED_IN_P95_MS} ms |
|---|---|---|---|---|
${signedInRows.join('\n')}
${
  lighthouseSignedInRows.length === 0
    ? ''
    : `
Pages behind sign-in (Lighthouse mobile with the account's session cookie; issue 18 asks for
accessibility 100 on every page type, which fails the run when missed; the other scores are
informative):

| page | path | signed in as | Lighthouse perf/a11y/bp/seo | accessibility 100 |
|---|---|---|---|---|
${lighthouseSignedInRows.join('\n')}
`
}`,
  );
  if (failures.length > 0) {
    console.error(`Over budget:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
