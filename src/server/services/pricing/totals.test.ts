import { describe, expect, it } from 'vitest';
import { convertCents } from '@/lib/money';
import {
  computeTotalsCents,
  percentOf,
  type TotalsInput,
  vatBasisPoints,
  vatContained,
  vatRateNumber,
  splitVat,
} from './totals';

const base = (over: Partial<TotalsInput> = {}): TotalsInput => ({
  lines: [{ unitCents: 1000, count: 1 }],
  delivery: { costCents: 499, freeOverCents: 7500 },
  promo: null,
  vatPercent: '20.00',
  currency: { code: 'USD', value: '1' },
  ...over,
});

describe('percentOf (half-up, exact)', () => {
  it.each([
    // [cents, percent, expected, what naive float code gets]
    [1999, 15, 300], // 299.85
    [4999, 15, 750], // 749.85
    [10, 5, 1], // 0.5 → 1
    [90, 35, 32], // 90*0.35 = 31.499999999999996 in floats
    [350, 35, 123], // 122.49999999999999 in floats
    [35, 10, 4], // 0.35 € * 0.1 = 0.034999… in floats
    [150, 15, 23], // 1.50 € * 0.15 = 0.22499… in floats
    [1, 49, 0],
    [1, 50, 1],
    [12345, 100, 12345],
    [0, 15, 0],
  ])('%i cents × %i%% = %i', (cents, percent, expected) => {
    expect(percentOf(cents, percent)).toBe(expected);
  });

  it('refuses fractional or out-of-range percents and fractional cents', () => {
    expect(() => percentOf(100, 10.5)).toThrow(RangeError);
    expect(() => percentOf(100, 101)).toThrow(RangeError);
    expect(() => percentOf(100, -1)).toThrow(RangeError);
    expect(() => percentOf(10.5, 10)).toThrow(RangeError);
  });
});

describe('vatContained (VAT inside a VAT-inclusive amount)', () => {
  it.each([
    // 20 %: amount / 6
    [3, '20', 1], // 0.5 → 1; (0.03 - 0.03/1.2)*100 = 0.4999… in floats
    [15, '20.00', 3], // 2.5 → 3; floats give 2.4999…
    [33, '20', 6], // 5.5 → 6
    [600, '20', 100],
    [11998, '20', 2000], // 1999.67
    // 19.5 %: amount × 39 / 239
    [1195, '19.5', 195],
    [1000, '19.50', 163], // 163.18
    [599, '19.5', 98], // 97.74
    [11950, '19.5', 1950],
    [1, '19.5', 0],
    // 21 %, 7 %, 0 %
    [12100, '21', 2100],
    [107, '7', 7],
    [99999, '0', 0],
    [0, '20', 0],
  ])('%i cents at %s%% contains %i', (final, rate, expected) => {
    expect(vatContained(final, rate)).toBe(expected);
  });

  it('parses the settings value with up to 2 decimals', () => {
    expect(vatBasisPoints('20.00')).toBe(2000);
    expect(vatBasisPoints('19.5')).toBe(1950);
    expect(vatBasisPoints(7)).toBe(700);
    expect(vatRateNumber('19.50')).toBe(19.5);
    expect(vatRateNumber('20.00')).toBe(20);
    expect(vatRateNumber('0')).toBe(0);
    expect(() => vatBasisPoints('-1')).toThrow(RangeError);
    expect(() => vatBasisPoints('20.005')).toThrow(RangeError);
    expect(() => vatBasisPoints('abc')).toThrow(RangeError);
  });
});

