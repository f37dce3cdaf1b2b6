import { describe, expect, it } from 'vitest';
import { formatVatRate, fromCents, toCents } from './price-format';

// Amounts: tests/unit/rules/money.test.ts (formatMoney of src/lib/money.ts).
describe('summary numbers', () => {
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
