import { describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { loadBlockData, pageBlocks } from '@/server/services/page-blocks.server';
import { useTestDatabase } from '../helpers/db';

/** The same endpoints over the demo shop the first start seeds: what a visitor really gets. */
const database = useTestDatabase({ seed: 'demo' });
const api = createApi();

async function get(path: string) {
  const res = await api.request(path);
  expect(res.status, path).toBe(200);
  return (await res.json()) as any;
}

describe('content API on the demo shop', () => {
  it('has three languages and currencies with EUR and English as defaults', async () => {
    const languages = (await get('/api/languages')).payload;
    expect(languages.map((l: { code: string; default: number }) => [l.code, l.default])).toEqual([
      ['en', 1],
      ['de', 0],
      ['fr', 0],
    ]);
    const currencies = (await get('/api/currencies')).payload;
    expect(currencies.map((c: { code: string }) => c.code)).toEqual(['EUR', 'USD', 'GBP']);
    expect(currencies[0]).toEqual({ code: 'EUR', symbol: '€', value: 1, default: 1 });
    expect(database()).toBeTruthy();
  });

  it('names the categories in German for lang_id of de', async () => {
    const languages = (await get('/api/languages')).payload as { id: number; code: string }[];
    const de = languages.find((l) => l.code === 'de')!.id;
    const en = (await get('/api/categories?topLevel=1')).payload as { id: number; name: string }[];
    const german = (await get(`/api/categories?topLevel=1&lang_id=${de}`)).payload as { id: number; name: string }[];
    expect(german.map((c) => c.id)).toEqual(en.map((c) => c.id));
    expect(german.length).toBeGreaterThan(1);
    // Every demo category is translated, so no German name equals its English one here
    // unless the word is the same in both languages (e.g. "Outdoor").
    expect(german.filter((c, i) => c.name !== en[i]!.name).length).toBeGreaterThan(0);
    const tree = (await get(`/api/categories?lang_id=${de}`)).payload as { subcategories: unknown[] }[];
    expect(tree.some((c) => c.subcategories.length > 0)).toBe(true);
  });

  it('has 5 featured tiles, a cookie, terms and privacy page, FAQs and settings', async () => {
    expect((await get('/api/categories/featured')).payload).toHaveLength(5);
    const pages = (await get('/api/static-pages')).payload as {
      slug: string;
      is_cookie: boolean;
      is_terms: boolean;
      is_privacy: boolean;
    }[];
    expect(pages.filter((p) => p.is_cookie)).toHaveLength(1);
    expect(pages.filter((p) => p.is_terms)).toHaveLength(1);
    expect(pages.filter((p) => p.is_privacy)).toHaveLength(1);
    const page = (await get(`/api/static-pages/${pages[0]!.slug}`)).payload;
    expect(page.content).not.toMatch(/<script/i);
    const faqs = await get('/api/faqs');
    expect(faqs.faqs.length).toBeGreaterThan(0);
    const settings = (await get('/api/settings?currency=USD')).payload;
    expect(settings).toMatchObject({ is_reg_enabled: true, vat_percent: 21, min_top_up_amount: expect.any(Number) });
    expect(settings).not.toHaveProperty('phone_payment_global');
    expect((await get('/api/countries')).payload.length).toBeGreaterThan(0);
    expect((await get('/api/social-links')).payload.length).toBeGreaterThan(0);
  });

  it('has a published "Summer sale" landing page of blocks, last in the footer, in English, German and French', async () => {
    const languages = (await get('/api/languages')).payload as { id: number; code: string }[];
    const lang = Object.fromEntries(languages.map((l) => [l.code, l.id])) as Record<'en' | 'de' | 'fr', number>;
    const pages = (await get('/api/static-pages')).payload as { id: number; slug: string; title: string }[];
    // The six hand-written pages, then the landing page.
    expect(pages.map((p) => p.slug)).toEqual([
      'about',
      'shipping',
      'returns',
      'terms',
      'privacy',
      'cookie-policy',
      'summer-sale',
    ]);
    const landing = pages.at(-1)!;
    expect(landing.title).toBe('Summer sale');

    const en = (await get(`/api/static-pages/${landing.id}`)).payload;
    expect(en.layout).toBe('blocks');
    expect(en.blocks.map((b: { type: string }) => b.type)).toEqual(['hero', 'rich_text', 'product_grid', 'faq', 'cta']);
    const [hero, intro, grid, faq] = en.blocks;
    expect(hero).toMatchObject({
      heading: 'Summer sale',
      image: { asset_id: expect.any(Number) },
      button: { label: 'Shop the sale', href: '/products/all/all?sale=true' },
    });
    expect(intro.html).toContain('<a href="/static-page/returns">30-day returns</a>');
    expect(grid).toMatchObject({ source: { kind: 'sale' }, count: 8 });
    expect(faq.faq_ids).toHaveLength(3);

    const de = (await get(`/api/static-pages/summer-sale?lang_id=${lang.de}`)).payload;
    expect(de.title).toBe('Sommerschlussverkauf');
    expect(de.blocks.map((b: { heading?: string }) => b.heading ?? null)).toEqual([
      'Sommerschlussverkauf',
      null,
      'Jetzt reduziert',
      'Fragen vor dem Kauf',
      'Jede Woche neue Ausrüstung',
    ]);
    const fr = (await get(`/api/static-pages/summer-sale?lang_id=${lang.fr}`)).payload;
    expect(fr.blocks[0]).toMatchObject({
      heading: "Soldes d'été",
      button: { label: 'Voir les soldes', href: '/products/all/all?sale=true' },
    });

    // What the page renders: its photo from the pipeline, 8 products on sale, the 3 questions.
    const db = database().db;
    const blocks = (await pageBlocks(db, landing.id, lang.de))!;
    const data = await loadBlockData(db, blocks, { languageId: lang.de, currency: { code: 'EUR', value: '1' } });
    expect(data.photos.get(hero.image.asset_id)).toMatchObject({
      width: 1600,
      height: 800,
      url: expect.stringMatching(/^\/media\/[0-9a-f]{64}\/\d+\.jpg$/),
    });
    const products = data.products.get('grid')!;
    expect(products).toHaveLength(8);
    expect(products.every((p) => p.old_price !== null)).toBe(true);
    expect(data.faqs.size).toBe(3);
  });
});
