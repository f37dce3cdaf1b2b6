import { describe, expect, it } from 'vitest';
import { cardStockOf } from './product-card';

describe('cardStockOf (issue 18: stock on cards)', () => {
  it('is sold out when the product and every variation have none', () => {
    expect(cardStockOf({ stock: 0, availability: 'out_of_stock', variations: [] })).toEqual({ kind: 'sold-out' });
    expect(
      cardStockOf({ stock: 0, availability: 'out_of_stock', variations: [{ in_stock: false }, { in_stock: false }] }),
    ).toEqual({ kind: 'sold-out' });
  });
  it('is not sold out while a variation has stock', () => {
    expect(
      cardStockOf({ stock: 0, availability: 'out_of_stock', variations: [{ in_stock: false }, { in_stock: true }] }),
    ).toBeNull();
  });
  it('says "Only N left" where the catalogue says low_stock', () => {
    expect(cardStockOf({ stock: 3, availability: 'low_stock', variations: [] })).toEqual({ kind: 'low', count: 3 });
  });
  it('says nothing in stock', () => {
    expect(cardStockOf({ stock: 40, availability: 'in_stock', variations: [] })).toBeNull();
  });
});
