import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { staticPages } from '@/server/db/schema/index';
import { fileMessages } from '@/server/i18n/index';
import { getStaticPage, invalidateStaticPages, listStaticPages, publicSettings } from '@/server/services/content';
import { useTestDatabase } from '../helpers/db';
import { type ContentFixture, seedContentFixture } from '../helpers/fixture-content';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
let fx: ContentFixture;

beforeAll(async () => {
  fx = await seedContentFixture(database().db);
});

async function get(path: string) {
  const res = await api.request(path);
  return { res, body: (await res.json()) as Record<string, unknown> & { payload: any } };
}

describe('GET /api/static-pages', () => {
  it('lists published pages in position order with their flags', async () => {
    const { res, body } = await get('/api/static-pages');
    expect(res.status).toBe(200);
    expect(body).toEqual({
      status: 'OK',
      message: null,
      payload: [
        {
          id: fx.pages.about,
          title: 'About us',
          slug: 'about-us',
          is_terms: false,
          is_privacy: false,
          is_cookie: false,
        },
        {
          id: fx.pages.privacy,
          title: 'Privacy',
          slug: 'privacy',
          is_terms: false,
          is_privacy: true,
          is_cookie: false,
        },
        { id: fx.pages.terms, title: 'Terms', slug: 'terms', is_terms: true, is_privacy: false, is_cookie: false },
        {
          id: fx.pages.cookies,
          title: 'Cookies',
          slug: 'cookies',
          is_terms: false,
          is_privacy: false,
          is_cookie: true,
        },
      ],
    });
  });

  it('translates titles, falling back to the base row when missing or blank', async () => {
    const { body } = await get(`/api/static-pages?lang_id=${fx.lang.de}`);
    expect(body.payload.map((p: { title: string }) => p.title)).toEqual(['Über uns', 'Privacy', 'Terms', 'Cookies']);
    const fr = await get(`/api/static-pages?lang_id=${fx.lang.fr}`);
    expect(fr.body.payload.map((p: { title: string }) => p.title)).toEqual(['About us', 'Privacy', 'Terms', 'Cookies']);
  });

  it('answers one page by id or by slug, with sanitised content', async () => {
    const byId = await get(`/api/static-pages/${fx.pages.about}`);
    expect(byId.res.status).toBe(200);
    expect(byId.body).toEqual({
      status: 'OK',
      message: null,
      payload: {
        id: fx.pages.about,
        title: 'About us',
        slug: 'about-us',
        content: '<p>We sell <b>gear</b>.</p>',
        layout: 'html',
        is_terms: false,
        is_privacy: false,
        is_cookie: false,
      },
    });
    const bySlug = await get('/api/static-pages/privacy');
    expect(bySlug.body.payload).toMatchObject({
      id: fx.pages.privacy,
      content: '<p>Privacy text</p>',
      is_privacy: true,
    });
  });

  it('gives the German content, and the English title where the German one is blank', async () => {
    const { body } = await get(`/api/static-pages/terms?lang_id=${fx.lang.de}`);
    expect(body.payload).toMatchObject({ title: 'Terms', content: '<p>AGB-Text</p>', is_terms: true });
    const about = await get(`/api/static-pages/${fx.pages.about}?lang_id=${fx.lang.de}`);
    expect(about.body.payload).toMatchObject({ title: 'Über uns', content: '<p>Wir verkaufen <b>Ausrüstung</b>.</p>' });
  });

  it('answers 404 "Page not found" for unknown, unpublished and absurd ids, in the request language', async () => {
    for (const key of ['999999', 'no-such-page', 'draft', String(fx.pages.draft), 'x'.repeat(300), '1234567890123']) {
      const { res, body } = await get(`/api/static-pages/${key}`);
      expect(res.status, key).toBe(404);
      expect(body).toEqual({ status: 'ERROR', code: 'not_found', message: 'Page not found' });
      expect(res.headers.get('cache-control')).toBeNull();
    }
    const de = await get(`/api/static-pages/nope?lang_id=${fx.lang.de}`);
    expect(de.body.message).toBe('Seite nicht gefunden');
  });

  it('the services answer the same shapes for the page frame', async () => {
    const db = database().db;
    expect((await listStaticPages(db, fx.lang.en)).map((p) => p.slug)).toEqual([
      'about-us',
      'privacy',
      'terms',
      'cookies',
    ]);
    expect(await getStaticPage(db, fx.lang.en, 'draft')).toBeNull();
    expect((await getStaticPage(db, fx.lang.en, fx.pages.cookies))?.is_cookie).toBe(true);
  });
});

describe('GET /api/faqs', () => {
  it('answers {status, faqs, message} with published FAQs in order and sanitised HTML', async () => {
    const { res, body } = await get('/api/faqs');
    expect(res.status).toBe(200);
    expect(body).toEqual({
      status: 'OK',
      message: null,
      faqs: [
        { id: fx.faqs.returns, title: 'Returns?', content: '<p>30 days.</p>', is_popular: false },
        { id: fx.faqs.shipping, title: 'Shipping?', content: '<p>Fast.</p><img src="x" />', is_popular: true },
      ],
    });
    expect(body).not.toHaveProperty('payload');
  });

  it('translates with fallback', async () => {
    const { body } = await get(`/api/faqs?lang_id=${fx.lang.de}`);
    expect((body.faqs as { title: string; content: string }[]).map((f) => [f.title, f.content])).toEqual([
      ['Returns?', '<p>30 days.</p>'],
      ['Versand?', '<p>Schnell.</p>'],
    ]);
  });
});

