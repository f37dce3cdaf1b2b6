import { describe, expect, it } from 'vitest';
import { CHOICE_CASES } from '~/tests/helpers/choice-price-cases';
import {
  choicePrice,
  formatAmount,
  offerRange,
  parseAmount,
  salePriceProblem,
  toStaffPrice,
  toStoredPrice,
} from './product-price';

describe('product prices', () => {
  it('stores a sale as the paid price with the regular one struck through', () => {
    expect(toStoredPrice({ price_cents: 10_000, sale_price_cents: 7_500 })).toEqual({
      priceCents: 7_500,
      oldPriceCents: 10_000,
      discountPercent: 25,
    });
    expect(toStoredPrice({ price_cents: 4_999, sale_price_cents: null })).toEqual({
      priceCents: 4_999,
      oldPriceCents: 0,
      discountPercent: 0,
    });
  });

  it('round-trips through the staff form', () => {
    for (const price of [
      { price_cents: 10_000, sale_price_cents: 7_500 },
      { price_cents: 1, sale_price_cents: null },
      { price_cents: 999, sale_price_cents: 998 },
    ]) {
      expect(toStaffPrice(toStoredPrice(price))).toEqual(price);
    }
  });

  it('keeps the badge between 1 and 99 percent', () => {
    expect(toStoredPrice({ price_cents: 100_000, sale_price_cents: 99_999 }).discountPercent).toBe(1);
    expect(toStoredPrice({ price_cents: 100_000, sale_price_cents: 1 }).discountPercent).toBe(99);
  });

  it('refuses a sale price that is not lower', () => {
    expect(salePriceProblem({ price_cents: 500, sale_price_cents: 500 })).toBe(
      'The sale price must be lower than the price.',
    );
    expect(salePriceProblem({ price_cents: 500, sale_price_cents: 499 })).toBeNull();
  });

  it('reads and writes amounts with a dot or a comma', () => {
    expect(parseAmount('12.5')).toBe(1250);
    expect(parseAmount('12,05')).toBe(1205);
    expect(parseAmount(' 7 ')).toBe(700);
    expect(parseAmount('1e3')).toBeNull();
    expect(parseAmount('-1')).toBeNull();
    expect(parseAmount('1.234')).toBeNull();
    expect(formatAmount(1205)).toBe('12.05');
    expect(formatAmount(7)).toBe('0.07');
  });
});

describe('the price of a choice (choicePrice)', () => {
  it.each(CHOICE_CASES)('$what', ({ product, variation, expected }) => {
    expect(choicePrice(product, variation)).toEqual(expected);
  });

  it('ranges over a product\'s variations: the cheapest shown "from", the dearest, any sale', () => {
    const jacket = { priceCents: 24_900, oldPriceCents: 28_900, discountPercent: 14 };
    expect(offerRange(jacket, [])).toEqual({ lowest: jacket, highestCents: 24_900, onSale: true, varies: false });
    expect(
      offerRange(jacket, [
        { priceCents: null, salePriceCents: null },
        { priceCents: 32_000, salePriceCents: 29_900 },
      ]),
    ).toEqual({
      lowest: jacket,
      highestCents: 29_900,
      onSale: true,
      varies: true,
    });
    const plain = { priceCents: 5_000, oldPriceCents: 0, discountPercent: 0 };
    expect(
      offerRange(plain, [
        { priceCents: 6_000, salePriceCents: null },
        { priceCents: 7_000, salePriceCents: null },
      ]),
    ).toMatchObject({ highestCents: 7_000, onSale: false, varies: true, lowest: { priceCents: 6_000 } });
    // A badge percent without a struck price is a sale (spec §4) for the product itself only.
    expect(offerRange({ ...plain, discountPercent: 10 }, []).onSale).toBe(true);
  });
});
