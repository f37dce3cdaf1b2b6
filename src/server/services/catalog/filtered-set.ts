import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import type { FilterSummary } from './catalog-cache';
import { type ResolvedFilter, conditions, rankExpression, translationJoin } from './filters';
import type { CatalogMeta } from './meta';
import { parseJson, rowsOf } from './rows';

export type OrderBy = 'asc' | 'desc' | 'rank';

/**
 * The products of a filter without its price bounds and attribute choices (search, categories,
 * flags, language): each with its price and attribute ids, in rank order when the result is
 * ordered by relevance, else by price ascending with ties by id. Everything a catalogue answer
 * needs besides the page's rows follows from it in memory (summarise): total, price range, facet
 * counts and the order. So one SQL statement serves every price range, attribute choice and sort
 * direction shoppers try on the same search or category (ADR 005, issue 18), and paging costs none.
 */
export interface FilteredSet {
  ids: Int32Array;
  prices: Int32Array;
  /** Row i's attribute ids are attrs[attrStart[i] .. attrStart[i + 1]). */
  attrStart: Int32Array;
  attrs: Int32Array;
  /**
   * The set's rows of the arrays above, in its order; null: every row. A set made from the
   * catalogue index (indexed-set.ts) shares the index's arrays and lists its rows here instead
   * of copying them (a category of 300 000 products would otherwise copy ~10 MB per new filter).
   */
  rows?: Int32Array | null;
  /** One more than the largest attribute id in attrs, when known (the index knows it). */
  attrSize?: number;
  /** Summaries computed from this set, per price bounds, attribute choice, order and id cap. */
  summaries: Map<string, FilterSummary>;
}

const MAX_SUMMARIES = 50;

/** What the filtered set depends on: the filter without price, attributes, page or currency. */
export function filteredSetKey(f: ResolvedFilter, byRank: boolean): string {
  return JSON.stringify([
    'set',
    byRank,
    f.languageId,
    f.defaultLanguage,
    f.search,
    f.categoryIds ? [...new Set(f.categoryIds)].sort((a, b) => a - b) : null,
    f.isNew,
    f.sale,
  ]);
}

/**
 * One statement; the rows come back as ONE flat JSON array (id, price, [rank,] n, n attribute ids,
 * ...) because a single text value is far cheaper to move and parse than a row per product, most
 * of all on PGlite (100 000 rows: ~1.6 MB). The order is made here: sorting in the aggregate cost
 * the database a third of the statement (PGlite, 8 000 rows), sorting in JS ~1 ms. The rank is a
 * float4 printed exactly (shortest round-trip text), so comparing the parsed numbers orders rows
 * as the database would.
 */
export async function readFilteredSet(
  db: Db,
  meta: CatalogMeta,
  f: ResolvedFilter,
  byRank: boolean,
): Promise<FilteredSet> {
  const [row] = rowsOf<{ rows: string | null }>(
    await db.execute(sql`
      select '[' || coalesce(string_agg(concat_ws(',', id, from_price_cents, ${byRank ? sql`rank,` : sql``} cardinality(attrs),
          nullif(array_to_string(attrs, ','), '')), ','), '') || ']' as rows
      from (
        select p.id, p.from_price_cents, p.attribute_ids as attrs, ${byRank ? rankExpression(f) : sql`0::real`} as rank
        from products p ${byRank ? translationJoin(f) : sql``}
        where ${conditions(meta, f, { withPrice: false, withAttrs: false })}
      ) b`),
  );
  const flat = parseJson<number[]>(row?.rows ?? '[]', []);
  const head = byRank ? 4 : 3; // id, price, [rank,] n
  const starts: number[] = [];
  let attrCount = 0;
  for (let i = 0; i < flat.length; i += head + flat[i + head - 1]!) {
    starts.push(i);
    attrCount += flat[i + head - 1]!;
  }
  // rank descending or price ascending, ties by id ascending: the SQL orders of ADR 005
  starts.sort(
    byRank
      ? (x, y) => flat[y + 2]! - flat[x + 2]! || flat[x]! - flat[y]!
      : (x, y) => flat[x + 1]! - flat[y + 1]! || flat[x]! - flat[y]!,
  );
  const n = starts.length;
  const set: FilteredSet = {
    ids: new Int32Array(n),
    prices: new Int32Array(n),
    attrStart: new Int32Array(n + 1),
    attrs: new Int32Array(attrCount),
    rows: null,
    summaries: new Map(),
  };
  let a = 0;
  starts.forEach((i, r) => {
    set.ids[r] = flat[i]!;
    set.prices[r] = flat[i + 1]!;
    set.attrStart[r] = a;
    const count = flat[i + head - 1]!;
    for (let k = 0; k < count; k++) set.attrs[a++] = flat[i + head + k]!;
  });
  set.attrStart[n] = a;
  return set;
}

/**
 * The first `limit` ids of the result in its order (price descending: each price's run keeps ids
 * ascending). Only those are made: a set of 300 000 rows needs 1 500 of them for its pages.
 */
