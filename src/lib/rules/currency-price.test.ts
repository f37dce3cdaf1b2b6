import { describe, expect, it } from 'vitest';
import { choicePriceIn, fixedPriceFor } from './currency-price';

// The jacket of variation-prices.test.ts: 289.00, on sale for 249.00 (EUR).
const jacket = { priceCents: 24_900, oldPriceCents: 28_900, discountPercent: 14 };
const S = { id: 1, priceCents: 28_900, salePriceCents: null };
const M = { id: 2, priceCents: null, salePriceCents: null };
const L = { id: 3, priceCents: 32_000, salePriceCents: 29_900 };
const gbp = { code: 'GBP', value: '0.85' };

describe('the price of a choice in a currency', () => {
  it('converts and rounds the EUR price by the rule, the struck-through price too', () => {
    expect(choicePriceIn(gbp, jacket, null, [])).toEqual({
      priceCents: 21_165,
      oldPriceCents: 24_565,
      discountPercent: 14,
    });
    expect(choicePriceIn({ ...gbp, rounding: 'end_99' }, jacket, null, [])).toEqual({
      priceCents: 21_199,
      oldPriceCents: 24_599,
      discountPercent: 14,
    });
    expect(choicePriceIn({ ...gbp, rounding: 'whole' }, jacket, L, [])).toEqual({
      priceCents: 25_500,
      oldPriceCents: 27_200,
      discountPercent: 7,
    });
    expect(choicePriceIn({ code: 'JPY', value: '162.5' }, jacket, M, [])).toEqual({
      priceCents: 40_463,
      oldPriceCents: 46_963,
      discountPercent: 14,
    });
  });

  it("takes the variation's fixed price, else the product's when the variation follows its price, never rounded", () => {
    const fixed = [
      { currency: 'GBP', variationId: null, priceCents: 25_000, salePriceCents: 21_000 },
      { currency: 'GBP', variationId: 3, priceCents: 27_999, salePriceCents: null },
      { currency: 'USD', variationId: 2, priceCents: 30_000, salePriceCents: null },
    ];
    const rounded = { ...gbp, rounding: 'whole' as const };
    expect(choicePriceIn(rounded, jacket, S, fixed)).toEqual({
      priceCents: 21_000,
      oldPriceCents: 25_000,
      discountPercent: 16,
    });
    expect(choicePriceIn(rounded, jacket, M, fixed)).toEqual({
      priceCents: 21_000,
      oldPriceCents: 25_000,
      discountPercent: 16,
    });
    expect(choicePriceIn(rounded, jacket, L, fixed)).toEqual({
      priceCents: 27_999,
      oldPriceCents: 0,
      discountPercent: 0,
    });
    // L without its own fixed price costs more than the product: converted, not the product's fixed price.
    expect(fixedPriceFor(fixed.slice(0, 1), 'GBP', jacket, L)).toBeNull();
    // A fixed price in another currency changes nothing here.
    expect(choicePriceIn(gbp, jacket, M, fixed.slice(2))).toEqual(choicePriceIn(gbp, jacket, M, []));
  });
});
