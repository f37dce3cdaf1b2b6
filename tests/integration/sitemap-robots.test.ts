import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as robotsGet } from '@/pages/robots.txt';
import { GET as sitemapGet } from '@/pages/sitemap.xml';
import { config } from '@/server/config';
import { staticPages } from '@/server/db/schema/index';
import { loadCatalogMeta } from '@/server/services/catalog/meta';
import { rowsOf } from '@/server/services/catalog/rows';
import { listStaticPages } from '@/server/services/content';
import { loadShopBasics } from '@/server/services/request-context';
import { sitemapBody } from '@/server/services/sitemap';
import { useTestDatabase } from '../helpers/db';

/** /sitemap.xml and /robots.txt as Astro endpoints over the demo shop (both engines). */
const database = useTestDatabase({ seed: 'demo' });

// The endpoints only read `url` from the context.
const call = (route: typeof sitemapGet, path: string) =>
  route({
    url: new URL(path, 'http://shop.test'),
    request: new Request(new URL(path, 'http://shop.test')),
  } as never) as Promise<Response>;

const allLocs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
/** The default language's addresses (the demo shop's others are /de/… and /fr/…). */
const locs = (xml: string) => allLocs(xml).filter((u) => !/^https?:\/\/[^/]+\/(de|fr)(\/|$)/.test(u));

async function activeProducts(): Promise<{ id: number; cat: number | null }[]> {
  return rowsOf<{ id: number; cat: number | null }>(
    await database().db.execute(
      sql`select p.id, (select max(category_id) from product_categories pc where pc.product_id = p.id) as cat from products p where p.active order by p.id`,
    ),
  );
}

describe('/robots.txt', () => {
  it('allows all but the private paths and names the sitemap', async () => {
    const res = await call(robotsGet, '/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/plain');
    const text = await res.text();
    const lines = text.trim().split('\n');
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
    for (const path of ['/account', '/cart', '/auth', '/admin', '/pay', '/dev'])
      expect(lines).toContain(`Disallow: ${path}`);
    // The private pages of the other languages too (ADR 028); shared paths have no language.
    for (const path of ['/de/account', '/fr/cart', '/de/auth']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).not.toContain('Disallow: /de/admin');
    expect(lines.at(-1)).toBe(`Sitemap: ${config().PUBLIC_URL}/sitemap.xml`);
  });
});