describe('small lists', () => {
  it('GET /api/social-links in position order', async () => {
    const { body } = await get('/api/social-links');
    expect(body.payload).toEqual([
      { id: expect.any(Number), name: 'Facebook', url: 'https://www.facebook.com/', icon: 'facebook' },
      { id: expect.any(Number), name: 'YouTube', url: 'https://www.youtube.com/', icon: 'youtube' },
    ]);
  });

  it('GET /api/countries ordered by name', async () => {
    const { body } = await get('/api/countries');
    expect(body.payload).toEqual([
      { id: expect.any(Number), name: 'Austria', iso: 'AT' },
      { id: expect.any(Number), name: 'Germany', iso: 'DE' },
      { id: expect.any(Number), name: 'Netherlands', iso: 'NL' },
    ]);
  });

  it('GET /api/languages with name = title and default 1|0', async () => {
    const { body } = await get('/api/languages');
    expect(body).toEqual({
      status: 'OK',
      message: null,
      payload: [
        { id: fx.lang.en, code: 'en', title: 'English', name: 'English', default: 1 },
        { id: fx.lang.de, code: 'de', title: 'Deutsch', name: 'Deutsch', default: 0 },
        { id: fx.lang.fr, code: 'fr', title: 'Français', name: 'Français', default: 0 },
      ],
    });
  });

  it('GET /api/currencies with numeric values', async () => {
    const { body } = await get('/api/currencies');
    expect(body.payload).toEqual([
      { code: 'EUR', symbol: '€', value: 1, default: 1 },
      { code: 'USD', symbol: '$', value: 1.085, default: 0 },
      { code: 'GBP', symbol: '£', value: 0.8575, default: 0 },
    ]);
  });
});

describe('GET /api/settings', () => {
  it('answers the spec fields and the shop identity, amounts in EUR by default', async () => {
    const { body } = await get('/api/settings');
    expect(body).toEqual({
      status: 'OK',
      message: null,
      payload: {
        requisites: 'Fixture Gear Ltd · no. 1',
        copyright: '© Fixture Gear',
        support_email: 'help@fixture.test',
        is_reg_enabled: false,
        min_top_up_amount: 10.05,
        vat_percent: 19.5,
        google_tag: '<script>gtag()</script>',
        company_address: '1 Test Street, Testville',
        shop_name: '',
        legal_name: '',
        vat_id: '',
        contact_phone: '',
        home_country: null,
      },
    });
  });

  it('converts min_top_up_amount to the requested currency, half-up to cents', async () => {
    // 10.05 × 1.085 = 10.90425 → 10.90; × 0.8575 = 8.617875 → 8.62
    expect((await get('/api/settings?currency=USD')).body.payload.min_top_up_amount).toBe(10.9);
    expect((await get('/api/settings?currency=gbp')).body.payload.min_top_up_amount).toBe(8.62);
    expect((await publicSettings(database().db, { value: '1.085' })).min_top_up_amount).toBe(10.9);
  });
});

describe('GET /api/localizations', () => {
  it('answers the message map of the language, English where it lacks a key', async () => {
    const en = await get('/api/localizations');
    expect(en.body.status).toBe('OK');
    expect(en.body.payload['footer.newsletter.success']).toBe('Thank you for subscribing!');
    expect(Object.keys(en.body.payload).length).toBe(Object.keys(fileMessages('en')).length);
    const de = await get(`/api/localizations?lang_id=${fx.lang.de}`);
    expect(de.body.payload['header.search.placeholder']).toBe(fileMessages('de')['header.search.placeholder']);
    expect(de.body.payload['footer.newsletter.success']).toBe('Danke für Ihr Abonnement!');
  });
});

describe('unknown currency or lang_id', () => {
  const paths = [
    '/api/static-pages',
    '/api/static-pages/about-us',
    '/api/faqs',
    '/api/social-links',
    '/api/countries',
    '/api/settings',
    '/api/languages',
    '/api/localizations',
    '/api/currencies',
    '/api/categories',
    '/api/categories/featured',
  ];
  it.each(paths)('%s answers 422 for currency=XXX and lang_id=999', async (path) => {
    const badCurrency = await get(`${path}?currency=XXX`);
    expect(badCurrency.res.status).toBe(422);
    expect(badCurrency.body).toEqual({
      status: 'ERROR',
      code: 'validation_failed',
      message: 'The selected currency is invalid.',
      errors: { currency: ['The selected currency is invalid.'] },
    });
    const badLanguage = await get(`${path}?lang_id=999`);
    expect(badLanguage.res.status).toBe(422);
    expect(badLanguage.body.errors).toEqual({ lang_id: ['The selected language is invalid.'] });
    expect((await get(`${path}?lang_id=de`)).res.status).toBe(422);
  });
});

describe('unpublishing', () => {
  it('hides a page from the list and the detail at once', async () => {
    const db = database().db;
    await db.update(staticPages).set({ published: false }).where(eq(staticPages.id, fx.pages.cookies));
    // An edit through the shop invalidates the footer list; this one is made behind its back.
    invalidateStaticPages(db);
    try {
      expect((await get('/api/static-pages')).body.payload).toHaveLength(3);
      expect((await get('/api/static-pages/cookies')).res.status).toBe(404);
    } finally {
      await db.update(staticPages).set({ published: true }).where(eq(staticPages.id, fx.pages.cookies));
      invalidateStaticPages(db);
    }
  });
});