describe('computeTotalsCents: original (EUR) block', () => {
  it('adds lines in integer cents (0.10 + 0.20 is exactly 0.30)', () => {
    const t = computeTotalsCents(
      base({
        lines: [
          { unitCents: 10, count: 1 },
          { unitCents: 20, count: 1 },
        ],
        delivery: null,
      }),
    );
    expect(t.original).toMatchObject({ cartTotal: 30, delivery: null, discount: 0, vat: 5, final: 30, items: 2 });
  });

  it('multiplies unit × count exactly (19.99 × 3 = 59.97)', () => {
    const t = computeTotalsCents(base({ lines: [{ unitCents: 1999, count: 3 }] }));
    expect(t.original.cartTotal).toBe(5997);
    expect(t.original.delivery).toBe(499);
    expect(t.original.final).toBe(6496);
    expect(t.original.vat).toBe(1083); // 6496 / 6 = 1082.67
    expect(t.original.items).toBe(3);
  });

  it('makes delivery free exactly at the threshold, not one cent below', () => {
    expect(computeTotalsCents(base({ lines: [{ unitCents: 7500, count: 1 }] })).original.delivery).toBe(0);
    expect(computeTotalsCents(base({ lines: [{ unitCents: 7500, count: 1 }] })).freeDelivery).toBe(true);
    expect(computeTotalsCents(base({ lines: [{ unitCents: 7499, count: 1 }] })).original.delivery).toBe(499);
    expect(computeTotalsCents(base({ lines: [{ unitCents: 2500, count: 3 }] })).original.delivery).toBe(0);
  });

  it('compares the threshold with the items total after the item discount', () => {
    const fixed = (value: number) => ({ type: 'fixed' as const, value, appliesToDelivery: false });
    // 85.00 − 10.00 = 75.00 → free
    let t = computeTotalsCents(base({ lines: [{ unitCents: 8500, count: 1 }], promo: fixed(1000) }));
    expect(t.original).toMatchObject({ cartTotal: 8500, delivery: 0, discount: 1000, final: 7500 });
    // 85.00 − 10.01 = 74.99 → paid
    t = computeTotalsCents(base({ lines: [{ unitCents: 8500, count: 1 }], promo: fixed(1001) }));
    expect(t.original).toMatchObject({ delivery: 499, discount: 1001, final: 7998 });
    // 10 % of 83.34 = 8.334 → 8.33; 83.34 − 8.33 = 75.01 → free
    t = computeTotalsCents(
      base({ lines: [{ unitCents: 8334, count: 1 }], promo: { type: 'percent', value: 10, appliesToDelivery: false } }),
    );
    expect(t.original).toMatchObject({ delivery: 0, discount: 833, final: 7501 });
  });

  it('a zone without a threshold never ships free', () => {
    const t = computeTotalsCents(
      base({ lines: [{ unitCents: 999_999, count: 99 }], delivery: { costCents: 2499, freeOverCents: null } }),
    );
    expect(t.original.delivery).toBe(2499);
    expect(t.original.cartTotal).toBe(98_999_901);
  });

  it('applies a fixed promo to the items only, never below zero', () => {
    const promo = { type: 'fixed' as const, value: 1000, appliesToDelivery: false };
    let t = computeTotalsCents(base({ lines: [{ unitCents: 2999, count: 1 }], promo }));
    expect(t.original).toMatchObject({ cartTotal: 2999, delivery: 499, discount: 1000, final: 2498, vat: 416 });
    t = computeTotalsCents(base({ lines: [{ unitCents: 700, count: 1 }], promo }));
    expect(t.original).toMatchObject({ cartTotal: 700, delivery: 499, discount: 700, final: 499 });
  });

  it('applies a fixed promo to items and delivery when it covers delivery', () => {
    const promo = { type: 'fixed' as const, value: 1000, appliesToDelivery: true };
    const t = computeTotalsCents(base({ lines: [{ unitCents: 500, count: 1 }], promo }));
    expect(t.original).toMatchObject({ cartTotal: 500, delivery: 499, discount: 999, final: 0, vat: 0 });
  });

  it('applies a percent promo to the items, rounding half-up once', () => {
    const promo = { type: 'percent' as const, value: 15, appliesToDelivery: false };
    const t = computeTotalsCents(base({ lines: [{ unitCents: 1999, count: 1 }], promo }));
    expect(t.original).toMatchObject({ cartTotal: 1999, delivery: 499, discount: 300, final: 2198 });
    const odd = computeTotalsCents(
      base({
        lines: [{ unitCents: 45, count: 2 }],
        delivery: null,
        promo: { type: 'percent', value: 35, appliesToDelivery: false },
      }),
    );
    expect(odd.original).toMatchObject({ cartTotal: 90, discount: 32, final: 58 }); // 31.5 → 32
  });

  it('applies a percent promo to items + delivery when it covers delivery (100 % = free order)', () => {
    let t = computeTotalsCents(
      base({ lines: [{ unitCents: 1999, count: 1 }], promo: { type: 'percent', value: 10, appliesToDelivery: true } }),
    );
    // 10 % of 19.99 + 4.99 = 2.498 → 2.50
    expect(t.original).toMatchObject({ cartTotal: 1999, delivery: 499, discount: 250, final: 2248 });
    t = computeTotalsCents(
      base({ lines: [{ unitCents: 1999, count: 1 }], promo: { type: 'percent', value: 100, appliesToDelivery: true } }),
    );
    expect(t.original).toMatchObject({ discount: 2498, final: 0, vat: 0 });
  });

  it('leaves delivery out of final when it is unavailable, also for a delivery promo', () => {
    const t = computeTotalsCents(
      base({
        lines: [{ unitCents: 1000, count: 2 }],
        delivery: null,
        promo: { type: 'percent', value: 50, appliesToDelivery: true },
      }),
    );
    expect(t.original).toMatchObject({
      cartTotal: 2000,
      delivery: null,
      discount: 1000,
      vat: 167,
      final: 1000,
      items: 2,
    });
  });

  it('VAT 0 and an empty cart give zeros', () => {
    const t = computeTotalsCents(base({ lines: [], vatPercent: '0' }));
    expect(t.original).toMatchObject({ cartTotal: 0, delivery: 499, discount: 0, vat: 0, final: 499, items: 0 });
  });

  it('refuses bad input instead of computing garbage', () => {
    expect(() => computeTotalsCents(base({ lines: [{ unitCents: 10.5, count: 1 }] }))).toThrow(RangeError);
    expect(() => computeTotalsCents(base({ lines: [{ unitCents: 100, count: 0 }] }))).toThrow(RangeError);
    expect(() =>
      computeTotalsCents(base({ promo: { type: 'percent', value: 150, appliesToDelivery: false } })),
    ).toThrow(RangeError);
    expect(() => computeTotalsCents(base({ currency: { code: 'USD', value: 'x' } }))).toThrow(RangeError);
  });
});

