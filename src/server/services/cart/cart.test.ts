import { describe, expect, it } from 'vitest';
import { FALLBACK_IMAGE_URL } from '@/server/images/urls';
import { buildMeta } from '../catalog/meta';
import { type CartRow, outOfStockMessage, restoredCount, toCartContents, toCartLine, unavailableReason } from './cart';

const meta = buildMeta(
  [
    { id: 1, parentId: null, slug: 'outdoor', name: 'Outdoor' },
    { id: 2, parentId: 1, slug: 'tents', name: 'Tents' },
  ],
  [{ c: 2, l: 9, n: 'Zelte' }],
  [
    { id: 10, name: 'Size', position: 1 },
    { id: 11, name: 'Colour', position: 0 },
  ],
  [
    { id: 100, name: 'M', groupId: 10, position: 0 },
    { id: 101, name: 'Red', groupId: 11, position: 0 },
  ],
);

const row = (over: Partial<CartRow> = {}): CartRow => ({
  lineId: 5,
  productId: 7,
  variationId: 70,
  count: 2,
  sku: 'TENT-RM',
  name: 'Tent',
  imageUrl: null,
  priceCents: 1999,
  stock: 4,
  productActive: true,
  variationActive: true,
  hasVariations: true,
  categoryIds: [2, 404],
  attributeIds: [100, 101, 999],
  ...over,
});

describe('toCartLine', () => {
  it('builds the spec line: ids, converted price, fallback image, categories with parent, attributes in group order', () => {
    expect(toCartLine(row(), { meta, languageId: 9, currency: { code: 'USD', value: '1.0835' } })).toEqual({
      id: 5,
      item_id: 70,
      count: 2,
      is_variation: true,
      base_product_id: 7,
      available_stock: 4,
      item: {
        sku: 'TENT-RM',
        name: 'Tent',
        image_url: FALLBACK_IMAGE_URL,
        price: 21.66, // 21.659165
        categories: [{ name: 'Zelte', parent: { name: 'Outdoor' } }],
        variation_attributes: [
          { id: 101, name: 'Red', attribute_group: { name: 'Colour' } },
          { id: 100, name: 'M', attribute_group: { name: 'Size' } },
        ],
      },
    });
  });

  it('a product line points at the product; negative stock shows as 0', () => {
    const line = toCartLine(
      row({ variationId: null, hasVariations: false, attributeIds: [], imageUrl: '/a.svg', stock: -1 }),
      { meta, languageId: 1, currency: { code: 'EUR', value: '1' } },
    );
    expect(line).toMatchObject({
      item_id: 7,
      is_variation: false,
      available_stock: 0,
      item: { image_url: '/a.svg', price: 19.99, variation_attributes: [] },
    });
  });
});

describe('unavailableReason and toCartContents', () => {
  it('sorts lines into available and unavailable', () => {
    expect(unavailableReason(row())).toBeNull();
    expect(unavailableReason(row({ productActive: false }))).toBe('inactive');
    expect(unavailableReason(row({ variationActive: false }))).toBe('inactive');
    expect(unavailableReason(row({ stock: 0 }))).toBe('out_of_stock');
    expect(unavailableReason(row({ variationId: null, variationActive: null }))).toBe('needs_variation');
    expect(unavailableReason(row({ variationId: null, variationActive: null, hasVariations: false }))).toBeNull();
    const contents = toCartContents([row(), row({ lineId: 6, stock: 0 })], {
      meta,
      languageId: 1,
      currency: { code: 'EUR', value: '1' },
    });
    expect(contents.payload.map((l) => l.id)).toEqual([5]);
    expect(contents.unavailableItems.map((l) => l.id)).toEqual([6]);
  });

  it('names the stock in the warning', () => {
    expect(outOfStockMessage('Tent', 3)).toBe('Only 3 left in stock for Tent.');
    expect(outOfStockMessage('Tent', 0)).toBe('Tent is out of stock.');
  });
});

describe('restoredCount', () => {
  it('puts the units back into an empty line', () => {
    expect(restoredCount(0, 3, 20)).toBe(3);
  });
  it('adds to what was put in the cart since', () => {
    expect(restoredCount(2, 3, 20)).toBe(5);
  });
  it('stops at the line cap of 99 and at the stock', () => {
    expect(restoredCount(90, 20, 500)).toBe(99);
    expect(restoredCount(1, 5, 4)).toBe(4);
    expect(restoredCount(0, 5, 0)).toBe(0);
  });
  it('never takes away what the customer added themselves', () => {
    expect(restoredCount(7, 2, 3)).toBe(7);
  });
});
