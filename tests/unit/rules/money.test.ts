import { describe, expect, it } from 'vitest';
import {
  currencySymbol,
  formatCents,
  formatMoney,
  formatNumber,
  formatPercent,
  INVALID_CURRENCY_CODE,
} from '@/lib/money';

// One formatter for every page, island, mail and PDF (issue 26 "Numbers in the shopper's
// language"). The islands (cart, checkout, orders, wishlist, balance, phone modal) and the
// server-rendered pages (product cards, product page) pass the API's decimal amount to
// formatMoney; the server (mails, payment pages, back office) passes integer minor units to
// formatCents. Both must print the same string for the same amount, language and currency.
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
  // One currency display per language: the narrow symbol, as the shop's own "$" and "£".
  [99999, 'USD', 'fr', `999,99${NBSP}$`],
  [10965, 'GBP', 'fr', `109,65${NBSP}£`],
  // The figures.
  [365799, 'EUR', 'en', '€3,657.99'],
  [365799, 'EUR', 'de', `3.657,99${NBSP}€`],
  [365799, 'EUR', 'fr', `3${NNBSP}657,99${NBSP}€`],
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

describe('money: ISO 4217 minor units', () => {
  it('writes JPY without decimals, from whole yen and from a decimal amount', () => {
    expect(formatCents(3658, 'JPY', 'en')).toBe('¥3,658');
    expect(formatCents(3658, 'JPY', 'de')).toBe(`3.658${NBSP}¥`);
    expect(formatCents(3658, 'JPY', 'fr')).toBe(`3${NNBSP}658${NBSP}¥`);
    expect(formatMoney(3658, 'JPY', 'en')).toBe('¥3,658');
    expect(formatMoney('3658', 'JPY', 'fr')).toBe(`3${NNBSP}658${NBSP}¥`);
  });

  it('keeps 2 decimals for the cent currencies whatever the amount', () => {
    expect(formatMoney(12.5, 'EUR', 'de')).toBe(`12,50${NBSP}€`);
    expect(formatMoney(3, 'CHF', 'en')).toBe(`CHF${NBSP}3.00`);
    expect(formatMoney(3, 'CHF', 'de')).toBe(`3,00${NBSP}CHF`);
  });
});

describe('currencySymbol: the symbol the amounts are written with', () => {
  it("is the narrow symbol in every language, the shop's own when Intl cannot tell", () => {
    for (const locale of ['en', 'de', 'fr']) {
      expect(currencySymbol('EUR', locale)).toBe('€');
      expect(currencySymbol('GBP', locale)).toBe('£');
      expect(currencySymbol('USD', locale)).toBe('$');
      expect(formatMoney(1, 'GBP', locale)).toContain(currencySymbol('GBP', locale));
    }
    expect(currencySymbol('EURO', 'en', '€')).toBe('€');
  });
});

describe('formatPercent: VAT rates and discounts', () => {
  const rates: Array<[percent: number | string, locale: string, text: string]> = [
    [19, 'en', '19%'],
    [19.5, 'en', '19.5%'],
    [20, 'en', '20%'],
    [19, 'de', `19${NBSP}%`],
    [19.5, 'de', `19,5${NBSP}%`],
    [20, 'de', `20${NBSP}%`],
    [19, 'fr', `19${NBSP}%`],
    [19.5, 'fr', `19,5${NBSP}%`],
    [20, 'fr', `20${NBSP}%`],
    // The API's 2-decimal strings read the same, without the trailing zeros.
    ['20.00', 'fr', `20${NBSP}%`],
    ['7.00', 'de', `7${NBSP}%`],
    // A discount badge: "-14 %" in German and French.
    [-14, 'en', '-14%'],
    [-14, 'de', `-14${NBSP}%`],
    [-14, 'fr', `-14${NBSP}%`],
  ];
  it.each(rates)('%s in %s → %s', (percent, locale, text) => {
    expect(formatPercent(percent, locale)).toBe(text);
  });
});

describe('formatNumber: quantities and counts', () => {
  it("groups digits the language's way", () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(1234567, 'de')).toBe('1.234.567');
    expect(formatNumber(1234567, 'fr')).toBe(`1${NNBSP}234${NNBSP}567`);
    expect(formatNumber(3, 'de')).toBe('3');
    expect(formatNumber(0, 'fr')).toBe('0');
  });

  it('writes a fixed number of decimals when asked (a review average)', () => {
    expect(formatNumber(4.5, 'en', 1)).toBe('4.5');
    expect(formatNumber(4.5, 'de', 1)).toBe('4,5');
    expect(formatNumber(4, 'fr', 1)).toBe('4,0');
    expect(formatNumber(2.25, 'de', 2)).toBe('2,25');
  });

  it('shows a missing or unreadable value as zero', () => {
    expect(formatNumber(null, 'de')).toBe('0');
    expect(formatNumber('x', 'en', 1)).toBe('0.0');
  });
});
