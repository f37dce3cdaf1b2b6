import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import type { PriceCurrency } from '@/lib/money';
import { loadCatalogMeta } from './meta';
import { type ProductJson, toProductJson } from './product-json';
import { loadProducts } from './product-load';
import { rowsOf } from './rows';

export interface ListContext {
  languageId: number;
  currency: PriceCurrency;
}

/** A currency in a cache key: prices differ by code (fixed prices), rate and rounding rule. */
export const currencyKey = (c: PriceCurrency) => `${c.code}:${c.value}:${c.rounding ?? 'exact'}`;

export const TRENDING_DAYS = 30;

async function idsOf(db: Db, query: SQL): Promise<number[]> {
  return rowsOf<{ id: number }>(await db.execute(query)).map((r) => Number(r.id));
}

async function toJson(db: Db, ids: number[], ctx: ListContext): Promise<ProductJson[]> {
  const [meta, rows] = await Promise.all([loadCatalogMeta(db), loadProducts(db, ids, ctx.languageId)]);
  return rows.map((r) => toProductJson(r, { meta, languageId: ctx.languageId, currency: ctx.currency }));
}

const newestIds = (db: Db, where: SQL, limit: number) =>
  idsOf(
    db,
    sql`select id from products p where p.active and ${where} order by p.created_at desc, p.id desc limit ${limit}`,
  );

/** Flagged new, newest first. */
export async function newArrivals(db: Db, limit: number, ctx: ListContext): Promise<ProductJson[]> {
  return toJson(db, await newestIds(db, sql`p.is_new`, limit), ctx);
}

/** Flagged top, newest first. */
export async function topProducts(db: Db, limit: number, ctx: ListContext): Promise<ProductJson[]> {
  return toJson(db, await newestIds(db, sql`p.is_top`, limit), ctx);
}

/** On sale, biggest discount first. */
export async function onSale(db: Db, limit: number, ctx: ListContext): Promise<ProductJson[]> {
  const ids = await idsOf(
    db,
    sql`select id from products p where p.active and p.on_sale
      order by p.discount_percent desc, p.id asc limit ${limit}`,
  );
  return toJson(db, ids, ctx);
}

/**
 * Most units ordered in the last 30 days (orders that did not fail), ties by id; topped up with
 * top products (newest first) when fewer products sold.
 */
export async function trending(db: Db, limit: number, ctx: ListContext): Promise<ProductJson[]> {
  const sold = await idsOf(
    db,
    sql`select oi.product_id as id from order_items oi
      join orders o on o.id = oi.order_id
      join products p on p.id = oi.product_id and p.active
      where o.created_at >= now() - make_interval(days => ${TRENDING_DAYS})
        and o.status not in ('Failed', 'Error')
      group by oi.product_id
      order by sum(oi.quantity) desc, oi.product_id asc
      limit ${limit}`,
  );
  let ids = sold;
  if (sold.length < limit) {
    const exclude = sold.length
      ? sql`and p.id not in (${sql.join(
          sold.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
    ids = [...sold, ...(await newestIds(db, sql`p.is_top ${exclude}`, limit - sold.length))];
  }
  return toJson(db, ids, ctx);
}
