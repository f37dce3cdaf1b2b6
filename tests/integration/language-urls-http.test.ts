/**
 * A URL per language (issue 18, ADR 028) through the real server (`npm start`, demo data, real
 * HTTP, both engines): `/de/…` and `/fr/…` render that language whatever the cookie says, the
 * unprefixed address is the default language's unless the visitor chose another, every link of a
 * language page stays in it, and every storefront page names its alternates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer } from '../helpers/demo-server';
import { cleanupServers } from '../helpers/server';

let base: string;
let drop: () => Promise<void> = async () => {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  ({ base, drop } = await startDemoServer({ RATE_LIMIT_MULTIPLIER: '1000' }));
  const languages = (await (await fetch(`${base}/api/languages`)).json()) as {
    payload: { id: number; code: string }[];
  };
  for (const l of languages.payload) ids[l.code] = l.id;
}, 300_000);

afterAll(async () => {
  cleanupServers();
  await drop();
});

function get(path: string, cookie?: string): Promise<Response> {
  return fetch(`${base}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });
}

const langOf = (html: string) => /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1];
const hrefs = (html: string) => [...html.matchAll(/\s(?:href|action)="(\/[^"]*)"/g)].map((m) => m[1]!);
const alternates = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1]!, m[2]!]),
  );
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

/** Site paths that have a page per language (the rest is API, files, back office). */
const localized = (path: string) =>
  !/^\/(api|sanctum|admin|dev|images|media|_astro|_server-islands|pay|locale|robots\.txt|sitemap\.xml|favicon)/.test(
    path,
  );

describe('a URL per language', () => {
  it('/de/… is German and /fr/… French whatever the cookie says; the unprefixed address is English without a choice', async () => {
    const german = await get('/de/faq', `languageId=${ids.fr}`);
    expect(german.status).toBe(200);
    expect(langOf(await german.text())).toBe('de');
    const french = await get('/fr/faq');
    expect(langOf(await french.text())).toBe('fr');
    const english = await get('/faq');
    expect(english.status).toBe(200);
    expect(langOf(await english.text())).toBe('en');
  });

  it('a stored choice sends only an unprefixed address to its language, keeping the query', async () => {
    const res = await get('/products/all/all?sale=true', `languageId=${ids.de}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/de/products/all/all?sale=true');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await get('/', `languageId=${ids.fr}`)).headers.get('location')).toBe('/fr/');
    // The default language or an unknown id: no redirect.
    expect((await get('/faq', `languageId=${ids.en}`)).status).toBe(200);
    expect((await get('/faq', 'languageId=9999')).status).toBe(200);
  });

  it("the default language's prefix is not a second address: 301 to the unprefixed one", async () => {
    const res = await get('/en/products/all/all?page=2');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/products/all/all?page=2');
  });

  it('every link and form of a German page stays German; shared paths keep theirs', async () => {
    const html = await (await get('/de/')).text();
    const paths = hrefs(html);
    expect(paths.length).toBeGreaterThan(20);
    const stray = paths.filter((p) => localized(p) && !p.startsWith('/de/'));
    expect(stray).toEqual([]);
    expect(paths).toContain('/de/products/all/all');
    expect(paths.some((p) => p.startsWith('/de/static-page/'))).toBe(true);
    expect(paths.filter((p) => p.startsWith('/de/') && !localized(p.slice(3)))).toEqual([]);
  });

  it('a German list page: canonical and hreflang alternates for every language plus x-default', async () => {
    const html = await (await get('/de/products/all/all?sort=desc')).text();
    expect(canonical(html)).toBe(`${base}/de/products/all/all`);
    expect(alternates(html)).toEqual({
      en: `${base}/products/all/all`,
      de: `${base}/de/products/all/all`,
      fr: `${base}/fr/products/all/all`,
      'x-default': `${base}/products/all/all`,
    });
  });

  it('a product page in French names its own address and its alternates; its links are French', async () => {
    const list = await (await get('/products/all/all')).text();
    const product = hrefs(list).find((p) => /^\/products\/[^/]+\/[^/]+\/\d+$/.test(p))!;
    const html = await (await get(`/fr${product}`)).text();
    expect(langOf(html)).toBe('fr');
    expect(canonical(html)).toBe(`${base}/fr${product}`);
    expect(alternates(html)['x-default']).toBe(`${base}${product}`);
    expect(alternates(html).de).toBe(`${base}/de${product}`);
    expect(hrefs(html).filter((p) => localized(p) && !p.startsWith('/fr/'))).toEqual([]);
  });

  it('a missing page under /de/ is a German 404, and the guest page cache keeps languages apart', async () => {
    const missing = await get('/de/static-page/no-such-page');
    expect(missing.status).toBe(404);
    expect(langOf(await missing.text())).toBe('de');
    const english = await get('/static-page/no-such-page');
    expect(english.status).toBe(404);
    expect(langOf(await english.text())).toBe('en');
    for (const path of ['/de/faq', '/faq', '/de/faq', '/faq'])
      expect(langOf(await (await get(path)).text())).toBe(path.startsWith('/de') ? 'de' : 'en');
  });

  it('the no-JavaScript picker stores the choice and returns to the same page at its new address', async () => {
    const res = await get(
      `/locale?languageId=${ids.fr}&redirect=${encodeURIComponent('/de/products/all/all?sort=desc')}`,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/fr/products/all/all?sort=desc');
    expect(res.headers.getSetCookie().join('\n')).toContain(`languageId=${ids.fr}`);
    const back = await get(`/locale?languageId=${ids.en}&redirect=${encodeURIComponent('/fr/faq')}`);
    expect(back.headers.get('location')).toBe('/faq');
  });

  it('the back office and the API have no language address', async () => {
    expect((await get('/de/admin')).status).toBe(404);
    expect((await get('/de/api/health')).status).toBe(404);
    expect((await get('/api/health')).status).toBe(200);
  });

  it('hostile language addresses: never a 500, never a redirect off the site', async () => {
    for (const path of [
      '/en//evil.example',
      '//evil.example',
      '/en/%2F%2Fevil.example',
      '/de/%00',
      '/de/%C3%28',
      '/DE/faq',
      '/de/de/faq',
      '/de/locale?redirect=//evil.example',
      '/en/%0d%0aSet-Cookie:%20a=b',
      `/de/${'x'.repeat(4000)}`,
    ]) {
      const res = await get(path);
      expect(res.status, path).toBeLessThan(500);
      const location = res.headers.get('location');
      if (location !== null) expect(new URL(location, base).origin, path).toBe(new URL(base).origin);
      expect(res.headers.getSetCookie().join('\n'), path).not.toMatch(/\ba=b/);
    }
  });
});
