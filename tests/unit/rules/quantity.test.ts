import { describe, expect, it } from 'vitest';
import { canIncrease, quantityOnBlur, stepQuantity, typedQuantity } from '@/features/cart/cart-lines';
import { countField } from '@/lib/contract/cart';
import { MAX_QUANTITY, MIN_QUANTITY } from '@/lib/rules/quantity';

// One table through both paths: what the cart page's input sends once the shopper leaves it
// (quantityOnBlur), and whether the server's zod field for a line count takes that number.
// The browser clamps into the bounds the server accepts, so it never sends a refused count.
const cases: Array<[typed: number, serverAccepts: boolean, browserSends: number]> = [
  [0, false, 1],
  [1, true, 1],
  [2, true, 2],
  [98, true, 98],
  [99, true, 99],
  [100, false, 10], // the input keeps as many digits as 99 has: the third is not typed in
  [150, false, 15],
  [-1, false, 1],
];

describe('cart line quantity: the browser and the server share the bounds', () => {
  it.each(cases)('%i: server %s, browser sends %i', (typed, serverAccepts, browserSends) => {
    expect(countField.safeParse(typed).success).toBe(serverAccepts);
    expect(quantityOnBlur(String(typed))).toBe(browserSends);
    expect(countField.safeParse(quantityOnBlur(String(typed))).success).toBe(true);
  });

  it('steppers and typing stop at the same bounds', () => {
    expect([MIN_QUANTITY, MAX_QUANTITY]).toEqual([1, 99]);
    expect(stepQuantity(MAX_QUANTITY, 1)).toBe(MAX_QUANTITY);
    expect(stepQuantity(MIN_QUANTITY, -1)).toBe(MIN_QUANTITY);
    expect(canIncrease(MAX_QUANTITY)).toBe(false);
    expect(typedQuantity('99')).toBe(99);
    expect(typedQuantity('0')).toBeNull();
    expect(countField.safeParse(MAX_QUANTITY + 1).success).toBe(false);
  });
});
