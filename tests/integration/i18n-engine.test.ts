import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '@/i18n/messages/en.json';
import type { Database } from '@/server/db/client';
import { languages, localizations } from '@/server/db/schema/index';
import { forgetDatabase, getTranslator, getTranslatorById, invalidate, loadMessages } from '@/server/i18n/index';
import { fileMessages } from '@/server/i18n/messages';
import { createTestDatabase } from '../helpers/db';

let database: Database;
let ids: { en: number; de: number; fr: number };

beforeAll(async () => {
  database = await createTestDatabase({ seed: 'none' });
  const rows = await database.db
    .insert(languages)
    .values([
      { code: 'en', title: 'English', isDefault: true, position: 0 },
      { code: 'de', title: 'Deutsch', position: 1 },
      { code: 'fr', title: 'Français', position: 2 },
    ])
    .returning();
  ids = Object.fromEntries(rows.map((r) => [r.code, r.id])) as typeof ids;
  await database.db.insert(localizations).values([
    // An edited text overrides the file; a key only English has falls back for the others.
    { languageId: ids.de, key: 'header.nav.home', value: 'STARTSEITE' },
    { languageId: ids.en, key: 'test.onlyInEnglish', value: 'Only {{what}} in English' },
    // An empty database value is an unfinished edit: the file text stays.
    { languageId: ids.fr, key: 'cookie.accept', value: '' },
  ]);
});

afterAll(async () => {
  forgetDatabase(database.db);
  await database.close();
});

describe('getTranslator', () => {
  it('translates from the database, then the files, then English', async () => {
    const de = await getTranslator(database.db, 'de');
    expect(de('header.nav.home')).toBe('STARTSEITE');
    expect(de('cart.empty')).toBe('Ihr Warenkorb ist leer');
    expect(de('test.onlyInEnglish', { what: 'this' })).toBe('Only this in English');
    expect(de('no.such.key')).toBe('no.such.key');

    const fr = await getTranslator(database.db, 'FR');
    expect(fr('cookie.accept')).toBe('Accepter');
    expect(fr('header.nav.home')).toBe('ACCUEIL');
  });

  it('interpolates without HTML escaping (Astro escapes on output)', async () => {
    const t = await getTranslator(database.db, 'en');
    expect(t('products.searchResultsFor', { query: '<b>tent</b> & "pegs"' })).toBe(
      'Search Results for "<b>tent</b> & "pegs""',
    );
    expect(t('carousel.slide', { index: 2, total: 5 })).toBe('Slide 2 of 5');
  });

  it('speaks English for a language it does not know', async () => {
    const t = await getTranslator(database.db, 'xx');
    expect(t('notFound.title')).toBe('Oops! Page Not Found');
  });

  it('finds a language by id', async () => {
    expect((await getTranslatorById(database.db, ids.fr))('cart.empty')).toBe('Votre panier est vide');
    expect((await getTranslatorById(database.db, 987_654))('cart.empty')).toBe('Your cart is empty');
  });

  it('serves interleaved concurrent requests each in its own language', async () => {
    const expected: Record<string, string> = {
      en: 'Your wishlist is empty',
      de: 'Ihre Wunschliste ist leer',
      fr: 'Votre liste de souhaits est vide',
    };
    const codes = Object.keys(expected);
    invalidate(); // start cold, so the instances are created while requests interleave
    const requests = Array.from({ length: 300 }, async (_, i) => {
      const code = codes[(i * 7 + (i >> 2)) % codes.length]!;
      await sleep(Math.random() * 5);
      const t = await getTranslator(database.db, code);
      await sleep(Math.random() * 5);
      const first = t('wishlist.empty');
      await sleep(Math.random() * 5);
      return { code, first, second: t('notFound.title'), third: t('carousel.slide', { index: i, total: 300 }) };
    });
    const results = await Promise.all(requests);
    for (const { code, first, second, third } of results) {
      expect(first).toBe(expected[code]);
      expect(second).toBe(fileMessages(code)['notFound.title']);
      expect(third).not.toMatch(/\{\{/);
    }
    expect(new Set(results.map((r) => r.code))).toEqual(new Set(codes));
  });
});

describe('loadMessages', () => {
  it('returns every key of en.json with the language text over English', async () => {
    const de = await loadMessages(database.db, ids.de);
    for (const key of Object.keys(en)) expect(de[key], key).toBeTruthy();
    expect(de['header.nav.home']).toBe('STARTSEITE');
    expect(de['footer.newsletter.subscribing']).toBe('Wird abonniert...');
    expect(de['test.onlyInEnglish']).toBe('Only {{what}} in English');
  });

  it('gives English for an unknown language id, and copies so callers cannot corrupt the cache', async () => {
    const messages = await loadMessages(database.db, 123_456);
    expect(messages['cart.empty']).toBe('Your cart is empty');
    messages['cart.empty'] = 'changed';
    expect((await loadMessages(database.db, 123_456))['cart.empty']).toBe('Your cart is empty');
  });
});

describe('invalidate', () => {
  it('shows an edited message after invalidating its language', async () => {
    const before = await getTranslator(database.db, 'fr');
    expect(before('header.nav.sale')).toBe('SOLDES');
    await database.db.insert(localizations).values({ languageId: ids.fr, key: 'header.nav.sale', value: 'PROMOS' });
    expect((await getTranslator(database.db, 'fr'))('header.nav.sale')).toBe('SOLDES'); // still cached
    invalidate(ids.fr);
    expect((await getTranslator(database.db, 'fr'))('header.nav.sale')).toBe('PROMOS');
    expect(before('header.nav.sale')).toBe('SOLDES'); // a running request keeps its own instance
  });

  it('an English edit reaches the fallback of every language', async () => {
    await database.db
      .update(localizations)
      .set({ value: 'Only {{what}}, edited' })
      .where(eq(localizations.key, 'test.onlyInEnglish'));
    invalidate(ids.en);
    expect((await getTranslator(database.db, 'de'))('test.onlyInEnglish', { what: 'x' })).toBe('Only x, edited');
  });
});
