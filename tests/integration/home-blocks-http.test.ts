/**
 * The home page's hero and featured area as blocks (issue 17, ADR 027) through the real server
 * (`npm start`, demo data, real HTTP, both engines with TEST_DATABASE_URL): without a home page
 * record the page is the spec's; creating the record changes nothing a visitor sees; a draft stays
 * unseen until it is published (a preview link shows it on /, never cached, noindex); the
 * published blocks show on / at once (the guest page cache is emptied); another language keeps its
 * own default texts field by field; the record is no page of its own (no /static-page, footer or
 * sitemap entry); unpublishing it brings the spec's home page back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer } from '../helpers/demo-server';
import { cleanupServers } from '../helpers/server';
import { type ShopClient, shopClient } from '../helpers/shop-client';

let base: string;
let drop: () => Promise<void> = async () => {};
let editor: ShopClient;
let homeId: number;
const lang: Record<string, number> = {};

const SPEC_TILES = [
  'Outdoor Adventure',
  'Sports Equipment',
  'Fitness Essentials',
  'Apparel & Footwear',
  'Accessories & Tech',
];
const SPEC_HREFS = [
  '/products/outdoor-adventure/all',
  '/products/sports-equipment/all',
  '/products/fitness-essentials/all',
  '/products/apparel-and-footwear/all',
  '/products/accessories-and-tech/all',
];
const DE_TILES = ['Outdoor-Abenteuer'];

beforeAll(async () => {
  ({ base, drop } = await startDemoServer({ RATE_LIMIT_MULTIPLIER: '1000' }));
  editor = shopClient(base);
  await editor.signIn('editor@example.com', 'Editor1234!');
  for (const l of (await editor.call('GET', '/api/languages')).json().payload as { id: number; code: string }[])
    lang[l.code] = l.id;
  // Without the demo's featured categories every tile is the spec's default.
  for (const f of (await editor.call('GET', '/api/admin/featured-categories')).json().payload as { id: number }[]) {
    expect((await editor.call('DELETE', `/api/admin/featured-categories/${f.id}`)).status).toBe(200);
  }
}, 300_000);

afterAll(async () => {
  cleanupServers();
  await drop();
});

const get = (path: string) => fetch(`${base}${path}`, { redirect: 'manual' });
const html = async (path: string) => (await get(path)).text();
const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"');
const hero = (page: string) => /<section[^>]*class="hero"[\s\S]*?<\/section>/.exec(page)?.[0] ?? '';
const featured = (page: string) =>
  /<section[^>]*aria-labelledby="featured-title"[\s\S]*?<\/section>/.exec(page)?.[0] ?? '';
const h1 = (page: string) => decode(/<h1[^>]*>([^<]*)<\/h1>/.exec(page)?.[1] ?? '');
const lead = (page: string) => decode(/<p class="lead"[^>]*>([^<]*)<\/p>/.exec(hero(page))?.[1] ?? '');
const tileTitles = (page: string) =>
  [...featured(page).matchAll(/<span class="tile-title"[^>]*>([^<]*)<\/span>/g)].map((m) => decode(m[1]!));
const tileHrefs = (page: string) => [...featured(page).matchAll(/<a href="([^"]*)"/g)].map((m) => m[1]!);

let before: { en: string; de: string };

describe('the home page without a home page record', () => {
  it("is the spec's: hero with shop-now and the five tiles with their default texts and links", async () => {
    const en = await html('/');
    expect(h1(en)).toBe('Gear up for your next adventure');
    expect(lead(en)).toBe(
      'Outdoor, sports, fitness and tech equipment from top brands, shipped fast, backed by experts.',
    );
    expect(hero(en)).toContain('<a class="button" href="/products/all/all"');
    expect(hero(en)).toContain('Shop now');
    expect(featured(en)).toContain('Shop by area');
    expect(tileTitles(en)).toEqual(SPEC_TILES);
    expect(tileHrefs(en)).toEqual(SPEC_HREFS);
    expect(en).not.toContain('rel="preload" as="image"');
    const de = await html('/de/');
    expect(h1(de)).toBe('Ausgerüstet für Ihr nächstes Abenteuer');
    expect(lead(de)).toBe('Outdoor-, Sport-, Fitness- und Technikausrüstung von Marken, denen Sie vertrauen.');
    expect(tileTitles(de)[0]).toBe(DE_TILES[0]);
    before = { en, de };
  });
});

describe('the home page record', () => {
  it('is for editors only', async () => {
    expect((await fetch(`${base}/api/admin/home-page`, { method: 'POST' })).status).toBeGreaterThanOrEqual(401);
    const customer = shopClient(base);
    await customer.signIn('demo@example.com', 'Demo1234!');
    expect((await customer.call('POST', '/api/admin/home-page')).status).toBe(403);
  });

  it('is created once from the home page as shown, and changes nothing a visitor sees', async () => {
    const created = await editor.call('POST', '/api/admin/home-page');
    expect(created.status, created.body).toBe(201);
    const page = created.json().payload;
    expect(page).toMatchObject({ is_home: true, published: true });
    homeId = page.id;
    const again = await editor.call('POST', '/api/admin/home-page');
    expect(again.status).toBe(200);
    expect(again.json().payload.id).toBe(homeId);
    const blocks = (await editor.call('GET', `/api/admin/static-pages/${homeId}/blocks`)).json().payload;
    expect(blocks.layout).toBe('blocks');
    expect(blocks.blocks.map((b: { id: string; type: string }) => `${b.id}:${b.type}`)).toEqual([
      'home-hero:hero',
      'home-featured:featured',
    ]);
    const en = await html('/');
    expect(hero(en)).toBe(hero(before.en));
    expect(featured(en)).toBe(featured(before.en));
    const de = await html('/de/');
    expect(hero(de)).toBe(hero(before.de));
    expect(featured(de)).toBe(featured(before.de));
  });

  it('is no page of its own: not at /static-page, not in the footer, the sitemap or the public list', async () => {
    const page = (await editor.call('GET', `/api/admin/static-pages/${homeId}`)).json().payload;
    expect((await get(`/static-page/${page.slug}`)).status).toBe(404);
    expect((await get(`/static-page/${homeId}`)).status).toBe(404);
    expect(await html('/')).not.toContain(`/static-page/${homeId}"`);
    expect(await html('/sitemap.xml')).not.toContain(`/static-page/${homeId}<`);
    const list = (await (await get('/api/static-pages')).json()) as { payload: { id: number }[] };
    expect(list.payload.map((p) => p.id)).not.toContain(homeId);
  });
});

describe('editing the home blocks', () => {
  const edited = async () => {
    const { blocks } = (await editor.call('GET', `/api/admin/static-pages/${homeId}/blocks`)).json().payload;
    blocks[0].heading = 'Winter gear is here';
    blocks[1].tiles[1] = { ...blocks[1].tiles[1], title: 'Team sports', description: 'Balls, nets and goals.' };
    return blocks;
  };

  it('keeps a draft unseen; a preview link shows it on /, uncached and noindex', async () => {
    const draft = await editor.call('PUT', `/api/admin/static-pages/${homeId}/draft`, { blocks: await edited() });
    expect(draft.status, draft.body).toBe(200);
    const texts = await editor.call('PUT', `/api/admin/static-pages/${homeId}/draft`, {
      language_id: lang.de,
      texts: { 'home-hero': { heading: 'Winterausrüstung ist da' } },
    });
    expect(texts.status, texts.body).toBe(200);
    expect(h1(await html('/'))).toBe('Gear up for your next adventure');
    const link = await editor.call('POST', `/api/admin/static-pages/${homeId}/preview-link`, { hours: 1 });
    expect(link.status).toBe(201);
    const url: string = link.json().payload.url;
    expect(url).toMatch(/^\/\?preview=\d+\.\d+\.[\w-]{43}$/);
    const preview = await get(url);
    expect(preview.headers.get('x-robots-tag')).toBe('noindex');
    const shown = await preview.text();
    expect(h1(shown)).toBe('Winter gear is here');
    expect(tileTitles(shown)[1]).toBe('Team sports');
    expect(h1(await html(`/de${url}`))).toBe('Winterausrüstung ist da');
    // A forged link is the published page.
    expect(h1(await html('/?preview=1.9999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'))).toBe(
      'Gear up for your next adventure',
    );
  });

  it('shows the published blocks on / at once; German keeps its own default where it has no text', async () => {
    // The guest page cache holds / from the requests before.
    expect(h1(await html('/'))).toBe('Gear up for your next adventure');
    const published = await editor.call('POST', `/api/admin/static-pages/${homeId}/draft/publish`);
    expect(published.status, published.body).toBe(200);
    const en = await html('/');
    expect(h1(en)).toBe('Winter gear is here');
    expect(lead(en)).toBe(
      'Outdoor, sports, fitness and tech equipment from top brands, shipped fast, backed by experts.',
    );
    expect(tileTitles(en)).toEqual([SPEC_TILES[0], 'Team sports', ...SPEC_TILES.slice(2)]);
    expect(featured(en)).toContain('Balls, nets and goals.');
    expect(tileHrefs(en)).toEqual(SPEC_HREFS);
    const de = await html('/de/');
    expect(h1(de)).toBe('Winterausrüstung ist da');
    // No German subtitle or tile text: the German defaults, never the English edits.
    expect(lead(de)).toBe('Outdoor-, Sport-, Fitness- und Technikausrüstung von Marken, denen Sie vertrauen.');
    expect(tileTitles(de)[1]).not.toBe('Team sports');
    expect(tileTitles(de)[1]).toBe(tileTitles(before.de)[1]);
    expect(hero(de)).toContain('Jetzt einkaufen');
  });

  it('a tile photo from the media library and a hero photo (preloaded as the LCP image)', async () => {
    // The demo's landing page photo.
    const asset = (await editor.call('GET', '/api/admin/media?limit=1')).json().payload.assets[0] as { id: number };
    expect(asset).toBeDefined();
    const { blocks } = (await editor.call('GET', `/api/admin/static-pages/${homeId}/blocks`)).json().payload;
    blocks[0].image = { asset_id: asset.id };
    blocks[1].tiles[0].image = { asset_id: asset.id };
    const saved = await editor.call('PUT', `/api/admin/static-pages/${homeId}/blocks`, { blocks });
    expect(saved.status, saved.body).toBe(200);
    const en = await html('/');
    expect(en).toMatch(/<link rel="preload" as="image"[^>]*fetchpriority="high"/);
    expect(hero(en)).toMatch(/fetchpriority="high"/);
    const firstTile = featured(en).split('tile tile-2')[0]!;
    expect(firstTile).toContain('href="/products/outdoor-adventure/all"');
    expect(firstTile).toMatch(/<img src="\/media\//);
  });

  it("unpublishing the record brings the spec's home page back", async () => {
    const off = await editor.call('PUT', `/api/admin/static-pages/${homeId}`, { published: false });
    expect(off.status, off.body).toBe(200);
    const en = await html('/');
    expect(h1(en)).toBe('Gear up for your next adventure');
    expect(tileTitles(en)).toEqual(SPEC_TILES);
  });
});
