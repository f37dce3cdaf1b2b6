import { describe, expect, it } from 'vitest';
import { formatPrice, formatVatRate, fromCents, INVALID_CURRENCY_CODE, toCents } from './price-format';

describe('formatPrice (spec §5 price formatting)', () => {
  it('shows 0.00 for falsy amounts', () => {
    expect(formatPrice(0, 'EUR')).toBe('0.00');
    expect(formatPrice(null, 'EUR')).toBe('0.00');
    expect(formatPrice(undefined, 'EUR')).toBe('0.00');
    expect(formatPrice(Number.NaN, 'EUR')).toBe('0.00');
  });

  it('uses the currency style with 2 decimals in the page language', () => {
    expect(formatPrice(12.5, 'EUR', 'en')).toBe('€12.50');
    expect(formatPrice(1234.5, 'USD', 'en')).toBe('$1,234.50');
    expect(formatPrice(3, 'EUR', 'de')).toMatch(/^3,00\s€$/);
    expect(formatPrice(0.1 + 0.2, 'GBP', 'en')).toBe('£0.30');
  });

  it('raises Invalid currency code for a code that is not one, or not among the loaded ones', () => {
    expect(() => formatPrice(5, 'EURO')).toThrow(INVALID_CURRENCY_CODE);
    expect(() => formatPrice(5, '')).toThrow(INVALID_CURRENCY_CODE);
    expect(() => formatPrice(5, 'CHF', 'en', 'Fr', ['EUR', 'USD'])).toThrow(INVALID_CURRENCY_CODE);
    expect(formatPrice(5, 'usd', 'en', '$', ['EUR', 'USD'])).toBe('$5.00');
  });

  it('falls back to symbol + 2 decimals when Intl cannot format the code', () => {
    // A malformed locale makes Intl throw; the fallback still shows the amount.
    expect(formatPrice(7.5, 'EUR', 'not a locale!!', '€')).toBe('€7.50');
    expect(formatPrice(7.5, 'EUR', 'not a locale!!')).toBe('EUR7.50');
  });

  it('VAT rate with 2 decimals; cents without float drift', () => {
    expect(formatVatRate(20)).toBe('20.00');
    expect(formatVatRate(19.5)).toBe('19.50');
    expect(formatVatRate('7')).toBe('7.00');
    expect(formatVatRate(null)).toBe('0.00');
    expect(toCents(1.005 * 100 / 100)).toBe(100);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.29)).toBe(29);
    expect(fromCents(1999 * 3)).toBe(59.97);
  });
});