describe('computeTotalsCents: converted block', () => {
  it('converts units half-up (USD 1.085: 1.00 € → 1.085 → 1.09 $; 11.00 € → 11.935 → 11.94 $)', () => {
    const t = computeTotalsCents(
      base({
        lines: [
          { unitCents: 100, count: 1 },
          { unitCents: 1100, count: 2 },
        ],
        delivery: null,
        currency: { code: 'USD', value: '1.085' },
      }),
    );
    expect(t.convertedUnits).toEqual([109, 1194]);
    expect(t.converted).toMatchObject({ cartTotal: 109 + 2 * 1194, delivery: null, discount: 0, final: 2497 });
    expect(t.converted.vat).toBe(416); // 2497 / 6 = 416.17
  });

  it('hits the half cent of 1.0835 exactly (30.00 € → 32.505 → 32.51)', () => {
    const t = computeTotalsCents(
      base({
        lines: [{ unitCents: 3000, count: 1 }],
        delivery: { costCents: 1499, freeOverCents: 15000 },
        currency: { code: 'USD', value: '1.0835' },
      }),
    );
    expect(t.convertedUnits).toEqual([3251]); // floats: 3000 * 1.0835 = 3250.4999…
    expect(t.converted.delivery).toBe(1624); // 16.2417
    expect(t.converted.final).toBe(3251 + 1624);
  });

  it('computes the discount by the same rule in the converted currency', () => {
    const fixed = computeTotalsCents(
      base({
        lines: [{ unitCents: 2999, count: 1 }],
        promo: { type: 'fixed', value: 1000, appliesToDelivery: false },
        currency: { code: 'USD', value: '0.85' },
      }),
    );
    // 29.99 € → 25.4915 → 25.49 £; 10 € → 8.50 £; delivery 4.99 € → 4.2415 → 4.24 £
    expect(fixed.converted).toMatchObject({ cartTotal: 2549, delivery: 424, discount: 850, final: 2123 });
    const percent = computeTotalsCents(
      base({
        lines: [{ unitCents: 2999, count: 1 }],
        promo: { type: 'percent', value: 15, appliesToDelivery: false },
        currency: { code: 'USD', value: '0.85' },
      }),
    );
    expect(percent.converted).toMatchObject({ cartTotal: 2549, discount: 382, final: 2549 + 424 - 382 }); // 382.35
    const all = computeTotalsCents(
      base({
        lines: [{ unitCents: 1999, count: 3 }],
        promo: { type: 'percent', value: 100, appliesToDelivery: true },
        currency: { code: 'USD', value: '1.0835' },
      }),
    );
    expect(all.converted.final).toBe(0);
    expect(all.original.final).toBe(0);
  });

  it('keeps the delivery decision from EUR (free in EUR → free in every currency)', () => {
    const t = computeTotalsCents(
      base({ lines: [{ unitCents: 7500, count: 1 }], currency: { code: 'USD', value: '0.85' } }),
    );
    expect(t.original.delivery).toBe(0);
    expect(t.converted.delivery).toBe(0);
  });

  it('always adds up: Σ lines = cart total, cart + delivery − discount = final, vat from final', () => {
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const rates = ['1', '1.085', '1.0835', '0.85', '0.123457', '151.37'];
    const vats = ['0', '7', '19.5', '20.00', '21', '25.5'];
    for (let i = 0; i < 2000; i++) {
      const lines = Array.from({ length: 1 + random(4) }, () => ({ unitCents: random(50_000), count: 1 + random(99) }));
      const promoKind = random(3);
      const input = base({
        lines,
        delivery:
          random(4) === 0 ? null : { costCents: random(3000), freeOverCents: random(2) ? random(200_000) : null },
        promo:
          promoKind === 0
            ? null
            : promoKind === 1
              ? { type: 'fixed', value: 1 + random(20_000), appliesToDelivery: random(2) === 1 }
              : { type: 'percent', value: 1 + random(100), appliesToDelivery: random(2) === 1 },
        vatPercent: vats[random(vats.length)]!,
        currency: { code: 'USD', value: rates[random(rates.length)]! },
      });
      const t = computeTotalsCents(input);
      for (const b of [t.original, t.converted]) {
        expect(b.final).toBe(b.cartTotal + (b.delivery ?? 0) - b.discount);
        expect(b.final).toBeGreaterThanOrEqual(0);
        expect(b.discount).toBeGreaterThanOrEqual(0);
        expect(b.vat).toBe(vatContained(b.final, input.vatPercent));
        expect(b.vat).toBeLessThanOrEqual(b.final);
      }
      expect(t.converted.cartTotal).toBe(lines.reduce((s, l, k) => s + t.convertedUnits[k]! * l.count, 0));
      expect(t.convertedUnits).toEqual(lines.map((l) => convertCents(l.unitCents, input.currency.value)));
      if (t.original.delivery !== null)
        expect(t.converted.delivery).toBe(convertCents(t.original.delivery, input.currency.value));
    }
  });
});

