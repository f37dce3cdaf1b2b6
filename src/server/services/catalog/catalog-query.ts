import type { Pagination } from '@/lib/contract/envelope';
import { type PriceCurrency, centsToDecimal, centsToNumber, convertPrice, decimalToCents } from '@/lib/money';
import type { Db } from '@/server/db/client';
import { type Facet, shapeFacets } from './facets';
import { type ResolvedFilter, groupAttributes } from './filters';
import { type CatalogMeta, loadCatalogMeta } from './meta';
import { MAX_CACHED_IDS, cachedRows, cachedSummary } from './catalog-cache';
import { type FilteredSet, type OrderBy, filteredSetKey, pageIds, readFilteredSet, summarise } from './filtered-set';
import { maxEurCents, minEurCents } from './price';
import { type ProductJson, toProductJson } from './product-json';
import { loadProducts } from './product-load';
import { searchEngine } from './search-engine';
import { catalogIndex } from './catalog-index';
import { type TextMatches, setFromIndex, textMatchKey } from './indexed-set';

export interface CatalogInput {
  search?: string;
  sort?: 'asc' | 'desc';
  /** In hundredths of a unit of the requested currency, as the contract parses a decimal (see minorBound). */
  priceMinCents?: number;
  priceMaxCents?: number;
  categoryIds?: number[];
  isNew?: boolean;
  sale?: boolean;
  attrs?: number[];
  page: number;
  perPage: number;
}

export interface CatalogContext {
  language: { id: number; isDefault: boolean };
  /** The requested currency: rate per EUR, minor units, rounding rule. */
  currency: PriceCurrency;
}

/** The page block: the contract's (src/lib/contract/envelope.ts). */
export type { Pagination };

export interface CatalogResult {
  products: ProductJson[];
  pagination: Pagination;
  price_range: { min: number; max: number };
  facets: Facet[];
}

/**
 * GET /products/catalog. Queries: the cached meta (categories, attributes), the vocabulary for
 * typo correction when searching (cached), then the filter's set (search, categories, flags):
 * from the in-process catalogue index plus, for a search, the ids its text matches (one statement
 * per search text, cached), or while the index is not ready from ONE statement (ADR 005); cached
 * CACHE_TTL_MS (catalog-cache.ts) and shared by every price range, attribute choice and sort
 * direction on it. Total, price range, facet counts and the order are computed from it in memory
 * (filtered-set.ts), then one query for the page's products (rows cached 10 s). So a new filter
 * costs no catalogue query unless its search text is new.
 */
export async function queryCatalog(
  db: Db,
  input: CatalogInput,
  ctx: CatalogContext,
  /** Tests only: a smaller number of cached ids, to reach pages past them with few products. */
  maxCachedIds = MAX_CACHED_IDS,
): Promise<CatalogResult> {
  const meta = await loadCatalogMeta(db);
  const text = input.search?.trim() ?? '';
  const f: ResolvedFilter = {
    search: text ? { text, ...(await searchEngine().prepare(db, ctx.language.id, text)) } : null,
    languageId: ctx.language.id,
    defaultLanguage: ctx.language.isDefault,
    minEur:
      input.priceMinCents === undefined
        ? null
        : minEurCents(minorBound(input.priceMinCents, ctx.currency), ctx.currency),
    maxEur:
      input.priceMaxCents === undefined
        ? null
        : maxEurCents(minorBound(input.priceMaxCents, ctx.currency), ctx.currency),
    categoryIds: input.categoryIds?.length ? input.categoryIds : null,
    isNew: input.isNew ?? false,
    sale: input.sale ?? false,
    attrGroups: groupAttributes(meta, input.attrs ?? []),
  };
  // Price order wins when asked for; a search without a sort is ordered by relevance.
  const orderBy: OrderBy = input.sort ?? (f.search ? 'rank' : 'asc');
  const byRank = orderBy === 'rank';
  const set = await filteredSet(db, meta, f, byRank);
  const summary = summarise(set, meta, f, orderBy, maxCachedIds);

  const per = input.perPage;
  const total = summary.total;
  const page = Math.max(1, Math.min(input.page, Math.ceil(total / per)));
  const offset = (page - 1) * per;
  const ids =
    offset + per <= summary.ids.length || summary.ids.length === total
      ? summary.ids.slice(offset, offset + per)
      : pageIds(set, meta, f, orderBy, offset, per);
  const facets = shapeFacets(meta, f, summary.facetRows);
  const rows = await cachedRows(db, ctx.language.id, ids, (missing) => loadProducts(db, missing, ctx.language.id));
  const money = (cents: number | null) =>
    cents === null ? 0 : centsToNumber(convertPrice(Number(cents), ctx.currency), ctx.currency.code);
  const from = ids.length ? offset + 1 : null;
  return {
    products: rows.map((r) => toProductJson(r, { meta, languageId: ctx.language.id, currency: ctx.currency })),
    pagination: {
      total,
      last_page: Math.max(1, Math.ceil(total / per)),
      from,
      to: from === null ? null : from + ids.length - 1,
      current_page: page,
      per_page: per,
    },
    price_range: { min: money(summary.minCents), max: money(summary.maxCents) },
    facets,
  };
}

/** A bound in hundredths (the contract's parse of "3000" or "12.5") → minor units of the currency (yen: 3000). */
function minorBound(hundredths: number, currency: PriceCurrency): number {
  return decimalToCents(centsToDecimal(hundredths), currency.code)!;
}

/**
 * The filter's set (search, categories, flags), cached per key: from the in-process index when it
 * is ready (a search then costs the database only its text match, cached per text, so a new
 * category, flag, price or attribute choice on a known search costs no query), else from the one
 * SQL statement of ADR 005. Both give the same rows in the same order (indexed-set.ts).
 */
async function filteredSet(db: Db, meta: CatalogMeta, f: ResolvedFilter, byRank: boolean): Promise<FilteredSet> {
  const index = await catalogIndex(db);
  const weigh = (s: FilteredSet | TextMatches) => ('rows' in s && s.rows ? s.rows.length : s.ids.length);
  if (!index)
    return cachedSummary(db, filteredSetKey(f, byRank), () => readFilteredSet(db, meta, f, byRank), Date.now(), weigh);
  // The index's serial in the key: a set made from an older (or unpatched) index is not served from a newer one.
  return cachedSummary(
    db,
    `${serialOf(index)}:${filteredSetKey(f, byRank)}`,
    async () => {
      const text: TextMatches | null = f.search
        ? await cachedSummary(
            db,
            textMatchKey(f, byRank),
            () => searchEngine().matches(db, f, byRank),
            Date.now(),
            weigh,
          )
        : null;
      return setFromIndex(index, meta, f, text, byRank);
    },
    Date.now(),
    weigh,
  );
}

const serials = new WeakMap<object, number>();
let nextSerial = 1;
/** A number per index object: a patched index keeps its base's build time. */
function serialOf(index: object): number {
  let serial = serials.get(index);
  if (serial === undefined) serials.set(index, (serial = nextSerial++));
  return serial;
}
