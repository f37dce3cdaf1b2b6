import { describe, expect, it } from 'vitest';
import {
  type CurrencyOption,
  chooseCurrency,
  chooseLanguage,
  ENGLISH_FALLBACK,
  EUR_FALLBACK,
  type LanguageOption,
} from '@/server/services/request-context';

const en: LanguageOption = { id: 1, code: 'en', title: 'English', isDefault: true };
const de: LanguageOption = { id: 2, code: 'de', title: 'Deutsch', isDefault: false };
const fr: LanguageOption = { id: 3, code: 'fr', title: 'Français', isDefault: false };

const eur: CurrencyOption = { code: 'EUR', symbol: '€', value: '1.000000', isDefault: false };
const usd: CurrencyOption = { code: 'USD', symbol: '$', value: '1.080000', isDefault: true };
const gbp: CurrencyOption = { code: 'GBP', symbol: '£', value: '0.860000', isDefault: false };

describe('chooseLanguage', () => {
  it('uses the stored id when it names a loaded language', () => {
    expect(chooseLanguage([en, de, fr], '2')).toBe(de);
    expect(chooseLanguage([en, de, fr], 3)).toBe(fr);
  });

  it('falls back to the default-flagged language for an unknown, empty or malformed id', () => {
    for (const stored of ['99', '', 'de', '2x', '-1', '1.5', undefined, null]) {
      expect(chooseLanguage([de, en, fr], stored), String(stored)).toBe(en);
    }
  });

  it('falls back to the first language when none is flagged default', () => {
    const list = [{ ...fr, isDefault: false }, { ...de }];
    expect(chooseLanguage(list, '42')).toBe(list[0]);
  });

  it('speaks English when no language is loaded at all', () => {
    expect(chooseLanguage([], '2')).toBe(ENGLISH_FALLBACK);
  });
});

describe('chooseCurrency', () => {
  it('uses the stored code when it is in the list (case-insensitive)', () => {
    expect(chooseCurrency([eur, usd, gbp], 'GBP')).toBe(gbp);
    expect(chooseCurrency([eur, usd, gbp], 'gbp')).toBe(gbp);
  });

  it('falls back to the default-flagged currency, then the first', () => {
    expect(chooseCurrency([eur, usd, gbp], 'JPY')).toBe(usd);
    expect(chooseCurrency([eur, usd, gbp], undefined)).toBe(usd);
    expect(chooseCurrency([gbp, eur], '')).toBe(gbp);
  });

  it('falls back to the built-in EUR when there are no currencies', () => {
    expect(chooseCurrency([], 'USD')).toEqual({
      code: 'EUR',
      symbol: '€',
      value: '1',
      isDefault: true,
      rounding: 'exact',
    });
    expect(chooseCurrency([], null)).toBe(EUR_FALLBACK);
  });
});
