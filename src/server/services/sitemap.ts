/**
 * /sitemap.xml and /robots.txt (ADR 006): absolute URLs from PUBLIC_URL.
 *
 * Up to SITEMAP_MAX_URLS product URLs the sitemap is one <urlset> (home, FAQ, static pages,
 * categories, every active product). A larger catalogue gets a <sitemapindex> instead, whose
 * parts are `?part=pages` and `?part=products-N` (N from 1, SITEMAP_MAX_URLS products each, by
 * id): the protocol allows 50 000 URLs per file. Products are read in keyset batches of
 * SITEMAP_BATCH ids and written as they arrive, so a big part never sits in memory whole.
 *
 * Every page is listed once per language at its own address (ADR 028), each with `xhtml:link`
 * alternates for every language and `x-default`; a part then holds SITEMAP_MAX_URLS / languages
 * products. `lastmod` is the day of the last change where the shop keeps one (products, pages).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type CatalogMeta, categoryUrl, loadCatalogMeta } from './catalog/meta';
import { rowsOf } from './catalog/rows';
import { staticPages } from '../db/schema/index';
import { isLocalizedPath, languageAlternates } from '@/lib/language-path';
import { ENGLISH_FALLBACK, loadShopBasics, type LanguageOption } from './request-context';

export const SITEMAP_MAX_URLS = 45_000;
export const SITEMAP_BATCH = 5_000;

/** Paths a crawler has no business in (private or transactional pages). */
export const ROBOTS_DISALLOW = ['/account', '/cart', '/auth', '/admin', '/pay', '/dev'] as const;

/** `prefixes`: the other languages' address segments ('/de'), whose private pages are private too. */
export function robotsTxt(origin: string, prefixes: readonly string[] = []): string {
  const localized = ROBOTS_DISALLOW.filter((path) => isLocalizedPath(path));
  return [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    ...prefixes.flatMap((prefix) => localized.map((path) => `Disallow: ${prefix}${path}`)),
    '',
    `Sitemap: ${absolute(origin, '/sitemap.xml')}`,
    '',
  ].join('\n');
}

export function xmlEscape(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

export function absolute(origin: string, path: string): string {
  return new URL(path, `${origin.replace(/\/+$/, '')}/`).href;
}

/** One page: an <url> per language, each naming all of them (and x-default) as alternates. */
function urlEntries(origin: string, entry: SitemapEntry, languages: readonly LanguageOption[]): string {
  const alternates = languageAlternates(origin, entry.path, languages);
  const links = alternates
    .map((a) => `<xhtml:link rel="alternate" hreflang="${xmlEscape(a.hreflang)}" href="${xmlEscape(a.href)}"/>`)
    .join('');
  const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : '';
  return alternates
    .filter((a) => a.hreflang !== 'x-default')
    .map((a) => `<url><loc>${xmlEscape(a.href)}</loc>${lastmod}${links}</url>\n`)
    .join('');
}

const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
const URLSET_CLOSE = '</urlset>\n';

/** The product page path (/products/{top}/{sub}/{id}) under its newest category, as the cards link. */
export function productPathOf(meta: CatalogMeta, id: number, newestCategoryId: number | null): string {
  const category = newestCategoryId === null ? undefined : meta.categories.get(newestCategoryId);
  return `${category ? categoryUrl(category) : '/products/all/all'}/${id}`;
}

export interface SitemapEntry {
  path: string;
  /** W3C date of the last change, where the shop knows it (static pages). */
  lastmod?: string;
}

/**
 * Home, FAQ, the list of everything, every category and every published static page that search
 * engines may index (a page marked noindex is left out, ADR 027), pages with their last change.
 */
export async function pagePaths(db: Db): Promise<SitemapEntry[]> {
  const [meta, pages] = await Promise.all([
    loadCatalogMeta(db),
    db
      .select({ id: staticPages.id, updatedAt: staticPages.updatedAt })
      .from(staticPages)
      .where(
        and(
          eq(staticPages.published, true),
          eq(staticPages.isHome, false),
          sql`coalesce((${staticPages.seo} ->> 'noindex')::boolean, false) = false`,
        ),
      )
      .orderBy(asc(staticPages.position), asc(staticPages.id)),
  ]);
  return [
    { path: '/' },
    { path: '/faq' },
    { path: '/products/all/all' },
    ...[...meta.categories.values()].map((c) => ({ path: categoryUrl(c) })),
    ...pages.map((p) => ({ path: `/static-page/${p.id}`, lastmod: p.updatedAt.toISOString().slice(0, 10) })),
  ];
}

export async function countActiveProducts(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(sql`select count(*)::int as n from products where active`),
  );
  return Number(row?.n ?? 0);
}

