import { type SQL, sql } from 'drizzle-orm';
import type { Pagination } from '@/lib/contract/envelope';
import { centsToNumber, convertCents } from '@/lib/money';
import type { Db } from '@/server/db/client';
import { type Facet, facetCountsSql, shapeFacets } from './facets';
import { type ResolvedFilter, attrCondition, conditions, groupAttributes, rankExpression, translationJoin } from './filters';
import { type CatalogMeta, loadCatalogMeta } from './meta';
import { type FilterSummary, MAX_CACHED_IDS, cachedRows, cachedSummary } from './catalog-cache';
import { maxEurCents, minEurCents } from './price';
import { type ProductJson, toProductJson } from './product-json';
import { loadProducts } from './product-load';
import { parseJson, rowsOf } from './rows';
import { buildSearchQuery } from './search';

export interface CatalogInput {
  search?: string;
  sort?: 'asc' | 'desc';
  /** In cents of the requested currency. */
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
  /** Units of the requested currency per EUR. */
  rate: string;
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
 * typo correction when searching (cached), then the filter's summary (total, price range, facet
 * counts and the first MAX_CACHED_IDS ids in order, from ONE statement over the filtered set
 * computed once; cached CACHE_TTL_MS per filter, see catalog-cache.ts) and one query for the
 * page's products, always fresh. So a page of a recently seen filter costs one query; pages past
 * the cached ids cost one more (the page ids).
 */
export async function queryCatalog(
  db: Db,
  input: CatalogInput,
  ctx: CatalogContext,
  /** Tests only: a smaller number of cached ids, to reach the page-ids query with few products. */
  maxCachedIds = MAX_CACHED_IDS,
): Promise<CatalogResult> {
  const meta = await loadCatalogMeta(db);
  const text = input.search?.trim() ?? '';
  const f: ResolvedFilter = {
    search: text ? { text, ...(await buildSearchQuery(db, ctx.language.id, text)) } : null,
    languageId: ctx.language.id,
    defaultLanguage: ctx.language.isDefault,
    minEur: input.priceMinCents === undefined ? null : minEurCents(input.priceMinCents, ctx.rate),
    maxEur: input.priceMaxCents === undefined ? null : maxEurCents(input.priceMaxCents, ctx.rate),
    categoryIds: input.categoryIds?.length ? input.categoryIds : null,
    isNew: input.isNew ?? false,
    sale: input.sale ?? false,
    attrGroups: groupAttributes(meta, input.attrs ?? []),
  };
  // Price order wins when asked for; a search without a sort is ordered by relevance.
  const orderBy: OrderBy = input.sort ?? (f.search ? 'rank' : 'asc');
  const statement = filteredSet(meta, f, orderBy);
  const summary = await cachedSummary(db, summaryKey(f, orderBy), () => readSummary(db, meta, f, statement, maxCachedIds));

  const per = input.perPage;
  const total = summary.total;
  const page = Math.max(1, Math.min(input.page, Math.ceil(total / per)));
  const offset = (page - 1) * per;
  const ids =
    offset + per <= summary.ids.length || summary.ids.length === total
      ? summary.ids.slice(offset, offset + per)
      : await readPageIds(db, statement, offset, per);
  const facets = shapeFacets(meta, f, summary.facetRows);
  const rows = await cachedRows(db, ctx.language.id, ids, (missing) => loadProducts(db, missing, ctx.language.id));
  const money = (cents: number | null) => (cents === null ? 0 : centsToNumber(convertCents(Number(cents), ctx.rate)));
  const from = ids.length ? offset + 1 : null;
  return {
    products: rows.map((r) => toProductJson(r, { meta, languageId: ctx.language.id, rate: ctx.rate })),
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

type OrderBy = 'asc' | 'desc' | 'rank';

/** Everything the summary depends on (not the page, page size or currency: bounds are in EUR). */
export function summaryKey(f: ResolvedFilter, orderBy: OrderBy): string {
  return JSON.stringify([
    orderBy,
    f.languageId,
    f.defaultLanguage,
    f.search,
    f.minEur,
    f.maxEur,
    f.categoryIds ? [...new Set(f.categoryIds)].sort((a, b) => a - b) : null,
    f.isNew,
    f.sale,
    [...f.attrGroups.entries()].sort((a, b) => a[0] - b[0]),
  ]);
}

interface FilteredSet {
  /** `with ...` CTEs: base (search, categories, flags), attred (+ attributes: the set of
   * price_range), priced (+ price: the result), fbase (+ price, no attributes: facets). */
  ctes: SQL;
  order: SQL;
}

function filteredSet(meta: CatalogMeta, f: ResolvedFilter, orderBy: OrderBy): FilteredSet {
  const order =
    orderBy === 'desc' ? sql`price_cents desc, id asc` : orderBy === 'asc' ? sql`price_cents asc, id asc` : sql`rank desc, id asc`;
  const byRank = orderBy === 'rank';
  const priceCond = sql`price_cents between ${f.minEur ?? 0} and ${f.maxEur ?? 2147483647}`;
  const hasPrice = f.minEur !== null || f.maxEur !== null;
  const attrConds = [...f.attrGroups.values()].map((ids) => attrCondition(sql`attrs`, ids));
  const ctes = sql`with base as materialized (
        select p.id, p.price_cents, p.attribute_ids as attrs, ${byRank ? rankExpression(f) : sql`0::real`} as rank
        from products p ${byRank ? translationJoin(f) : sql``}
        where ${conditions(meta, f, { withPrice: false, withAttrs: false })}
      ),
      attred as (select id, price_cents, rank from base ${attrConds.length ? sql`where ${sql.join(attrConds, sql` and `)}` : sql``}),
      priced as (select id, price_cents, rank from attred ${hasPrice ? sql`where ${priceCond}` : sql``}),
      fbase as (select id, attrs from base ${hasPrice ? sql`where ${priceCond}` : sql``})`;
  return { ctes, order };
}

async function readSummary(db: Db, meta: CatalogMeta, f: ResolvedFilter, s: FilteredSet, maxIds: number): Promise<FilterSummary> {
  const [row] = rowsOf<{ total: number; min_cents: number | null; max_cents: number | null; ids: string; facets: string }>(
    await db.execute(sql`
      ${s.ctes},
      facet_rows as (${facetCountsSql(meta, f)})
      select (select count(*)::int from priced) as total,
        (select min(price_cents) from attred) as min_cents,
        (select max(price_cents) from attred) as max_cents,
        (select coalesce(json_agg(id order by ord), '[]') from (
          select id, row_number() over (order by ${s.order}) as ord from (
            select id, price_cents, rank from priced order by ${s.order} limit ${maxIds}
          ) y
        ) x)::text as ids,
        (select coalesce(json_agg(json_build_array(k, a, n)), '[]') from facet_rows)::text as facets`),
  );
  return {
    total: Number(row!.total),
    minCents: row!.min_cents === null ? null : Number(row!.min_cents),
    maxCents: row!.max_cents === null ? null : Number(row!.max_cents),
    facetRows: parseJson<[number, number, number][]>(row!.facets, []),
    ids: parseJson<number[]>(row!.ids, []).map(Number),
  };
}

async function readPageIds(db: Db, s: FilteredSet, offset: number, limit: number): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`${s.ctes} select id from priced order by ${s.order} limit ${limit} offset ${offset}`),
  );
  return rows.map((r) => Number(r.id));
}
