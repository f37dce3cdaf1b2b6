import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adminText } from '@/lib/admin-text';
import { adminMessages, adminTextsFor, getAdminTranslator } from '@/server/i18n/admin-messages';
import { placeholders } from '@/server/i18n/messages';

const root = new URL('../../src/i18n/admin/', import.meta.url);
const areas = readdirSync(new URL('en/', root)).filter((name) => name.endsWith('.json'));
const read = (code: string, area: string): Record<string, string> => JSON.parse(readFileSync(new URL(`${code}/${area}`, root), 'utf8'));

describe('admin message files (src/i18n/admin/{language}/{area}.json)', () => {
  it('every language has the same area files', () => {
    for (const code of ['de', 'fr']) expect(readdirSync(new URL(`${code}/`, root)).sort()).toEqual(areas.sort());
  });

  for (const area of areas) {
    describe(area, () => {
      const en = read('en', area);
      const prefix = `admin.${area.replace(/\.json$/, '')}.`;

      it(`keys start with ${prefix} and texts are not empty`, () => {
        for (const [key, value] of Object.entries(en)) {
          expect(key.startsWith(prefix), key).toBe(true);
          expect(value.trim(), key).not.toBe('');
        }
      });

      for (const code of ['de', 'fr']) {
        it(`${code} has exactly the English keys, the same placeholders, and is translated`, () => {
          const other = read(code, area);
          expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
          const mismatched = Object.keys(en).filter((key) => placeholders(other[key] ?? '').join() !== placeholders(en[key]!).join());
          expect(mismatched).toEqual([]);
          const empty = Object.entries(other).filter(([, value]) => value.trim() === '');
          expect(empty).toEqual([]);
          // Short words (OK, SKU, E-Mail) may stay the same; an untranslated file would not.
          const same = Object.keys(en).filter((key) => other[key] === en[key] && en[key]!.length > 12);
          expect(same).toEqual([]);
        });
      }

      it('names no key twice (JSON.parse would keep only the last)', () => {
        for (const code of ['en', 'de', 'fr']) {
          const text = readFileSync(new URL(`${code}/${area}`, root), 'utf8');
          const keys = [...text.matchAll(/^\s*"((?:[^"\\]|\\.)+)"\s*:/gm)].map((m) => m[1]);
          expect(new Set(keys).size, `${code}/${area}`).toBe(keys.length);
        }
      });
    });
  }
});

describe('admin translator', () => {
  it('speaks the language and falls back to English for a language without files', async () => {
    expect((await getAdminTranslator('de'))('admin.frame.nav.orders')).toBe('Bestellungen');
    expect((await getAdminTranslator('FR'))('admin.frame.nav.orders')).toBe('Commandes');
    expect((await getAdminTranslator('es'))('admin.frame.nav.orders')).toBe('Orders');
    expect((await getAdminTranslator('de'))('admin.frame.signedInAs', { email: 'a@b.c', role: 'x' })).toBe('Angemeldet als a@b.c (x)');
    expect(Object.keys(adminMessages('es'))).toEqual([]);
  });

  it('hands an island only its area, English under the language', () => {
    const texts = adminTextsFor('de', 'admin.frame.nav.');
    expect(Object.keys(texts).every((key) => key.startsWith('admin.frame.nav.'))).toBe(true);
    expect(texts['admin.frame.nav.media']).toBe('Mediathek');
    const t = adminText({ greeting: 'Hallo {{name}}' });
    expect(t('greeting', { name: 'Ana' })).toBe('Hallo Ana');
    expect(t('missing.key')).toBe('missing.key');
  });
});
