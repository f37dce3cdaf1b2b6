import { describe, expect, it } from 'vitest';
import type { ResolvedFilter } from '@/server/services/catalog/filters';
import { type FilteredSet, pageIds, summarise } from '@/server/services/catalog/filtered-set';
import type { CatalogMeta } from '@/server/services/catalog/meta';

// Groups: 1 Colour (attributes 10 red, 11 blue), 2 Size (20 S, 21 M).
const meta = {
  categories: new Map(),
  children: new Map(),
  groups: new Map([
    [1, { id: 1, name: 'Colour', position: 0 }],
    [2, { id: 2, name: 'Size', position: 1 }],
  ]),
  attributes: new Map([
    [10, { id: 10, name: 'Red', groupId: 1, position: 0 }],
    [11, { id: 11, name: 'Blue', groupId: 1, position: 1 }],
    [20, { id: 20, name: 'S', groupId: 2, position: 0 }],
    [21, { id: 21, name: 'M', groupId: 2, position: 1 }],
  ]),
} as unknown as CatalogMeta;

/** Rows in the set's order (price ascending, ties by id): [id, price, attribute ids]. */
function setOf(rows: [number, number, number[]][]): FilteredSet {
  const attrs = rows.flatMap((r) => r[2]);
  const attrStart: number[] = [];
  let a = 0;
  for (const r of rows) {
    attrStart.push(a);
    a += r[2].length;
  }
  attrStart.push(a);
  return {
    ids: Int32Array.from(rows.map((r) => r[0])),
    prices: Int32Array.from(rows.map((r) => r[1])),
    attrStart: Int32Array.from(attrStart),
    attrs: Int32Array.from(attrs),
    summaries: new Map(),
  };
}

const filter = (over: Partial<ResolvedFilter> = {}): ResolvedFilter => ({
  search: null,
  languageId: 1,
  defaultLanguage: true,
  minEur: null,
  maxEur: null,
  categoryIds: null,
  isNew: false,
  sale: false,
  attrGroups: new Map(),
  ...over,
});

const SET = setOf([
  [5, 100, [10, 20]],
  [2, 200, [11, 20]],
  [3, 200, [10, 21]],
  [9, 200, []],
  [1, 300, [10, 11, 20, 21]],
]);
const facets = (rows: [number, number, number][]) => rows.map((r) => r.join(':')).sort();

describe('summarise (the filtered set of ADR 005)', () => {
  it('orders by price both ways with ties by id ascending, and pages past the cached ids', () => {
    expect(summarise(SET, meta, filter(), 'asc', 100).ids).toEqual([5, 2, 3, 9, 1]);
    expect(summarise(SET, meta, filter(), 'desc', 100).ids).toEqual([1, 2, 3, 9, 5]);
    expect(summarise(SET, meta, filter(), 'desc', 2).ids).toEqual([1, 2]);
    expect(pageIds(SET, meta, filter(), 'desc', 2, 2)).toEqual([3, 9]);
  });

  it('price bounds limit the total and the ids, not the price range', () => {
    const s = summarise(SET, meta, filter({ minEur: 150, maxEur: 250 }), 'asc', 100);
    expect(s).toMatchObject({ total: 3, minCents: 100, maxCents: 300, ids: [2, 3, 9] });
    expect(facets(s.facetRows)).toEqual(['0:10:1', '0:11:1', '0:20:1', '0:21:1']);
  });

  it("counts each selected group over the filter without that group's own choice", () => {
    // Red chosen: products 5, 3, 1. Size counts among them; colour counts over all five.
    const s = summarise(SET, meta, filter({ attrGroups: new Map([[1, [10]]]) }), 'asc', 100);
    expect(s).toMatchObject({ total: 3, minCents: 100, maxCents: 300, ids: [5, 3, 1] });
    expect(facets(s.facetRows)).toEqual(['0:10:3', '0:11:1', '0:20:2', '0:21:2', '1:10:3', '1:11:2'].sort());
    // Red and M: products 3, 1. Colour counts among M (3, 1), size counts among red (5, 3, 1).
    const both = summarise(
      SET,
      meta,
      filter({
        attrGroups: new Map([
          [1, [10]],
          [2, [21]],
        ]),
      }),
      'asc',
      100,
    );
    expect(both).toMatchObject({ total: 2, ids: [3, 1] });
    expect(facets(both.facetRows)).toEqual(
      ['0:10:2', '0:11:1', '0:20:1', '0:21:2', '1:10:2', '1:11:1', '2:20:2', '2:21:2'].sort(),
    );
  });

  it('an empty result has no price range', () => {
    const s = summarise(SET, meta, filter({ attrGroups: new Map([[2, [99]]]) }), 'asc', 100);
    expect(s).toEqual({ total: 0, minCents: null, maxCents: null, facetRows: expect.any(Array), ids: [] });
  });
});
