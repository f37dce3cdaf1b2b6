import type { Db } from '@/server/db/client';
import { invalidateCatalogIndex } from './catalog-index';
import { countCacheLookup } from '@/server/observability/hooks';

/**
 * What a catalogue filter yields apart from the page itself: total, price range, facet counts
 * and the first ids in result order. Paging through one filter, many shoppers opening the same
 * list, or one shopper trying prices and facets on one search repeat the expensive part (the
 * whole matching set, see docs/decisions/005), so the filtered set (filtered-set.ts, the summaries
 * computed from it ride along) is kept for a short time per database and key.
 *
 * Staleness: an entry is fresh for CACHE_TTL_MS and served stale while it reloads for as long
 * again (see cachedSummary). Within that time a product added, removed from a
 * category, re-priced across a filter bound or newly (de)activated may be missing from, or still
 * counted in, the result's order, total, price range and facets. The products of a page are
 * always loaded fresh (current name, price, stock; a deactivated product is left out), and the
 * whole answer is already declared cacheable by any shared cache for 60 s (api/cache.ts), so
 * this adds no staleness a shopper could not already see. Each shop instance has its own cache.
 */
/** A filter's answer apart from its page (filtered-set.ts `summarise`). */
export interface FilterSummary {
  total: number;
  /** EUR cents, null when nothing matches the filter without its price bounds. */
  minCents: number | null;
  maxCents: number | null;
  /** Facet count rows (k, attribute id, n), see facets.ts. */
  facetRows: [number, number, number][];
  /** The first ids of the result in its order: all of them when ids.length === total. */
  ids: number[];
}

export const CACHE_TTL_MS = 30_000;
/** 100 pages of the default 15; pages beyond are computed from the cached filtered set. */
export const MAX_CACHED_IDS = 1_500;
const MAX_ENTRIES = 300;
/**
 * Weight bound of one database's entries: a filtered set weighs its row count (~16 bytes a row,
 * filtered-set.ts), so the sets kept stay below ~30 MB whatever filters shoppers try.
 */
export const MAX_WEIGHT = 2_000_000;

interface Entry {
  promise: Promise<unknown>;
  at: number;
  /** Known once loaded (see `weigh`). */
  weight: number;
  /** A refresh of this stale entry is under way. */
  refreshing?: boolean;
}
let caches = new WeakMap<Db, Map<string, Entry>>();

/**
 * The cached value for `key`, or `load()`'s. Fresh for CACHE_TTL_MS; for CACHE_TTL_MS more it
 * is still served while ONE background load replaces it, so a popular filter never waits for the
 * full query again (so the worst staleness is 2 × CACHE_TTL_MS plus one load). Concurrent misses
 * on one key share one load (on PGlite, which runs one query at a time, a burst of equal requests
 * costs one query). A failed load is not kept. Least recently used entries go first beyond
 * MAX_ENTRIES or beyond MAX_WEIGHT in total (`weigh` of a loaded value, 1 by default).
 */
export function cachedSummary<T = FilterSummary>(
  db: Db,
  key: string,
  load: () => Promise<T>,
  now = Date.now(),
  weigh: (value: T) => number = () => 1,
): Promise<T> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const map = cache;
  const weighed = (entry: Entry) =>
    (entry.promise as Promise<T>).then(
      (value) => {
        entry.weight = weigh(value);
        let total = 0;
        for (const e of map.values()) total += e.weight;
        for (const [k, e] of map) {
          if (total <= MAX_WEIGHT || e === entry) break;
          map.delete(k);
          total -= e.weight;
        }
      },
      () => undefined,
    );
  const hit = map.get(key);
  countCacheLookup('catalog', hit !== undefined && now - hit.at < 2 * CACHE_TTL_MS);
  if (hit && now - hit.at < 2 * CACHE_TTL_MS) {
    map.delete(key);
    map.set(key, hit);
    if (now - hit.at >= CACHE_TTL_MS && !hit.refreshing) {
      hit.refreshing = true;
      const fresh: Entry = { promise: load(), at: now, weight: hit.weight };
      fresh.promise.then(
        () => {
          if (map.get(key) === hit) map.set(key, fresh);
          void weighed(fresh);
        },
        () => {
          hit.refreshing = false;
        },
      );
    }
    return hit.promise as Promise<T>;
  }
  const entry: Entry = { promise: load(), at: now, weight: 0 };
  map.set(key, entry);
  entry.promise.catch(() => {
    if (map.get(key) === entry) map.delete(key);
  });
  void weighed(entry);
  while (map.size > MAX_ENTRIES) map.delete(map.keys().next().value!);
  return entry.promise as Promise<T>;
}

/**
 * Drops cached summaries and product rows after catalogue edits that must show at once (an admin
 * saving a product may call it; other instances still catch up within the TTLs). Without a db,
 * for every database.
 */
export function invalidateCatalogResults(
  db?: Db,
  options: { keepIndex?: boolean; products?: readonly number[] } = {},
): void {
  // keepIndex: no product's filter columns changed (a content edit; benches and tests that want
  // cold results on a current index); products: only these changed (see invalidateCatalogIndex).
  if (!options.keepIndex) invalidateCatalogIndex(db, options.products);
  if (db) {
    caches.delete(db);
    rowCaches.delete(db);
  } else {
    caches = new WeakMap();
    rowCaches = new WeakMap();
  }
}

/** Drops only the cached product rows (their review summary changed): filters and the index stay. */
export function invalidateCatalogRows(db: Db): void {
  rowCaches.delete(db);
}

// ------------------------------------------------------------------ product rows of list pages

/**
 * Product rows for list pages, per database, language and product, kept ROWS_TTL_MS: a page of a
 * popular filter then costs no query at all. A list may show a price, stock level or name up to
 * that old (the product page and the cart read the database); as above, this is well inside the
 * 60 s any shared cache may already serve the whole answer for.
 */
export const ROWS_TTL_MS = 10_000;
const MAX_ROWS = 5_000;

interface RowEntry<T> {
  row: T | null;
  at: number;
}
let rowCaches = new WeakMap<Db, Map<string, RowEntry<unknown>>>();

/**
 * `ids`' rows in that order, reading only the missing or expired ones with `load` (ONE call for
 * all of them). Ids that `load` does not return (inactive, deleted) are remembered as absent too.
 */
export async function cachedRows<T extends { id: number }>(
  db: Db,
  languageId: number,
  ids: readonly number[],
  load: (ids: number[]) => Promise<T[]>,
  now = Date.now(),
): Promise<T[]> {
  let cache = rowCaches.get(db) as Map<string, RowEntry<T>> | undefined;
  if (!cache) rowCaches.set(db, (cache = new Map()));
  const key = (id: number) => `${languageId}:${id}`;
  const missing = ids.filter((id) => {
    const hit = cache.get(key(id));
    return !hit || now - hit.at >= ROWS_TTL_MS;
  });
  if (missing.length) {
    const loaded = new Map((await load(missing)).map((row) => [row.id, row]));
    for (const id of missing) {
      cache.delete(key(id));
      cache.set(key(id), { row: loaded.get(id) ?? null, at: now });
    }
    while (cache.size > MAX_ROWS) cache.delete(cache.keys().next().value!);
  }
  return ids.flatMap((id) => cache.get(key(id))?.row ?? []);
}
