import { describe, expect, it } from 'vitest';
import { adminText } from '@/lib/admin-text';
import { adminTextsFor, getAdminTranslator } from '@/server/i18n/admin-messages';
import { englishText, localized } from '@/server/services/localized';

/**
 * Plurals go through i18next's `_one`/`_other` (French also `_many`) with `count`, chosen by the
 * language's Intl.PluralRules (issue 28): French says "0 produit" (0 and 1 are "one"), English
 * and German "0 products"/"0 Produkte". The server's translator, the islands' and scripts'
 * adminText and the English text of a service error must all agree.
 */
const EXPECTED: Record<string, Record<number, string>> = {
  en: { 0: '0 products.', 1: '1 product.', 2: '2 products.' },
  de: { 0: '0 Produkte.', 1: '1 Produkt.', 2: '2 Produkte.' },
  fr: { 0: '0 produit.', 1: '1 produit.', 2: '2 produits.', 1_000_000: '1000000 produits.' },
};

describe('plural texts', () => {
  for (const [code, cases] of Object.entries(EXPECTED)) {
    it(`${code}: the server's translator picks the form by count`, async () => {
      const t = await getAdminTranslator(code);
      for (const [count, text] of Object.entries(cases))
        expect(t('admin.api.productCount', { count: Number(count) }), `${code} ${count}`).toBe(text);
    });

    it(`${code}: adminText (islands and page scripts) picks the same form`, () => {
      const t = adminText(adminTextsFor(code, 'admin.api.'), code);
      for (const [count, text] of Object.entries(cases))
        expect(t('admin.api.productCount', { count: Number(count) }), `${code} ${count}`).toBe(text);
    });
  }

  it('a count in another variable still picks the form (lists show "1,234 orders")', async () => {
    const t = await getAdminTranslator('en');
    expect(t('admin.orders.list.count', { count: 1234, n: '1,234' })).toBe('1,234 orders');
    expect(t('admin.orders.list.count', { count: 1, n: '1' })).toBe('1 order');
  });

  it('the import report says "1 row", not "1 rows" (the owner\'s first day)', async () => {
    expect((await getAdminTranslator('en'))('admin.api.importChecked', { count: 1 })).toBe(
      '1 row checked, no problems.',
    );
    expect((await getAdminTranslator('fr'))('admin.api.importChecked', { count: 0 })).toBe(
      '0 ligne vérifiée, aucun problème.',
    );
    expect((await getAdminTranslator('de'))('admin.api.importChecked', { count: 2 })).toBe(
      '2 Zeilen geprüft, keine Probleme.',
    );
  });

  it("a service error's English text picks the form too", () => {
    expect(englishText(localized('admin.api.zoneHasCountries', { code: 'EU', count: 1 }))).toBe(
      'Zone EU still has 1 country: move it to another zone first.',
    );
    expect(englishText(localized('admin.api.zoneHasCountries', { code: 'EU', count: 3 }))).toBe(
      'Zone EU still has 3 countries: move them to another zone first.',
    );
  });
});
