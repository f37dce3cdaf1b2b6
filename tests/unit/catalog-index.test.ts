import { describe, expect, it } from 'vitest';
import { FLAG_NEW, FLAG_SALE, assemble } from '@/server/services/catalog/catalog-index';
import { setFromIndex } from '@/server/services/catalog/indexed-set';
import type { ResolvedFilter } from '@/server/services/catalog/filters';
import { buildMeta } from '@/server/services/catalog/meta';

/** One product as the index statement sends it: id, price, flags, n, categories, m, attributes. */
const product = (id: number, price: number, flags: number, cats: number[], attrs: number[]) => [
  id,
  price,
  flags,
  cats.length,
  ...cats,
  attrs.length,
  ...attrs,
];

const meta = buildMeta(
  [
    { id: 1, parentId: null, slug: 'outdoor', name: 'Outdoor' },
    { id: 2, parentId: 1, slug: 'tents', name: 'Tents' },
    { id: 3, parentId: null, slug: 'computers', name: 'Computers' },
  ],
  [],
  [],
  [],
);
const none: ResolvedFilter = {
  search: null,
  languageId: 1,
  defaultLanguage: true,
  minEur: null,
  maxEur: null,
  categoryIds: null,
  isNew: false,
  sale: false,
  attrGroups: new Map(),
};
const idsOf = (set: ReturnType<typeof setFromIndex>) => Array.from(set.rows ?? set.ids.keys(), (r) => set.ids[r]!);

describe('catalogue index', () => {
  for (const big of [false, true]) {
    // big: ids and prices whose packed (price, id) key would pass 2^53, so the comparator sort runs
    const id = (n: number) => (big ? 5_000_000 + n : n);
    const price = (p: number) => (big ? 2_000_000_000 + p : p);
    const index = assemble([
      [...product(id(4), price(500), FLAG_NEW, [2], [7, 9]), ...product(id(2), price(100), 0, [3], [])],
      [
        ...product(id(3), price(500), FLAG_SALE | FLAG_NEW, [1, 3], [9]),
        ...product(id(1), price(900), FLAG_SALE, [], [8]),
      ],
    ]);

    it(`orders by price, ties by id, across slices${big ? ' (large ids and prices)' : ''}`, () => {
      expect(Array.from(index.ids)).toEqual([id(2), id(3), id(4), id(1)]);
      expect(Array.from(index.prices)).toEqual([price(100), price(500), price(500), price(900)]);
      expect(Array.from(index.attrs)).toEqual([9, 7, 9, 8]);
      expect(index.attrSize).toBe(10);
      expect(index.rowOf[id(4)]).toBe(3);
    });

    it(`filters categories with descendants, flags and text matches${big ? ' (large)' : ''}`, () => {
      expect(idsOf(setFromIndex(index, meta, none, null, false))).toEqual([id(2), id(3), id(4), id(1)]);
      expect(idsOf(setFromIndex(index, meta, { ...none, categoryIds: [1] }, null, false))).toEqual([id(3), id(4)]);
      expect(idsOf(setFromIndex(index, meta, { ...none, categoryIds: [2, 900_000_000] }, null, false))).toEqual([
        id(4),
      ]);
      expect(idsOf(setFromIndex(index, meta, { ...none, isNew: true, sale: true }, null, false))).toEqual([id(3)]);
      const text = { ids: Int32Array.from([id(1), id(4), 77, id(2)]), ranks: Float64Array.from([0.5, 0.5, 0.9, 0.7]) };
      // price order; an id the index does not know (inactive) is left out
      expect(idsOf(setFromIndex(index, meta, none, { ids: text.ids, ranks: new Float64Array(0) }, false))).toEqual([
        id(2),
        id(4),
        id(1),
      ]);
      // rank descending, ties by id
      expect(idsOf(setFromIndex(index, meta, none, text, true))).toEqual([id(2), id(1), id(4)]);
      expect(idsOf(setFromIndex(index, meta, { ...none, categoryIds: [1] }, text, true))).toEqual([id(4)]);
    });
  }
});
