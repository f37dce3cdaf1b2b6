import { describe, expect, it } from 'vitest';
import { getAdminTranslator } from '@/server/i18n/admin-messages';
import { InvalidInputError } from '@/server/services/errors';
import { salePriceProblem } from '@/lib/rules/product-price';
import { englishText, localized, spokenText } from '@/server/services/localized';
import type { TextKey } from '@/lib/translator';

// A photo in two places: the parts and the "and" are Localized values inside the message.
const inUse = localized('admin.api.photoInUse', {
  uses: localized('admin.api.usedAnd', {
    list: localized('admin.api.usedProduct', { count: 1 }),
    part: localized('admin.api.usedPage', { count: 2 }),
  }),
});

describe('Localized messages (services/localized.ts)', () => {
  it('are their English text for everyone but the admin API, nested values included', () => {
    expect(englishText(inUse)).toBe('This photo is used by 1 product and 2 pages: take it out there first.');
    expect(englishText(localized('admin.api.noBlock', { block: 'b7' }))).toBe('The page has no block b7.');
    expect(englishText(localized('admin.api.no.such.key' as TextKey))).toBe('admin.api.no.such.key');
  });

  it('are spoken in the admin language, nested values in the same language', async () => {
    expect(spokenText(await getAdminTranslator('de'), inUse)).toBe(
      'Dieses Foto wird von 1 Produkt und 2 Seiten verwendet: Nehmen Sie es dort zuerst heraus.',
    );
    expect(spokenText(await getAdminTranslator('fr'), inUse)).toBe(
      'Cette photo est utilisée par 1 produit et 2 pages : retirez-la d’abord de là.',
    );
    // A value that looks like a placeholder is not interpolated again.
    const keep = localized('admin.api.keepPlaceholders', { placeholders: '{{name}}' });
    expect(spokenText(await getAdminTranslator('de'), keep)).toBe(
      'Der Text muss genau die Platzhalter des englischen Textes behalten: {{name}}.',
    );
    expect(englishText(keep)).toBe('The text must keep exactly the placeholders of the English text: {{name}}.');
  });

  it('give a service error English message and field errors, and keep the keys', () => {
    const error = new InvalidInputError(localized('admin.api.unknownLanguage'), {
      language_id: [localized('admin.api.unknownLanguage')],
      other: ['Plain.'],
    });
    expect(error.message).toBe('Unknown language.');
    expect(error.errors).toEqual({ language_id: ['Unknown language.'], other: ['Plain.'] });
    expect(error.localized).toEqual({ key: 'admin.api.unknownLanguage' });
    expect(error.problems?.language_id).toEqual([{ key: 'admin.api.unknownLanguage' }]);
    expect(new InvalidInputError('Plain text.', { a: ['x'] }).problems).toBeUndefined();
  });

  it('keep the English text of the shared rule they stand in for', () => {
    // product-editor.server.ts answers salePriceProblem's problem with this key.
    expect(englishText(localized('admin.api.salePriceTooHigh'))).toBe(
      salePriceProblem({ price_cents: 100, sale_price_cents: 100 }),
    );
  });
});
