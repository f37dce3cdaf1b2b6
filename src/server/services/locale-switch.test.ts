import { describe, expect, it } from 'vitest';
import { chooseFromForm } from './locale-switch';

const languages = [
  { id: 1, code: 'en', title: 'English', isDefault: true },
  { id: 2, code: 'de', title: 'Deutsch', isDefault: false },
];
const currencies = [
  { code: 'EUR', symbol: '€', value: '1', isDefault: true },
  { code: 'USD', symbol: '$', value: '1.08', isDefault: false },
];

describe('no-JavaScript locale switch', () => {
  it('takes known values only', () => {
    expect(chooseFromForm(new URLSearchParams('languageId=2&currency=usd'), languages, currencies)).toEqual({
      language: languages[1],
      currency: currencies[1],
    });
    expect(chooseFromForm(new URLSearchParams('languageId=9&currency=XYZ'), languages, currencies)).toEqual({
      language: undefined,
      currency: undefined,
    });
    expect(chooseFromForm(new URLSearchParams('languageId=1e1'), languages, currencies).language).toBeUndefined();
  });
});
