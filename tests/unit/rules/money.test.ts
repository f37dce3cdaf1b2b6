import { describe, expect, it } from 'vitest';
import { formatCents, formatMoney, INVALID_CURRENCY_CODE } from '@/lib/money';

// One formatter for every page and mail. The islands (cart, checkout, orders, wishlist, balance)
// and the server-rendered pages (product cards, product page) pass the API's decimal amount to
// formatMoney; the server's mail passes integer cents to formatCents. Both must print the same
// string for the same amount, language and currency.
const NBSP = '\u00a0';
const NNBSP = '\u202f';
const cases: Array<[cents: number, currency: string, locale: string, text: string]> = [
  [0, 'EUR', 'en', '€0.00'],
  [1, 'EUR', 'en', '€0.01'],
  [99999, 'EUR', 'en', '€999.99'],
  [123456, 'EUR', 'en', '€1,234.56'],
  [-500, 'EUR', 'en', '-€5.00'],
  [0, 'EUR', 'de', `0,00${NBSP}€`],
  [1, 'EUR', 'de', `0,01${NBSP}€`],
  [99999, 'EUR', 'de', `999,99${NBSP}€`],
  [123456, 'EUR', 'de', `1.234,56${NBSP}€`],
  [-500, 'EUR', 'de', `-5,00${NBSP}€`],
  [0, 'EUR', 'fr', `0,00${NBSP}€`],
  [99999, 'EUR', 'fr', `999,99${NBSP}€`],
  [123456, 'EUR', 'fr', `1${NNBSP}234,56${NBSP}€`],
  [0, 'USD', 'en', '$0.00'],
  [99999, 'USD', 'en', '$999.99'],
  [-1, 'USD', 'en', '-$0.01'],
  [99999, 'USD', 'de', `999,99${NBSP}$`],
  [99999, 'USD', 'fr', `999,99${NBSP}$US`],
  [1, 'GBP', 'en', '£0.01'],
  [99999, 'GBP', 'de', `999,99${NBSP}£`],
];

describe('money: the pages, islands and mail print one string', () => {
  it.each(cases)('%i cents %s in %s → %s', (cents, currency, locale, text) => {
    const decimal = (cents / 100).toFixed(2);
    expect(formatMoney(Number(decimal), currency, locale)).toBe(text); // islands: numbers from the API
    expect(formatMoney(decimal, currency, locale)).toBe(text); // product cards: "12.50" strings
    expect(formatCents(cents, currency, locale)).toBe(text); // server: cents (mail)
  });

  it('shows a missing amount as zero in the same style, not a bare "0.00"', () => {
    for (const missing of [null, undefined, Number.NaN, 'not a number']) {
      expect(formatMoney(missing, 'EUR', 'en')).toBe('€0.00');
      expect(formatMoney(missing, 'EUR', 'de')).toBe(`0,00${NBSP}€`);
    }
  });

  it('raises Invalid currency code for a code that is not one, or not among the loaded ones', () => {
    expect(() => formatMoney(5, 'EURO')).toThrow(INVALID_CURRENCY_CODE);
    expect(() => formatMoney(5, '')).toThrow(INVALID_CURRENCY_CODE);
    expect(() => formatMoney(5, 'X1X')).toThrow(INVALID_CURRENCY_CODE);
    expect(() => formatMoney(5, 'CHF', 'en', 'Fr', ['EUR', 'USD'])).toThrow(INVALID_CURRENCY_CODE);
    expect(formatMoney(5, 'usd', 'en', '$', ['EUR', 'USD'])).toBe('$5.00');
  });

  it('falls back to symbol (or code) + 2 decimals when Intl cannot format', () => {
    expect(formatMoney(7.5, 'EUR', 'not a locale!!', '€')).toBe('€7.50');
    expect(formatMoney(7.5, 'EUR', 'not a locale!!')).toBe('EUR7.50');
  });
});