describe('/sitemap.xml', () => {
  it('leaves out a page marked noindex', async () => {
    const db = database().db;
    const [page] = await db
      .insert(staticPages)
      .values({ slug: 'hidden-campaign', title: 'Hidden', content: '<p>x</p>', seo: { noindex: true } })
      .returning();
    const urls = locs(await (await call(sitemapGet, '/sitemap.xml')).text());
    expect(urls).not.toContain(`${config().PUBLIC_URL}/static-page/${page!.id}`);
    await db.delete(staticPages).where(eq(staticPages.id, page!.id));
  });

  it('lists home, FAQ, every category, every published static page and every active product, absolute', async () => {
    const res = await call(sitemapGet, '/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('application/xml');
    const xml = await res.text();
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ),
    ).toBe(true);
    expect(xml.trim().endsWith('</urlset>')).toBe(true);
    const urls = locs(xml);
    const origin = config().PUBLIC_URL;
    expect(urls.every((u) => u.startsWith(`${origin}/`))).toBe(true);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls).toContain(`${origin}/`);
    expect(urls).toContain(`${origin}/faq`);
    expect(urls).toContain(`${origin}/products/all/all`);

    const db = database().db;
    const meta = await loadCatalogMeta(db);
    for (const c of meta.categories.values()) {
      const path = c.parentId === null ? `/products/${c.slug}/all` : `/products/${c.topSlug}/${c.slug}`;
      expect(urls).toContain(`${origin}${path}`);
    }
    const languageId = (await loadShopBasics(db)).languages.find((l) => l.isDefault)!.id;
    const pages = await listStaticPages(db, languageId);
    expect(pages.length).toBeGreaterThan(0);
    for (const p of pages) expect(urls).toContain(`${origin}/static-page/${p.id}`);
    // Pages carry the day of their last change (ADR 027).
    expect(xml).toMatch(
      new RegExp(
        `<loc>${origin.replaceAll('.', '\\.')}/static-page/${pages[0]!.id}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`,
      ),
    );

    const products = await activeProducts();
    const productUrls = urls.filter((u) => /\/products\/[^/]+\/[^/]+\/\d+$/.test(u));
    expect(productUrls).toHaveLength(products.length);
    const first = products[0]!;
    const cat = meta.categories.get(Number(first.cat))!;
    expect(productUrls[0]).toBe(
      `${origin}/products/${cat.topSlug}/${cat.parentId === null ? 'all' : cat.slug}/${first.id}`,
    );
  });

  it('leaves out inactive products', async () => {
    const db = database().db;
    const [victim] = await activeProducts();
    await db.execute(sql`update products set active = false where id = ${victim!.id}`);
    try {
      const urls = locs(await (await call(sitemapGet, '/sitemap.xml')).text());
      expect(urls.some((u) => u.endsWith(`/${victim!.id}`) && u.includes('/products/'))).toBe(false);
    } finally {
      await db.execute(sql`update products set active = true where id = ${victim!.id}`);
    }
  });

  it('lists every page in every language, each with its alternates, x-default and lastmod', async () => {
    const xml = await (await call(sitemapGet, '/sitemap.xml')).text();
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const origin = config().PUBLIC_URL;
    const all = allLocs(xml);
    const own = locs(xml);
    expect(all.length).toBe(own.length * 3);
    expect(all).toContain(`${origin}/de/`);
    expect(all).toContain(`${origin}/fr/faq`);
    const product = own.find((u) => /\/products\/[^/]+\/[^/]+\/\d+$/.test(u))!;
    const german = product.replace(origin, `${origin}/de`);
    const entry = xml.split('<url>').find((u) => u.startsWith(`<loc>${german}</loc>`))!;
    expect(entry).toMatch(/^<loc>[^<]+<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${product}"/>`);
    expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="de" href="${german}"/>`);
    expect(entry).toContain(
      `<xhtml:link rel="alternate" hreflang="fr" href="${product.replace(origin, `${origin}/fr`)}"/>`,
    );
    expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${product}"/>`);
  });

  it('an unknown part is a 404 while the catalogue fits one file', async () => {
    expect((await call(sitemapGet, '/sitemap.xml?part=products-1')).status).toBe(404);
  });

  it('a large catalogue becomes an index of parts that together list everything once', async () => {
    const db = database().db;
    const origin = 'https://shop.example';
    const products = await activeProducts();
    const max = 100;
    const parts = Math.ceil(products.length / max);
    const read = async (part: string | null) => {
      const body = await sitemapBody(db, origin, part, max);
      return body ? await new Response(body).text() : null;
    };
    const index = (await read(null))!;
    expect(index).toContain('<sitemapindex');
    expect(locs(index)).toEqual([
      `${origin}/sitemap.xml?part=pages`,
      ...Array.from({ length: parts }, (_, i) => `${origin}/sitemap.xml?part=products-${i + 1}`),
    ]);
    const pages = locs((await read('pages'))!);
    expect(pages).toContain(`${origin}/faq`);
    expect(pages.some((u) => /\/\d+$/.test(u) && u.includes('/products/'))).toBe(false);
    const all: string[] = [];
    for (let n = 1; n <= parts; n++) {
      const urls = locs((await read(`products-${n}`))!);
      expect(urls.length).toBe(n < parts ? max : products.length - max * (parts - 1));
      all.push(...urls);
    }
    expect(all.map((u) => Number(u.split('/').at(-1)))).toEqual(products.map((p) => Number(p.id)));
    expect(await read(`products-${parts + 1}`)).toBeNull();
    expect(await read('products-0')).toBeNull();
    expect(await read('nonsense')).toBeNull();
  });
});
