import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adminText } from '@/lib/admin-text';
import { adminMessages, adminTextsFor, getAdminTranslator } from '@/server/i18n/admin-messages';
import { placeholders } from '@/server/i18n/messages';

const root = new URL('../../src/i18n/admin/', import.meta.url);
const areas = readdirSync(new URL('en/', root)).filter((name) => name.endsWith('.json'));
const read = (code: string, area: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`${code}/${area}`, root), 'utf8'));

const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * A language's keys as the English ones would be: plain keys as they are, and each plural key
 * (`x_one`…) once as `x_*`, after checking it has exactly the forms the language's plural rules
 * ask for (Intl.PluralRules, which i18next uses too).
 */
function withPluralsOf(code: string, keys: string[]): string[] {
  const forms = new Intl.PluralRules(code).resolvedOptions().pluralCategories.slice().sort();
  const plural = new Map<string, string[]>();
  for (const key of keys.filter((k) => PLURAL.test(k)))
    plural.set(key.replace(PLURAL, ''), [...(plural.get(key.replace(PLURAL, '')) ?? []), key.match(PLURAL)![1]!]);
  for (const [base, found] of plural) expect(found.sort(), `${code}: ${base}`).toEqual(forms);
  return [...keys.filter((k) => !PLURAL.test(k)), ...[...plural.keys()].map((base) => `${base}_*`)].sort();
}

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
          // Plural forms are the language's own (French has `_many` besides `_one`/`_other`).
          expect(withPluralsOf(code, Object.keys(other))).toEqual(withPluralsOf('en', Object.keys(en)));
          const counterpart = (key: string) => other[key] ?? other[key.replace(PLURAL, '_other')] ?? '';
          const mismatched = Object.keys(en).filter(
            (key) => placeholders(counterpart(key)).join() !== placeholders(en[key]!).join(),
          );
          expect(mismatched).toEqual([]);
          const empty = Object.entries(other).filter(([, value]) => value.trim() === '');
          expect(empty).toEqual([]);
          // Short words (OK, SKU, E-Mail) may stay the same; an untranslated file would not.
          const same = Object.keys(en).filter(
            (key) => other[key] === en[key] && en[key]!.replace(/\{\{\s*\w+\s*\}\}/g, '').length > 12,
          );
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
    expect((await getAdminTranslator('de'))('admin.frame.signedInAs', { email: 'a@b.c', role: 'x' })).toBe(
      'Angemeldet als a@b.c (x)',
    );
    expect(Object.keys(adminMessages('es'))).toEqual([]);
  });

  it('hands an island only its area, English under the language', () => {
    const texts = adminTextsFor('de', 'admin.frame.nav.');
    expect(Object.keys(texts).every((key) => key.startsWith('admin.frame.nav.'))).toBe(true);
    expect(texts['admin.frame.nav.media']).toBe('Mediathek');
    // Texts that are no shop keys: the translator's key type is widened for this test.
    const t = adminText({ greeting: 'Hallo {{name}}' }) as (key: string, vars?: Record<string, unknown>) => string;
    expect(t('greeting', { name: 'Ana' })).toBe('Hallo Ana');
    expect(t('missing.key')).toBe('missing.key');
  });
});
