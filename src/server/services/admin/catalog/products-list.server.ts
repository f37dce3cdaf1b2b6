/**
 * The staff product list (ADR 026): keyset pages over 100 000 products, each filter an indexed
 * condition (trigram indexes for SKU and name, the stock, sale and category indexes, the partial
 * index of products without images, the translations' primary key for "missing translation").
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '@/lib/rules/stock-level';
import { rowsOf } from '@/server/services/catalog/rows';
import { keysetClause, keysetPage } from '../keyset.server';
import type { Cursor } from '../orders/orders-list';
import { PRODUCTS_PAGE_SIZE, type ProductListQuery } from './products-list';

export interface ProductListRow {
  id: number;
  sku: string;
  name: string;
  priceCents: number;
  oldPriceCents: number;
  stock: number;
  active: boolean;
  images: number;
  updatedAt: Date;
  key: number;
}

export interface ProductListPage {
  rows: ProductListRow[];
  total: number;
  capped: boolean;
  next: Cursor | null;
  previous: Cursor | null;
}

export const PRODUCT_COUNT_CAP = 1_000;

const like = (text: string) => text.replaceAll(/[%_\\]/g, '\\$&');

function sortKey(query: ProductListQuery): {
  column: SQL;
  key: SQL;
  descending: boolean;
  toValue: (key: number) => SQL;
} {
  switch (query.sort) {
    case 'updated':
      return {
        column: sql`p.updated_at`,
        key: sql`(extract(epoch from p.updated_at) * 1000000)::bigint`,
        descending: true,
        toValue: (key) => sql`(timestamptz 'epoch' + ${key} * interval '1 microsecond')`,
      };
    case 'price_asc':
    case 'price_desc':
      return {
        column: sql`p.from_price_cents`,
        key: sql`p.from_price_cents::bigint`,
        descending: query.sort === 'price_desc',
        toValue: (key) => sql`${key}`,
      };
    case 'stock_asc':
      return {
        column: sql`p.sellable_stock`,
        key: sql`p.sellable_stock::bigint`,
        descending: false,
        toValue: (key) => sql`${key}`,
      };
    case 'newest':
      return { column: sql`p.id`, key: sql`p.id::bigint`, descending: true, toValue: (key) => sql`${key}` };
  }
}

export function productListConditions(query: ProductListQuery, missingLanguageId: number | null): SQL {
  const parts: SQL[] = [sql`true`];
  if (query.q) {
    // Both halves are indexed (products_sku_upper_idx for the prefix, products_name_trgm_idx): a BitmapOr.
    parts.push(sql`(upper(p.sku) like ${`${like(query.q.toUpperCase())}%`} or p.name ilike ${`%${like(query.q)}%`})`);
  }
  if (query.categoryId) {
    parts.push(sql`exists (select 1 from product_categories pc where pc.product_id = p.id
      and pc.category_id in (select c.id from categories c where c.id = ${query.categoryId} or c.parent_id = ${query.categoryId}))`);
  }
  if (query.status) parts.push(sql`p.active = ${query.status === 'published'}`);
  // What a product offers follows from its variations (trigger-kept columns, migration 0022): out
  // when no choice has stock, low when some choice (a variation, counted on its own) is below
  // the product's threshold, else the shop's.
  if (query.stock === 'out') parts.push(sql`p.sellable_stock = 0`);
  if (query.stock === 'low') {
    parts.push(sql`p.scarcest_stock < coalesce(p.low_stock_threshold,
      (select s.low_stock_threshold from settings s where s.id = 1), ${DEFAULT_LOW_STOCK_THRESHOLD})`);
  }
  if (query.onSale) parts.push(sql`p.on_sale`);
  // image_count is kept by triggers on product_images (migration 0012); products_no_image_idx is partial on it.
  if (query.noImage) parts.push(sql`p.image_count = 0`);
  if (missingLanguageId)
    parts.push(
      sql`not exists (select 1 from product_translations pt where pt.product_id = p.id and pt.language_id = ${missingLanguageId})`,
    );
  return sql.join(parts, sql` and `);
}

function rowOf(r: Record<string, unknown>): ProductListRow {
  return {
    id: Number(r.id),
    sku: String(r.sku),
    name: String(r.name),
    priceCents: Number(r.price_cents),
    oldPriceCents: Number(r.old_price_cents),
    stock: Number(r.stock),
    active: Boolean(r.active),
    images: Number(r.images),
    updatedAt: new Date(r.updated_at as string),
    key: Number(r.sort_key),
  };
}

async function slice(
  db: Db,
  query: ProductListQuery,
  where: SQL,
  limit: number,
  cursor: { after?: Cursor | null; before?: Cursor | null },
): Promise<ProductListRow[]> {
  const s = sortKey(query);
  const { where: keyset, direction, backwards } = keysetClause(s, sql`p.id`, cursor);
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select p.id, p.sku, p.name, p.price_cents, p.old_price_cents, p.sellable_stock as stock, p.active, p.updated_at, ${s.key} as sort_key,
             p.image_count as images
      from products p
      where ${where} ${keyset}
      order by ${s.column} ${direction}, p.id ${direction}
      limit ${limit}`),
  ).map(rowOf);
  return backwards ? rows.reverse() : rows;
}

/** The language id whose translations a "missing" filter looks for; null for the default language (never missing). */
async function missingLanguage(db: Db, code: string | null): Promise<number | null> {
  if (!code) return null;
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`select id from languages where code = ${code} and not is_default`),
  );
  return rows[0] ? Number(rows[0].id) : null;
}

export async function listProducts(
  db: Db,
  query: ProductListQuery,
  pageSize = PRODUCTS_PAGE_SIZE,
): Promise<ProductListPage> {
  const where = productListConditions(query, await missingLanguage(db, query.missing));
  const [rows, counted] = await Promise.all([
    slice(db, query, where, pageSize + 1, { after: query.after, before: query.before }),
    db.execute(
      sql`select count(*)::int as n from (select 1 from products p where ${where} limit ${PRODUCT_COUNT_CAP + 1}) matches`,
    ),
  ]);
  const n = Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0);
  return { ...keysetPage(rows, pageSize, query), total: Math.min(n, PRODUCT_COUNT_CAP), capped: n > PRODUCT_COUNT_CAP };
}
