import { describe, expect, it } from 'vitest';
import { canIncrease, quantityOnBlur, stepQuantity, typedQuantity } from '@/features/cart/cart-lines';
import { cartUpdateBody, countField } from '@/lib/contract/cart';
import { MAX_QUANTITY, MAX_TYPED_QUANTITY, MIN_QUANTITY } from '@/lib/rules/quantity';

const updateCount = cartUpdateBody.shape.count;

// One table through both paths: what the cart page's input sends once the shopper leaves it
// (quantityOnBlur), whether a line may hold it (the add's count field), and whether the update
// takes it. Above the line limit the browser sends what was typed and the update answers WARNING
// with the limit (issue 29: "500" is not cut to "50"; services/cart/cart.server.ts).
const cases: Array<[typed: number, lineAccepts: boolean, browserSends: number]> = [
  [0, false, 1],
  [1, true, 1],
  [2, true, 2],
  [98, true, 98],
  [99, true, 99],
  [100, false, 100],
  [500, false, 500],
  [-1, false, 1],
];

describe('cart line quantity: the browser and the server share the bounds', () => {
  it.each(cases)('%i: a line takes it %s, the browser sends %i', (typed, lineAccepts, browserSends) => {
    expect(countField.safeParse(typed).success).toBe(lineAccepts);
    expect(quantityOnBlur(String(typed))).toBe(browserSends);
    expect(updateCount.safeParse(quantityOnBlur(String(typed))).success).toBe(true);
  });

  it('steppers stop at the line limit; typing stops at the typed limit the update takes', () => {
    expect([MIN_QUANTITY, MAX_QUANTITY]).toEqual([1, 99]);
    expect(stepQuantity(MAX_QUANTITY, 1)).toBe(MAX_QUANTITY);
    expect(stepQuantity(MIN_QUANTITY, -1)).toBe(MIN_QUANTITY);
    expect(canIncrease(MAX_QUANTITY)).toBe(false);
    expect(typedQuantity('99')).toBe(99);
    expect(typedQuantity('0')).toBeNull();
    expect(typedQuantity('123456')).toBe(1234);
    expect(countField.safeParse(MAX_QUANTITY + 1).success).toBe(false);
    expect(updateCount.safeParse(MAX_TYPED_QUANTITY).success).toBe(true);
    expect(updateCount.safeParse(MAX_TYPED_QUANTITY + 1).success).toBe(false);
  });
});
