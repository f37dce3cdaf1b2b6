import type { CatalogIndex } from './catalog-index';
import { FLAG_NEW, FLAG_SALE } from './catalog-index';
import type { FilteredSet } from './filtered-set';
import type { ResolvedFilter } from './filters';
import { type CatalogMeta, withDescendants } from './meta';

/**
 * The products a search text matches (active ones, in the request's language), with their rank
 * when the result is ordered by relevance: all the database is still asked for on the index path.
 * It depends on nothing else of the filter (the rank's category bonus is about the categories the
 * *query* names, not the filter's), so one text match serves every category, flag, price and
 * attribute combination tried on it (cached per text by the caller).
 */
export interface TextMatches {
  ids: Int32Array;
  /** Float4 ranks, exact (see filtered-set.ts); empty when not ordered by relevance. */
  ranks: Float64Array;
  /**
   * The matches as rows of one index, in result order (price, or rank), made on first use: every
   * new filter on this text then filters a sorted list instead of looking up and sorting its
   * matches again (80 000 matches of "tent" on 1 000 000 products: ~30 ms a request otherwise).
   */
  inIndex?: { index: CatalogIndex; rows: Int32Array };
}

/** Cache key of a text match: the search, language and whether ranks are needed. */
export function textMatchKey(f: ResolvedFilter, byRank: boolean): string {
  return JSON.stringify(['text', byRank, f.languageId, f.defaultLanguage, f.search]);
}

/**
 * The filtered set of filtered-set.ts (search, categories, flags; no price bounds or attribute
 * choices) computed from the index: the same rows in the same order as `readFilteredSet`, since
 * the index holds exactly the columns its SQL reads (`category_ids && descendants`, `is_new`,
 * the sale condition, `attribute_ids`, price; ties by id in both orders).
 */
export function setFromIndex(
  index: CatalogIndex,
  meta: CatalogMeta,
  f: ResolvedFilter,
  text: TextMatches | null,
  byRank: boolean,
): FilteredSet {
  const wanted = f.categoryIds ? categoryMask(withDescendants(meta, f.categoryIds)) : null;
  const flagsWanted = (f.isNew ? FLAG_NEW : 0) | (f.sale ? FLAG_SALE : 0);
  const { flags, catStart, cats } = index;
  // Plain loops over typed arrays, no closures: this runs over every row of the index (1 000 000
  // at most) for a category or flag filter without a search.
  const keep = (r: number): boolean => {
    if ((flags[r]! & flagsWanted) !== flagsWanted) return false;
    if (wanted === null) return true;
    for (let k = catStart[r]!, end = catStart[r + 1]!; k < end; k++) {
      const id = cats[k]!;
      if (id < wanted.length && wanted[id] === 1) return true;
    }
    return false;
  };
  if (!text) {
    if (!wanted && !flagsWanted) return view(index, null);
    const rows = new Int32Array(index.ids.length);
    let n = 0;
    for (let r = 0; r < rows.length; r++) if (keep(r)) rows[n++] = r;
    return view(index, rows.slice(0, n));
  }
  const ordered = rowsInIndex(index, text, byRank);
  const rows = new Int32Array(ordered.length);
  let n = 0;
  for (let k = 0; k < ordered.length; k++) if (keep(ordered[k]!)) rows[n++] = ordered[k]!;
  return view(index, rows.slice(0, n));
}

/** The text's matches as index rows in result order (memoised per index, see TextMatches.inIndex). */
function rowsInIndex(index: CatalogIndex, text: TextMatches, byRank: boolean): Int32Array {
  if (text.inIndex?.index === index) return text.inIndex.rows;
  const found = new Int32Array(text.ids.length);
  let n = 0;
  for (let k = 0; k < text.ids.length; k++) {
    // A match the index does not know was (de)activated or added since one of them was read.
    const id = text.ids[k]!;
    const row = id < index.rowOf.length ? index.rowOf[id]! - 1 : -1;
    if (row >= 0) found[n++] = byRank ? k : row;
  }
  let rows: Int32Array;
  if (!byRank)
    rows = found.slice(0, n).sort(); // row numbers are the (price, id) order
  else {
    // rank descending, ties by id ascending (the SQL order of ADR 005); found holds match numbers
    const order = Array.from(found.subarray(0, n)).sort(
      (x, y) => text.ranks[y]! - text.ranks[x]! || text.ids[x]! - text.ids[y]!,
    );
    rows = Int32Array.from(order, (k) => index.rowOf[text.ids[k]!]! - 1);
  }
  text.inIndex = { index, rows };
  return rows;
}

/** The set as rows of the index's own arrays: nothing is copied but the row numbers. */
function view(index: CatalogIndex, rows: Int32Array | null): FilteredSet {
  return {
    ids: index.ids,
    prices: index.prices,
    attrStart: index.attrStart,
    attrs: index.attrs,
    rows,
    attrSize: index.attrSize,
    summaries: new Map(),
  };
}

/**
 * Membership of the filter's categories as a byte mask by id. Ids beyond any category id in the
 * meta cannot be in any product's category_ids that the meta knows of, but a category created
 * since the meta was read could be: so the mask covers the request's ids up to a bound, and an id
 * beyond it (never a real one: serial ids) is left out rather than allocating megabytes.
 */
function categoryMask(ids: readonly number[]): Uint8Array {
  const LIMIT = 1 << 22;
  let size = 1;
  for (const id of ids) if (id >= 0 && id < LIMIT) size = Math.max(size, id + 1);
  const mask = new Uint8Array(size);
  for (const id of ids) if (id >= 0 && id < LIMIT) mask[id] = 1;
  return mask;
}