describe('computeTotalsCents: products of other VAT classes', () => {
  const base = {
    delivery: { costCents: 500, freeOverCents: null },
    promo: null,
    vatPercent: '20.00',
    currency: { code: 'USD', value: '1' },
  };

  it('one rate everywhere is exactly the single-rate rule', () => {
    const mixed = computeTotalsCents({ ...base, lines: [{ unitCents: 1999, count: 3, vatPercent: '20.00' }] });
    const plain = computeTotalsCents({ ...base, lines: [{ unitCents: 1999, count: 3 }] });
    expect(mixed.original).toEqual(plain.original);
  });

  it("adds the VAT of each rate's share: 100.00 at 7 % and 100.00 at 20 % with 5.00 delivery", () => {
    const t = computeTotalsCents({
      ...base,
      lines: [
        { unitCents: 10_000, count: 1, vatPercent: '7.00' },
        { unitCents: 10_000, count: 1 },
      ],
    });
    // 10 000 at 7 %: 654.21 → 654; 10 500 at 20 %: 1 750.
    expect(t.original).toMatchObject({ cartTotal: 20_000, delivery: 500, final: 20_500, vat: 654 + 1_750 });
  });

  it('shares a discount out in proportion, the shares adding up to final', () => {
    const t = computeTotalsCents({
      ...base,
      delivery: { costCents: 0, freeOverCents: null },
      promo: { type: 'fixed', value: 1_001, appliesToDelivery: false },
      lines: [
        { unitCents: 3_333, count: 1, vatPercent: '7.00' },
        { unitCents: 6_667, count: 1, vatPercent: '20.00' },
      ],
    });
    // final 8 999 shared 3 333 : 6 667 → 2 999.37 and 5 999.63 → 2 999 and 6 000 (largest remainder).
    expect(t.original.final).toBe(8_999);
    expect(
      splitVat(8_999, [
        { vatPercent: '7.00', cents: 3_333 },
        { vatPercent: '20.00', cents: 6_667 },
      ]).total,
    ).toBe(vatContained(2_999, '7.00') + vatContained(6_000, '20.00'));
    expect(t.original.vat).toBe(196 + 1_000);
  });

  it('a zero rate adds no VAT for its share', () => {
    const t = computeTotalsCents({
      ...base,
      delivery: null,
      lines: [
        { unitCents: 5_000, count: 2, vatPercent: '0.00' },
        { unitCents: 1_200, count: 1 },
      ],
    });
    expect(t.original.vat).toBe(vatContained(1_200, '20.00'));
  });

  it("per line: each rate's VAT shared out over its lines, summing exactly to the rate and the order", () => {
    // Three lines at 19 % and one at 7 %, a percent discount and a delivery: awkward thirds everywhere.
    const t = computeTotalsCents({
      ...base,
      vatPercent: '19.00',
      delivery: { costCents: 499, freeOverCents: null },
      promo: { type: 'percent', value: 15, appliesToDelivery: true },
      lines: [
        { unitCents: 333, count: 1, vatPercent: '19.00' },
        { unitCents: 1_001, count: 2, vatPercent: '19.00' },
        { unitCents: 999, count: 1, vatPercent: '7.00' },
        { unitCents: 1, count: 1, vatPercent: '19.00' },
      ],
    });
    const o = t.original;
    expect(o.lineVat.reduce((a, b) => a + b, 0) + o.deliveryVat).toBe(o.vat);
    expect(o.vatByRate.map((r) => r.vatPercent)).toEqual(['19.00', '7.00']);
    expect(o.vatByRate.reduce((a, r) => a + r.vat, 0)).toBe(o.vat);
    // The 7 % line alone carries its rate's VAT; the 19 % lines and the delivery add up to theirs.
    expect(o.lineVat[2]).toBe(o.vatByRate[1]!.vat);
    expect(o.lineVat[0]! + o.lineVat[1]! + o.lineVat[3]! + o.deliveryVat).toBe(o.vatByRate[0]!.vat);
    expect(t.vatRate).toBe('19.00');
    expect(t.converted.lineVat.reduce((a, b) => a + b, 0) + t.converted.deliveryVat).toBe(t.converted.vat);
  });

  it('vat_rate: the one rate of a cart, the highest of a mixed one, 0 when all is zero-rated', () => {
    const one = computeTotalsCents({
      ...base,
      delivery: { costCents: 0, freeOverCents: null },
      lines: [{ unitCents: 1_000, count: 1, vatPercent: '7.00' }],
    });
    expect(one.vatRate).toBe('7.00');
    const mixed = computeTotalsCents({
      ...base,
      lines: [
        { unitCents: 1_000, count: 1, vatPercent: '7.00' },
        { unitCents: 1_000, count: 1, vatPercent: '19.00' },
      ],
    });
    expect(mixed.vatRate).toBe('20.00');
    const none = computeTotalsCents({
      ...base,
      vatPercent: '0',
      lines: [{ unitCents: 1_000, count: 1, vatPercent: '0' }],
    });
    expect(none.vatRate).toBe('0.00');
    expect(none.original.vat).toBe(0);
  });
});