/**
 * Active products' paths in id order, `limit` of them after skipping `offset`, yielded in
 * batches (keyset pagination over the primary key).
 */
export async function* productPaths(
  db: Db,
  offset = 0,
  limit = Number.MAX_SAFE_INTEGER,
): AsyncGenerator<SitemapEntry[]> {
  const meta = await loadCatalogMeta(db);
  let after = 0;
  if (offset > 0) {
    const [row] = rowsOf<{ id: number | null }>(
      await db.execute(sql`select id from products where active order by id limit 1 offset ${offset - 1}`),
    );
    if (!row?.id) return;
    after = Number(row.id);
  }
  let left = limit;
  while (left > 0) {
    const batch = rowsOf<{ id: number; cat: number | null; day: string }>(
      await db.execute(sql`
        select p.id, (select max(pc.category_id) from product_categories pc where pc.product_id = p.id) as cat,
          to_char(p.updated_at at time zone 'UTC', 'YYYY-MM-DD') as day
        from products p where p.active and p.id > ${after}
        order by p.id limit ${Math.min(SITEMAP_BATCH, left)}`),
    );
    if (batch.length === 0) return;
    yield batch.map((r) => ({
      path: productPathOf(meta, Number(r.id), r.cat === null ? null : Number(r.cat)),
      lastmod: r.day,
    }));
    after = Number(batch[batch.length - 1]!.id);
    left -= batch.length;
  }
}

function streamOf(parts: () => AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = parts();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await iterator.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return(undefined);
    },
  });
}

export type SitemapPart = { kind: 'all' } | { kind: 'index' } | { kind: 'pages' } | { kind: 'products'; n: number };

/** `?part=` → what to answer; null for a part that does not exist (404). */
export function sitemapPartOf(part: string | null, productCount: number, max = SITEMAP_MAX_URLS): SitemapPart | null {
  const parts = Math.ceil(productCount / max);
  if (part === null || part === '') return parts <= 1 ? { kind: 'all' } : { kind: 'index' };
  if (parts <= 1) return null;
  if (part === 'pages') return { kind: 'pages' };
  const n = /^products-([1-9]\d{0,5})$/.exec(part)?.[1];
  return n && Number(n) <= parts ? { kind: 'products', n: Number(n) } : null;
}

/** The body of /sitemap.xml (?part=…), or null for an unknown part. */
export async function sitemapBody(
  db: Db,
  origin: string,
  part: string | null,
  /** Products per part (tests use a small one); by default as many as keep a part within SITEMAP_MAX_URLS. */
  maxProducts?: number,
): Promise<ReadableStream<Uint8Array> | null> {
  const [count, basics] = await Promise.all([countActiveProducts(db), loadShopBasics(db)]);
  const languages = basics.languages.length > 0 ? basics.languages : [ENGLISH_FALLBACK];
  const max = maxProducts ?? Math.max(1, Math.floor(SITEMAP_MAX_URLS / Math.max(1, languages.length)));
  const which = sitemapPartOf(part, count, max);
  if (!which) return null;
  if (which.kind === 'index') {
    const parts = Math.ceil(count / max);
    const locs = ['pages', ...Array.from({ length: parts }, (_, i) => `products-${i + 1}`)].map(
      (p) => `<sitemap><loc>${xmlEscape(absolute(origin, `/sitemap.xml?part=${p}`))}</loc></sitemap>\n`,
    );
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs.join('')}</sitemapindex>\n`;
    return streamOf(async function* () {
      yield body;
    });
  }
  return streamOf(async function* () {
    yield URLSET_OPEN;
    if (which.kind !== 'products') {
      yield (await pagePaths(db)).map((p) => urlEntries(origin, p, languages)).join('');
    }
    if (which.kind !== 'pages') {
      const offset = which.kind === 'products' ? (which.n - 1) * max : 0;
      const limit = which.kind === 'products' ? max : Number.MAX_SAFE_INTEGER;
      for await (const batch of productPaths(db, offset, limit))
        yield batch.map((p) => urlEntries(origin, p, languages)).join('');
    }
    yield URLSET_CLOSE;
  });
}