function firstIds(set: FilteredSet, rows: Int32Array, count: number, orderBy: OrderBy, limit: number): number[] {
  const out: number[] = [];
  if (orderBy !== 'desc') {
    for (let k = 0; k < Math.min(count, limit); k++) out.push(set.ids[rows[k]!]!);
    return out;
  }
  for (let end = count; end > 0 && out.length < limit;) {
    let start = end - 1;
    while (start > 0 && set.prices[rows[start - 1]!] === set.prices[rows[end - 1]!]) start--;
    for (let k = start; k < end && out.length < limit; k++) out.push(set.ids[rows[k]!]!);
    end = start;
  }
  return out;
}

/**
 * Total, price range (the filter without its price bounds), facet counts (each selected group's
 * counts use the whole filter except that group's own choice; k = 0 for the groups without one;
 * a product counts once per attribute) and the first `maxIds` ids in order: the same answer the
 * SQL of ADR 005 gave, computed over the set's rows.
 */
export function summarise(
  set: FilteredSet,
  meta: CatalogMeta,
  f: ResolvedFilter,
  orderBy: OrderBy,
  maxIds: number,
): FilterSummary {
  const key = JSON.stringify([
    f.minEur,
    f.maxEur,
    [...f.attrGroups.entries()].sort((x, y) => x[0] - y[0]),
    orderBy,
    maxIds,
  ]);
  const known = set.summaries.get(key);
  if (known) return known;
  const low = f.minEur ?? 0;
  const high = f.maxEur ?? 2147483647;
  // Attribute ids are small integers: counts and memberships are plain arrays indexed by id (this
  // runs on every new price or facet choice; string-keyed maps made it 1.7 ms for 8 000 rows).
  let size = 1;
  for (const id of meta.attributes.keys()) size = Math.max(size, id + 1);
  if (set.attrSize !== undefined) size = Math.max(size, set.attrSize);
  else for (let k = 0; k < set.attrs.length; k++) size = Math.max(size, set.attrs[k]! + 1);
  const groups = [...f.attrGroups.entries()].map(([groupId, chosen]) => {
    const isChosen = new Uint8Array(size);
    for (const id of chosen) if (id < size) isChosen[id] = 1;
    const isOwn = new Uint8Array(size);
    for (const a of meta.attributes.values()) if (a.groupId === groupId) isOwn[a.id] = 1;
    return { groupId, isChosen, isOwn, counts: new Int32Array(size) };
  });
  const all = new Int32Array(size);
  let minCents: number | null = null;
  let maxCents: number | null = null;
  const members = set.rows;
  const n = members ? members.length : set.ids.length;
  // Preallocated: pushing 300 000 numbers into an array per new filter was a third of the time.
  const rows = new Int32Array(n);
  let count = 0;
  for (let m = 0; m < n; m++) {
    const r = members ? members[m]! : m;
    const from = set.attrStart[r]!;
    const to = set.attrStart[r + 1]!;
    let missing = 0;
    let missed = -1;
    for (let g = 0; g < groups.length && missing < 2; g++) {
      const isChosen = groups[g]!.isChosen;
      let hit = false;
      for (let k = from; k < to && !hit; k++) hit = isChosen[set.attrs[k]!] === 1;
      if (!hit) {
        missing++;
        missed = g;
      }
    }
    const price = set.prices[r]!;
    const inPrice = price >= low && price <= high;
    if (missing === 0) {
      minCents = minCents === null ? price : Math.min(minCents, price);
      maxCents = maxCents === null ? price : Math.max(maxCents, price);
      if (inPrice) rows[count++] = r;
    }
    if (!inPrice || missing > 1) continue;
    for (let k = from; k < to; k++) {
      const attribute = set.attrs[k]!;
      if (missing === 0) {
        all[attribute]!++;
        for (const group of groups) if (group.isOwn[attribute] === 1) group.counts[attribute]!++;
      } else if (groups[missed]!.isOwn[attribute] === 1) groups[missed]!.counts[attribute]!++;
    }
  }
  const facetRows: [number, number, number][] = [];
  for (let a = 0; a < size; a++) if (all[a]! > 0) facetRows.push([0, a, all[a]!]);
  for (const group of groups)
    for (let a = 0; a < size; a++) if (group.counts[a]! > 0) facetRows.push([group.groupId, a, group.counts[a]!]);
  const summary: FilterSummary = {
    total: count,
    minCents,
    maxCents,
    facetRows,
    ids: firstIds(set, rows, count, orderBy, maxIds),
  };
  if (set.summaries.size >= MAX_SUMMARIES) set.summaries.delete(set.summaries.keys().next().value!);
  set.summaries.set(key, summary);
  return summary;
}

/** Ids of one page past the summary's cached ids. */
export function pageIds(
  set: FilteredSet,
  meta: CatalogMeta,
  f: ResolvedFilter,
  orderBy: OrderBy,
  offset: number,
  limit: number,
): number[] {
  return summarise(set, meta, f, orderBy, offset + limit).ids.slice(offset);
}
