import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/server/db/client';
import { currencies, languages, settings } from '@/server/db/schema/index';
import { forgetDatabase } from '@/server/i18n/index';
import {
  type CookieReader,
  EUR_FALLBACK,
  invalidateShopBasics,
  loadShopBasics,
  resolveRequestContext,
} from '@/server/services/request-context';
import { createTestDatabase } from '../helpers/db';

const cookies = (values: Record<string, string>): CookieReader => ({
  get: (name) => (name in values ? { value: values[name]! } : undefined),
});

let database: Database;
let deId: number;

beforeAll(async () => {
  database = await createTestDatabase({ seed: 'none' });
});

afterAll(async () => {
  forgetDatabase(database.db);
  invalidateShopBasics(database.db);
  await database.close();
});

describe('resolveRequestContext', () => {
  it('works on an empty database: English, built-in EUR, no settings', async () => {
    const ctx = await resolveRequestContext(database.db, cookies({ languageId: '5', currency: 'USD' }));
    expect(ctx.language.code).toBe('en');
    expect(ctx.currency).toEqual(EUR_FALLBACK);
    expect(ctx.settings).toBeNull();
    expect(ctx.t('notFound.title')).toBe('Oops! Page Not Found');
  });

  it('reads languages, currencies and settings once per short period', async () => {
    const rows = await database.db
      .insert(languages)
      .values([
        { code: 'fr', title: 'Français', position: 2 },
        { code: 'en', title: 'English', isDefault: true, position: 0 },
        { code: 'de', title: 'Deutsch', position: 1 },
      ])
      .returning();
    deId = rows.find((r) => r.code === 'de')!.id;
    await database.db.insert(currencies).values([
      { code: 'EUR', symbol: '€', value: '1', isDefault: true, position: 0 },
      { code: 'GBP', symbol: '£', value: '0.86', position: 1 },
    ]);
    await database.db.insert(settings).values({ id: 1, copyright: '© Gear Shop' });

    // Still the cached (empty) snapshot from the first test.
    expect((await loadShopBasics(database.db)).languages).toEqual([]);
    invalidateShopBasics(database.db);
    const basics = await loadShopBasics(database.db);
    expect(basics.languages.map((l) => l.code)).toEqual(['en', 'de', 'fr']);
    expect(basics.currencies.map((c) => c.code)).toEqual(['EUR', 'GBP']);
    expect(basics.settings?.copyright).toBe('© Gear Shop');
    expect(await loadShopBasics(database.db)).toBe(basics);
    // Past the time limit the tables are read again.
    expect(await loadShopBasics(database.db, Date.now() + 60_000)).not.toBe(basics);
  });

  it('follows the cookies when they name a loaded language and currency', async () => {
    const ctx = await resolveRequestContext(database.db, cookies({ languageId: String(deId), currency: 'GBP' }));
    expect(ctx.language.code).toBe('de');
    expect(ctx.currency.symbol).toBe('£');
    expect(ctx.t('header.nav.contact')).toBe('KONTAKT');
  });

  it('falls back to the defaults for unknown cookie values', async () => {
    const ctx = await resolveRequestContext(database.db, cookies({ languageId: 'de', currency: 'XYZ' }));
    expect(ctx.language.code).toBe('en');
    expect(ctx.currency.code).toBe('EUR');
  });

  it('resolves concurrent requests in different languages independently', async () => {
    const list = (await loadShopBasics(database.db)).languages;
    const results = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const language = list[i % list.length]!;
        await new Promise((r) => setTimeout(r, Math.random() * 4));
        const ctx = await resolveRequestContext(database.db, cookies({ languageId: String(language.id) }));
        await new Promise((r) => setTimeout(r, Math.random() * 4));
        return { code: language.code, text: ctx.t('cart.empty') };
      }),
    );
    const expected: Record<string, string> = {
      en: 'Your cart is empty',
      de: 'Ihr Warenkorb ist leer',
      fr: 'Votre panier est vide',
    };
    for (const r of results) expect(r.text).toBe(expected[r.code]);
  });
});
