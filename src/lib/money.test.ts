import { describe, expect, it } from 'vitest';
import {
  centsToDecimal,
  centsToNumber,
  convertCents,
  convertPrice,
  decimalToCents,
  minorDigits,
  rateToMicros,
  roundPrice,
  toEurCents,
} from './money';

describe('money', () => {
  it('parses rates exactly and refuses anything else', () => {
    expect(rateToMicros('1.08')).toBe(1_080_000n);
    expect(rateToMicros('0.860000')).toBe(860_000n);
    expect(rateToMicros(1)).toBe(1_000_000n);
    for (const bad of ['', 'abc', '-1', '0', '1.1234567', '1e3']) expect(() => rateToMicros(bad)).toThrow(RangeError);
  });

  it('converts cents with one half-up rounding and no float drift', () => {
    expect(convertCents(1999, '1')).toBe(1999);
    expect(convertCents(1999, '1.08')).toBe(2159); // 2158.92
    expect(convertCents(50, '0.85')).toBe(43); // 42.5 → 43
    expect(convertCents(10, '1.005')).toBe(10); // 10.05 → 10
    expect(convertCents(30, '1.05')).toBe(32); // 31.5 → 32
    expect(convertCents(-50, '0.85')).toBe(-43);
    expect(convertCents(123_456_789, '1.234567')).toBe(152_415_678); // 152415677.625363 → up
  });

  it('formats cents as the spec’s 2-decimal strings and numbers', () => {
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(123456)).toBe('1234.56');
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(centsToNumber(1999)).toBe(19.99);
  });

  it('reads typed decimal amounts into cents', () => {
    expect(decimalToCents('12')).toBe(1200);
    expect(decimalToCents('12.3')).toBe(1230);
    expect(decimalToCents('12.345')).toBe(1235);
    expect(decimalToCents('0.004')).toBe(0);
    expect(decimalToCents(7.5)).toBe(750);
    for (const bad of ['', '-1', '1,5', 'abc', '1.2.3']) expect(decimalToCents(bad)).toBeNull();
  });

  it('converts back to EUR cents half-up', () => {
    expect(toEurCents(2159, '1.08')).toBe(1999);
    expect(toEurCents(100, '1')).toBe(100);
    expect(toEurCents(43, '0.86')).toBe(50);
  });
});

describe('formatPercent', () => {
  it("writes a rate in the language's percent style, decimals only when needed", async () => {
    const { formatPercent } = await import('./money');
    expect(formatPercent(19, 'en')).toBe('19%');
    expect(formatPercent('19.50', 'en')).toBe('19.5%');
    expect(formatPercent(19, 'de')).toBe('19\u00a0%');
    expect(formatPercent(19.5, 'de')).toBe('19,5\u00a0%');
    expect(formatPercent('5.50', 'fr')).toBe('5,5\u00a0%');
    expect(formatPercent(20, 'fr')).toBe('20\u00a0%');
    expect(formatPercent(0, 'de')).toBe('0\u00a0%');
    expect(formatPercent(12.25, 'en')).toBe('12.25%');
    expect(formatPercent(null, 'en')).toBe('0%');
    expect(formatPercent('x', 'en')).toBe('0%');
  });
});

describe('money in minor units of the currency (ISO 4217)', () => {
  it('knows the minor units', () => {
    expect(minorDigits('EUR')).toBe(2);
    expect(minorDigits('jpy')).toBe(0);
    expect(minorDigits('KWD')).toBe(3);
    expect(minorDigits('XYZ1')).toBe(2);
  });

  it('converts EUR cents into yen and fils, half-up', () => {
    expect(convertCents(1999, '160.5', 'JPY')).toBe(3208); // 3208.395 yen
    expect(convertCents(1000, '160.05', 'JPY')).toBe(1601); // 1600.5 → 1601
    expect(convertCents(1999, '0.33', 'KWD')).toBe(6597); // 6.5967 KWD
    expect(toEurCents(3208, '160.5', 'JPY')).toBe(1999);
    expect(toEurCents(6597, '0.33', 'KWD')).toBe(1999);
  });

  it("writes and reads decimals with the currency's decimals", () => {
    expect(centsToDecimal(3208, 'JPY')).toBe('3208');
    expect(centsToNumber(3208, 'JPY')).toBe(3208);
    expect(centsToDecimal(6597, 'KWD')).toBe('6.597');
    expect(centsToDecimal(-5, 'KWD')).toBe('-0.005');
    expect(decimalToCents('3208.5', 'JPY')).toBe(3209);
    expect(decimalToCents('3208', 'JPY')).toBe(3208);
    expect(decimalToCents('6.5974', 'KWD')).toBe(6597);
  });

  it("rounds converted prices by the currency's rule", () => {
    expect(roundPrice(10965, 'exact', 'GBP')).toBe(10965);
    expect(roundPrice(10965, 'end_99', 'GBP')).toBe(10999);
    expect(roundPrice(10999, 'end_99', 'GBP')).toBe(10999);
    expect(roundPrice(11000, 'end_99', 'GBP')).toBe(11099);
    expect(roundPrice(10965, 'whole', 'GBP')).toBe(11000);
    expect(roundPrice(11000, 'whole', 'GBP')).toBe(11000);
    expect(roundPrice(0, 'end_99', 'GBP')).toBe(0);
    expect(roundPrice(3208, 'end_99', 'JPY')).toBe(3208); // whole yen already
    expect(roundPrice(6597, 'end_99', 'KWD')).toBe(6990);
    // €129.00 at 0.85 = £109.65
    expect(convertPrice(12900, { code: 'GBP', value: '0.85', rounding: 'end_99' })).toBe(10999);
    expect(convertPrice(12900, { code: 'GBP', value: '0.85', rounding: 'whole' })).toBe(11000);
    expect(convertPrice(12900, { code: 'GBP', value: '0.85' })).toBe(10965);
  });
});
