import { describe, expect, it } from 'vitest';
import {
  addOutcome,
  canDecrease,
  canIncrease,
  type CartLine,
  cartItemCount,
  contentsFromReply,
  lineAttributes,
  lineCategory,
  linePrice,
  linePriceCents,
  quantityOnBlur,
  quantityOutcome,
  sanitizeQuantityText,
  shownCount,
  stepQuantity,
  typedQuantity,
  withoutLine,
} from './cart-lines';

const line = (over: Partial<CartLine> = {}, price = 19.99): CartLine => ({
  id: 1,
  item_id: 10,
  count: 2,
  is_variation: false,
  base_product_id: 10,
  available_stock: 10,
  item: { sku: 'SKU-1', name: 'Trail shoe', image_url: '/x.jpg', price, categories: [], variation_attributes: [] },
  ...over,
});

describe('cart lines', () => {
  it('counts units for the header badge and prices lines in cents', () => {
    expect(cartItemCount([line({ count: 2 }), line({ id: 2, count: 3 })])).toBe(5);
    expect(cartItemCount([])).toBe(0);
    expect(linePriceCents(line({ count: 3 }, 0.29))).toBe(87);
    expect(linePrice(line({ count: 3 }, 0.1))).toBe(0.3);
    expect(linePrice(line({ count: 2 }), 5)).toBe(99.95); // the shown (pending) count
  });

  it('shows category with parent and the variation attribute names', () => {
    const l = line();
    l.item.categories = [
      { name: 'Running', parent: { name: 'Shoes' } },
      { name: 'Sale', parent: null },
    ];
    l.item.variation_attributes = [
      { id: 1, name: 'Red', attribute_group: { name: 'Colour' } },
      { id: 2, name: '42', attribute_group: { name: 'Size' } },
    ];
    expect(lineCategory(l)).toBe('Shoes / Running');
    expect(lineAttributes(l)).toBe('Red, 42');
    expect(lineCategory(line())).toBe('');
  });

  it('reads the contents of a reply', () => {
    expect(contentsFromReply({ status: 'OK', payload: [line()], unavailableItems: [] }).payload).toHaveLength(1);
    expect(contentsFromReply(null)).toEqual({ payload: [], unavailableItems: [] });
    const both = { payload: [line()], unavailableItems: [line({ id: 2 })] };
    expect(withoutLine(both, 2)).toEqual({ payload: [line()], unavailableItems: [] });
  });
});

describe('quantity rules (spec §5 Cart quantity)', () => {
  it('minus disabled at 1; steps stay within 1..99', () => {
    expect(canDecrease(1)).toBe(false);
    expect(canDecrease(2)).toBe(true);
    expect(canIncrease(99)).toBe(false);
    expect(stepQuantity(1, -1)).toBe(1);
    expect(stepQuantity(1, 1)).toBe(2);
    expect(stepQuantity(99, 1)).toBe(99);
  });

  it('typing waits on empty or 0; blur below 1 resets to 1', () => {
    expect(sanitizeQuantityText('1a2')).toBe('12');
    expect(sanitizeQuantityText('-3')).toBe('3');
    expect(typedQuantity('')).toBeNull();
    expect(typedQuantity('0')).toBeNull();
    expect(typedQuantity('7')).toBe(7);
    expect(quantityOnBlur('')).toBe(1);
    expect(quantityOnBlur('0')).toBe(1);
    expect(quantityOnBlur('5')).toBe(5);
    // Issue 29: 500 is sent as typed (the server answers WARNING with the limit), not cut to 50.
    expect(sanitizeQuantityText('500')).toBe('500');
    expect(typedQuantity('500')).toBe(500);
    expect(quantityOnBlur('500')).toBe(500);
    expect(sanitizeQuantityText('123456')).toBe('1234');
  });

  it('shows the pending count until the answer', () => {
    expect(shownCount(line({ id: 4, count: 2 }), { 4: 5 })).toBe(5);
    expect(shownCount(line({ id: 4, count: 2 }), {})).toBe(2);
  });
});

describe('answers (spec §4 Cart add, Quantity changes)', () => {
  it('quantity: OK adopts, WARNING is a warning with the message, anything else an error', () => {
    expect(quantityOutcome({ status: 'OK', payload: [line()], unavailableItems: [] }, 'Failed').kind).toBe('ok');
    expect(quantityOutcome({ status: 'WARNING', message: 'Only 2 left in stock for Tent.' }, 'Failed')).toEqual({
      kind: 'warning',
      message: 'Only 2 left in stock for Tent.',
      contents: null,
    });
    expect(quantityOutcome({ status: 'ERROR', message: '' }, 'Failed to update quantity')).toEqual({
      kind: 'error',
      message: 'Failed to update quantity',
    });
    expect(quantityOutcome(null, 'Failed to update quantity').kind).toBe('error');
  });

  it('add: OK reloads; WARNING returns the message as a failure; else an error', () => {
    expect(addOutcome({ status: 'OK' }, 'x')).toEqual({ ok: true });
    expect(addOutcome({ status: 'WARNING', message: 'Tent is out of stock.' }, 'x')).toEqual({
      ok: false,
      kind: 'warning',
      message: 'Tent is out of stock.',
    });
    expect(addOutcome({ status: 'ERROR' }, 'Failed to add item to cart')).toEqual({
      ok: false,
      kind: 'error',
      message: 'Failed to add item to cart',
    });
  });
});
