import { describe, expect, it } from 'vitest';
import { badgeLabelKey, isOnSale, oldPriceView, productBadges } from './badges';

const base = { retail_price: '100.00', old_price: '0.00', discount_percent: 0, top_product: false, new_arrival: false };

describe('sale badge (§4)', () => {
  it('shows when the old price differs and is not 0.00, or the discount is above 0', () => {
    expect(isOnSale(base)).toBe(false);
    expect(isOnSale({ ...base, old_price: '100.00' })).toBe(false);
    expect(isOnSale({ ...base, old_price: '120.00' })).toBe(true);
    expect(isOnSale({ ...base, discount_percent: 5 })).toBe(true);
    expect(isOnSale({ ...base, old_price: '0.00', discount_percent: 0 })).toBe(false);
  });

  it('orders badges sale, top, new', () => {
    expect(productBadges({ ...base, old_price: '120.00', top_product: true, new_arrival: true })).toEqual([
      'sale',
      'top-product',
      'new-arrivals',
    ]);
    expect(productBadges({ ...base, new_arrival: true })).toEqual(['new-arrivals']);
  });

  it('unknown badge types have no label', () => {
    expect(badgeLabelKey('sale')).toBe('badge.sale');
    expect(badgeLabelKey('top-product')).toBe('badge.topProduct');
    expect(badgeLabelKey('new-arrivals')).toBe('badge.newArrivals');
    expect(badgeLabelKey('other')).toBeNull();
  });
});

describe('oldPriceView', () => {
  it('shows the old price above the price with the product discount, else the implied one', () => {
    expect(oldPriceView({ retail_price: '80.00', old_price: '100.00', discount_percent: 20 })).toEqual({ old: 100, percent: 20 });
    expect(oldPriceView({ retail_price: '75.00', old_price: '100.00', discount_percent: 0 })).toEqual({ old: 100, percent: 25 });
    expect(oldPriceView({ retail_price: '75.00', old_price: '0.00', discount_percent: 10 })).toEqual({ old: null, percent: 10 });
    expect(oldPriceView({ retail_price: '75.00', old_price: '0.00', discount_percent: 0 })).toEqual({ old: null, percent: null });
  });
});
