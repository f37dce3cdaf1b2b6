/**
 * A production shop's base data (seed/base.ts, ADR 018): what an empty database gets, that a
 * second start adds nothing, and that a database holding anything of a shop gets nothing. The
 * public API then answers as a shop that sells nowhere yet. Both engines.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '@/server/db/client';
import { createApi } from '@/server/api/app';
import { readMessages } from '@/server/db/seed/i18n';
import { seedBaseIfEmpty, seedDemo } from '@/server/db/seed/index';
import { createTestDatabase, useTestDatabase } from '../helpers/db';
import { createApiSession, createUser } from '../helpers/session';

async function rows<T>(db: Db, query: string): Promise<T[]> {
  const result = await db.execute(sql.raw(query));
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
const count = async (db: Db, table: string) =>
  Number((await rows<{ n: number }>(db, `select count(*)::int as n from ${table}`))[0]!.n);

const ALL_TABLES = [
  'languages',
  'localizations',
  'currencies',
  'countries',
  'shipping_zones',
  'shipping_rates',
  'settings',
  'static_pages',
  'static_page_translations',
  'faqs',
  'social_links',
  'featured_categories',
  'categories',
  'products',
  'product_images',
  'variations',
  'reviews',
  'promo_codes',
  'vat_rates',
  'users',
  'orders',
  'media_assets',
  'newsletter_subscriptions',
];
const countAll = async (db: Db) =>
  Object.fromEntries(await Promise.all(ALL_TABLES.map(async (t) => [t, await count(db, t)] as const)));

const database = useTestDatabase({ seed: 'none' });
const api = createApi();

describe('the base data of an empty production database', () => {
  let db: Db;
  beforeAll(async () => {
    db = database().db;
    expect(await seedBaseIfEmpty(db)).toBe(true);
  }, 120_000);

  it('has the three languages (en the default) with every UI text of the message files', async () => {
    expect(await rows(db, 'select code, title, is_default from languages order by position')).toEqual([
      { code: 'en', title: 'English', is_default: true },
      { code: 'de', title: 'Deutsch', is_default: false },
      { code: 'fr', title: 'Français', is_default: false },
    ]);
    for (const code of ['en', 'de', 'fr']) {
      const stored = await rows<{ n: number }>(
        db,
        `select count(*)::int as n from localizations l join languages g on g.id = l.language_id where g.code = '${code}'`,
      );
      expect(stored[0]!.n, code).toBe(Object.keys(readMessages(code)).length);
    }
  });

  it('has EUR as the default currency and the others present but switched off', async () => {
    expect(await rows(db, 'select code, is_default, enabled from currencies order by position')).toEqual([
      { code: 'EUR', is_default: true, enabled: true },
      { code: 'USD', is_default: false, enabled: false },
      { code: 'GBP', is_default: false, enabled: false },
    ]);
    const { status, body } = await createApiSession(api).get('/api/currencies');
    expect(status).toBe(200);
    expect(body.payload).toEqual([{ code: 'EUR', symbol: '€', value: 1, default: 1 }]);
    // A currency that is off is refused like an unknown one.
    expect((await createApiSession(api).get('/api/static-pages?currency=USD')).status).toBe(422);
    expect((await createApiSession(api).get('/api/static-pages?currency=EUR')).status).toBe(200);
  });

  it('has every ISO 3166-1 country with its English name, none served, all in the one delivery zone with its price', async () => {
    expect(await count(db, 'countries')).toBe(249);
    expect(await rows(db, 'select count(*)::int as n from countries where served')).toEqual([{ n: 0 }]);
    expect(
      await rows(
        db,
        'select code, name, cost_cents, free_over_cents from shipping_zones z join shipping_rates r on r.zone_id = z.id',
      ),
    ).toEqual([{ code: 'STANDARD', name: 'Standard delivery', cost_cents: 499, free_over_cents: null }]);
    expect(
      await rows(db, 'select count(*)::int as n from countries where zone_id is null or not delivery_available'),
    ).toEqual([{ n: 0 }]);
    // Nobody can order anywhere until the owner chooses the countries (/admin/shipping).
    const listed = await createApiSession(api).get('/api/countries');
    expect(listed.status).toBe(200);
    expect(listed.body.payload).toEqual([]);
    const some = await rows(
      db,
      "select iso, name, postcode_pattern from countries where iso in ('DE', 'GB', 'CI', 'AX', 'KP') order by iso",
    );
    expect(some).toEqual([
      { iso: 'AX', name: 'Åland Islands', postcode_pattern: null },
      { iso: 'CI', name: 'Côte d’Ivoire', postcode_pattern: null },
      { iso: 'DE', name: 'Germany', postcode_pattern: '^[0-9]{5}$' },
      { iso: 'GB', name: 'United Kingdom', postcode_pattern: '^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$' },
      { iso: 'KP', name: 'North Korea', postcode_pattern: null },
    ]);
  });

  it('has one settings row with empty values, and the legal pages as unpublished drafts in three languages', async () => {
    expect(
      await rows(
        db,
        'select id, shop_name, legal_name, vat_id, contact_phone, home_country_id, support_email, requisites, copyright, company_address, google_tag, phone_payment_global, phone_payment_uk_eu from settings',
      ),
    ).toEqual([
      {
        id: 1,
        shop_name: '',
        legal_name: '',
        vat_id: '',
        contact_phone: '',
        home_country_id: null,
        support_email: '',
        requisites: '',
        copyright: '',
        company_address: '',
        google_tag: '',
        phone_payment_global: '',
        phone_payment_uk_eu: '',
      },
    ]);
    expect(
      await rows(db, 'select slug, title, is_terms, is_privacy, published from static_pages order by position'),
    ).toEqual([
      { slug: 'terms', title: 'Terms and conditions', is_terms: true, is_privacy: false, published: false },
      { slug: 'privacy', title: 'Privacy policy', is_terms: false, is_privacy: true, published: false },
      { slug: 'imprint', title: 'Imprint', is_terms: false, is_privacy: false, published: false },
      {
        slug: 'right-of-withdrawal',
        title: 'Right of withdrawal',
        is_terms: false,
        is_privacy: false,
        published: false,
      },
    ]);
    expect(
      await rows(
        db,
        "select p.slug, t.title from static_page_translations t join static_pages p on p.id = t.page_id join languages l on l.id = t.language_id where l.code = 'de' order by p.position",
      ),
    ).toEqual([
      { slug: 'terms', title: 'Allgemeine Geschäftsbedingungen' },
      { slug: 'privacy', title: 'Datenschutzerklärung' },
      { slug: 'imprint', title: 'Impressum' },
      { slug: 'right-of-withdrawal', title: 'Widerrufsbelehrung' },
    ]);
    // Drafts: nothing public until the owner publishes them.
    const pages = await createApiSession(api).get('/api/static-pages');
    expect(pages.status).toBe(200);
    expect(pages.body.payload).toEqual([]);
  });

  it('has nothing of the demo: no product, category, order, account, promo code, photo, tile, FAQ or tag', async () => {
    const counts = await countAll(db);
    for (const table of [
      'faqs',
      'social_links',
      'featured_categories',
      'categories',
      'products',
      'product_images',
      'variations',
      'reviews',
      'promo_codes',
      'vat_rates',
      'users',
      'orders',
      'media_assets',
      'newsletter_subscriptions',
    ]) {
      expect(counts[table], table).toBe(0);
    }
  });

  it('adds nothing on a second start', async () => {
    const before = await countAll(db);
    expect(await seedBaseIfEmpty(db)).toBe(false);
    expect(await countAll(db)).toEqual(before);
  });
});

describe('a database that already has data', () => {
  const opened: Database[] = [];
  afterAll(async () => {
    for (const d of opened) await d.close();
  });

  it('gets nothing: an account alone, or the demo shop', async () => {
    const withAccount = await createTestDatabase({ seed: 'none' });
    opened.push(withAccount);
    await createUser(withAccount.db, { email: 'owner@example.com', password: 'Owner1234!' });
    expect(await seedBaseIfEmpty(withAccount.db)).toBe(false);
    expect(await countAll(withAccount.db)).toMatchObject({
      languages: 0,
      currencies: 0,
      countries: 0,
      settings: 0,
      static_pages: 0,
      users: 1,
    });

    const demo = await createTestDatabase({ seed: 'demo' });
    opened.push(demo);
    const before = await countAll(demo.db);
    expect(await seedBaseIfEmpty(demo.db)).toBe(false);
    expect(await countAll(demo.db)).toEqual(before);
  }, 120_000);

  it('the demo seed stays as it was: its three currencies offered (the yen kept off, ADR 034), its 50 countries served but the 5 under sanctions', async () => {
    const demo = await createTestDatabase({ seed: 'none' });
    opened.push(demo);
    await seedDemo(demo.db, { passwords: 'published' });
    expect(await rows(demo.db, 'select code, enabled from currencies order by position')).toEqual([
      { code: 'EUR', enabled: true },
      { code: 'USD', enabled: true },
      { code: 'GBP', enabled: true },
      { code: 'JPY', enabled: false },
    ]);
    expect(
      await rows(demo.db, 'select count(*)::int as n, count(*) filter (where served)::int as served from countries'),
    ).toEqual([{ n: 50, served: 45 }]);
    expect(await rows(demo.db, 'select count(*)::int as n from static_pages where not published')).toEqual([{ n: 0 }]);
  }, 180_000);
});
