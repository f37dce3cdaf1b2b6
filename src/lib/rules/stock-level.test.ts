import { describe, expect, it } from 'vitest';
import { sellableStock, stockAvailability } from './stock-level';

describe('stock levels', () => {
  it('is low below the threshold and out at none', () => {
    expect([0, 1, 4, 5, 6].map((n) => stockAvailability(n, 5))).toEqual([
      'out_of_stock',
      'low_stock',
      'low_stock',
      'in_stock',
      'in_stock',
    ]);
    expect(stockAvailability(1, 0)).toBe('in_stock');
  });

  it("counts the variations' units, not the product row's, when it has variations", () => {
    expect(sellableStock(7, [])).toBe(7);
    expect(sellableStock(0, [3, 8, 0])).toBe(11);
    expect(sellableStock(99, [0, 0])).toBe(0);
  });
});
