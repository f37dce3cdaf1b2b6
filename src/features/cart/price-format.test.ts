import { describe, expect, it } from 'vitest';
import { fromCents, toCents } from './price-format';

// Amounts: tests/unit/rules/money.test.ts (formatMoney of src/lib/money.ts).
describe('summary numbers', () => {
  it('cents without float drift (VAT rates: formatPercent in src/lib/money.test.ts)', () => {
    expect(toCents((1.005 * 100) / 100)).toBe(100);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.29)).toBe(29);
    expect(fromCents(1999 * 3)).toBe(59.97);
  });
});
