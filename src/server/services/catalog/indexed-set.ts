import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import type { CatalogIndex } from './catalog-index';
import { FLAG_NEW, FLAG_SALE } from './catalog-index';
import type { FilteredSet } from './filtered-set';
import { type ResolvedFilter, rankExpression, searchCondition, translationJoin } from './filters';
import { type CatalogMeta, withDescendants } from './meta';
import { parseJson, rowsOf } from './rows';

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
}

/** Cache key of a text match: the search, language and whether ranks are needed. */
export function textMatchKey(f: ResolvedFilter, byRank: boolean): string {
  return JSON.stringify(['text', byRank, f.languageId, f.defaultLanguage, f.search]);
}

export async function readTextMatches(db: Db, f: ResolvedFilter, byRank: boolean): Promise<TextMatches> {
  const search = searchCondition(f);
  if (!search) throw new Error('readTextMatches needs a search');
  const [row] = rowsOf<{ rows: string | null }>(
    await db.execute(sql`
      select '[' || coalesce(string_agg(${byRank ? sql`concat_ws(',', id, rank)` : sql`id::text`}, ','), '') || ']' as rows
      from (
        select p.id${byRank ? sql`, ${rankExpression(f)} as rank` : sql``}
        from products p ${byRank ? translationJoin(f) : sql``}
        where p.active and ${search}
      ) b`),
  );
  const flat = parseJson<number[]>(row?.rows ?? '[]', []);
  const step = byRank ? 2 : 1;
  const n = flat.length / step;
  const matches: TextMatches = { ids: new Int32Array(n), ranks: new Float64Array(byRank ? n : 0) };
  for (let k = 0; k < n; k++) {
    matches.ids[k] = flat[k * step]!;
    if (byRank) matches.ranks[k] = flat[k * step + 1]!;
  }
  return matches;
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
  const wanted = f.categoryIds ? categoryTest(withDescendants(meta, f.categoryIds)) : null;
  const flagsWanted = (f.isNew ? FLAG_NEW : 0) | (f.sale ? FLAG_SALE : 0);
  const keep = (r: number) => {
    if ((index.flags[r]! & flagsWanted) !== flagsWanted) return false;
    if (!wanted) return true;
    for (let k = index.catStart[r]!; k < index.catStart[r + 1]!; k++) if (wanted(index.cats[k]!)) return true;
    return false;
  };
  const rows: number[] = [];
  if (!text) {
    for (let r = 0; r < index.ids.length; r++) if (keep(r)) rows.push(r);
    return copyRows(index, rows);
  }
  const rankOf = byRank ? new Map<number, number>() : null;
  for (let k = 0; k < text.ids.length; k++) {
    // A match the index does not know was (de)activated or added since one of them was read.
    const row = text.ids[k]! < index.rowOf.length ? index.rowOf[text.ids[k]!]! - 1 : -1;
    if (row < 0 || !keep(row)) continue;
    rows.push(row);
    rankOf?.set(row, text.ranks[k]!);
  }
  if (!rankOf) return copyRows(index, Int32Array.from(rows).sort()); // row numbers are the (price, id) order
  // rank descending, ties by id ascending (the SQL order of ADR 005)
  rows.sort((x, y) => rankOf.get(y)! - rankOf.get(x)! || index.ids[x]! - index.ids[y]!);
  return copyRows(index, rows);
}

/**
 * Membership of the filter's categories: a byte mask over ids up to a bound (category ids are
 * small), a set for larger ones, so an absurd id in the query costs no huge allocation.
 */
function categoryTest(ids: readonly number[]): (id: number) => boolean {
  const MASK_LIMIT = 1 << 20;
  let size = 1;
  const large = new Set<number>();
  for (const id of ids) {
    if (id >= 0 && id < MASK_LIMIT) size = Math.max(size, id + 1);
    else large.add(id);
  }
  const mask = new Uint8Array(size);
  for (const id of ids) if (id >= 0 && id < MASK_LIMIT) mask[id] = 1;
  return large.size ? (id) => (id < size && mask[id] === 1) || large.has(id) : (id) => id < size && mask[id] === 1;
}

function copyRows(index: CatalogIndex, rows: ArrayLike<number>): FilteredSet {
  const n = rows.length;
  let attrCount = 0;
  for (let k = 0; k < n; k++) attrCount += index.attrStart[rows[k]! + 1]! - index.attrStart[rows[k]!]!;
  const set: FilteredSet = {
    ids: new Int32Array(n),
    prices: new Int32Array(n),
    attrStart: new Int32Array(n + 1),
    attrs: new Int32Array(attrCount),
    summaries: new Map(),
  };
  let a = 0;
  for (let k = 0; k < n; k++) {
    const r = rows[k]!;
    set.ids[k] = index.ids[r]!;
    set.prices[k] = index.prices[r]!;
    set.attrStart[k] = a;
    set.attrs.set(index.attrs.subarray(index.attrStart[r]!, index.attrStart[r + 1]!), a);
    a += index.attrStart[r + 1]! - index.attrStart[r]!;
  }
  set.attrStart[n] = a;
  return set;
}
