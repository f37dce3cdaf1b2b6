import { sql } from 'drizzle-orm';
import { centsToNumber, convertCents } from '../../../lib/money';
import type { Db } from '../../db/client';
import { type Facet, facetCountsSql, shapeFacets } from './facets';
import { type ResolvedFilter, attrCondition, conditions, groupAttributes, rankExpression, translationJoin } from './filters';
import { loadCatalogMeta } from './meta';
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

export interface Pagination {
  total: number;
  last_page: number;
  /** 1-based position of the first and last product of the page; null on an empty result. */
  from: number | null;
  to: number | null;
  current_page: number;
  per_page: number;
}

export interface CatalogResult {
  products: ProductJson[];
  pagination: Pagination;
  price_range: { min: number; max: number };
  facets: Facet[];
}

/**
 * GET /products/catalog. Queries: the cached meta (categories, attributes), the vocabulary for
 * typo correction when searching (cached), then two per request however large the page: one
 * statement for total, page, price range, page ids and facet counts (they share the filtered
 * set, computed once), and one for the page's products.
 */
export async function queryCatalog(db: Db, input: CatalogInput, ctx: CatalogContext): Promise<CatalogResult> {
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
  const per = input.perPage;
  // Price order wins when asked for; a search without a sort is ordered by relevance.
  const order =
    input.sort === 'desc'
      ? sql`price_cents desc, id asc`
      : input.sort === 'asc' || !f.search
        ? sql`price_cents asc, id asc`
        : sql`rank desc, id asc`;
  const byRank = !!f.search && input.sort === undefined;
  const priceCond = sql`price_cents between ${f.minEur ?? 0} and ${f.maxEur ?? 2147483647}`;
  const hasPrice = f.minEur !== null || f.maxEur !== null;
  const attrConds = [...f.attrGroups.values()].map((ids) => attrCondition(sql`id`, ids));

  // base: search, categories, flags (no price, no attributes); attred: + attributes (the set of
  // price_range); priced: + price (the result); fbase: + price, no attributes (facets).
  const [row] = rowsOf<{ total: number; page: number; min_cents: number | null; max_cents: number | null; ids: string; facets: string }>(
    await db.execute(sql`
      with base as materialized (
        select p.id, p.price_cents, ${byRank ? rankExpression(f) : sql`0::real`} as rank
        from products p ${byRank ? translationJoin(f) : sql``}
        where ${conditions(meta, f, { withPrice: false, withAttrs: false })}
      ),
      attred as (select id, price_cents, rank from base ${attrConds.length ? sql`where ${sql.join(attrConds, sql` and `)}` : sql``}),
      priced as (select id, price_cents, rank from attred ${hasPrice ? sql`where ${priceCond}` : sql``}),
      counted as (select count(*)::int as n from priced),
      clamp as (select n, greatest(1, least(${input.page}::int, ceil(n::numeric / ${per})::int)) as page from counted),
      fbase as (select id from base ${hasPrice ? sql`where ${priceCond}` : sql``}),
      facet_rows as (${facetCountsSql(meta, f)})
      select clamp.n as total, clamp.page,
        (select min(price_cents) from attred) as min_cents,
        (select max(price_cents) from attred) as max_cents,
        (select coalesce(json_agg(x.id order by x.ord), '[]') from (
          select id, row_number() over (order by ${order}) as ord from (
            select id, price_cents, rank from priced order by ${order}
            limit ${per} offset (select (page - 1) * ${per} from clamp)
          ) y
        ) x)::text as ids,
        (select coalesce(json_agg(json_build_array(k, a, n)), '[]') from facet_rows)::text as facets
      from clamp`),
  );
  const total = Number(row!.total);
  const page = Number(row!.page);
  const ids = parseJson<number[]>(row!.ids, []);
  const facets = shapeFacets(meta, f, parseJson<[number, number, number][]>(row!.facets, []));
  const rows = await loadProducts(db, ids, ctx.language.id);
  const money = (cents: number | null) => (cents === null ? 0 : centsToNumber(convertCents(Number(cents), ctx.rate)));
  const from = ids.length ? (page - 1) * per + 1 : null;
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
    price_range: { min: money(row!.min_cents), max: money(row!.max_cents) },
    facets,
  };
}
