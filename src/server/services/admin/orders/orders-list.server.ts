/**
 * The staff order list and its CSV export (ADR 023 "Lists at scale"): keyset pages on the sort
 * key and id, so page 4 000 of 100 000 orders costs what page 1 costs, and the export walks the
 * same keyset in batches without holding the table in memory.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { rowsOf } from '@/server/services/catalog/rows';
import { csvRow } from '@/server/services/csv';
import { keysetClause, keysetPage } from '../keyset.server';
import { type Cursor, type OrderListQuery, ORDERS_PAGE_SIZE, searchKind } from './orders-list';

export interface OrderListRow {
  id: number;
  orderNr: string;
  kind: string;
  createdAt: Date;
  status: string;
  paymentMethod: string;
  name: string;
  surname: string;
  email: string;
  countryName: string;
  city: string;
  finalCents: number;
  currency: string;
  convertedFinalCents: number;
  refundedCents: number;
  /** The sort key of the row (microseconds since the epoch, or cents). */
  key: number;
}

export interface OrderListPage {
  rows: OrderListRow[];
  /** Matching orders, counted up to COUNT_CAP (then `capped`). */
  total: number;
  capped: boolean;
  next: Cursor | null;
  previous: Cursor | null;
}

/** Counting every match of a broad filter over 100 000 orders is the slow part: stop at 1 000 (a keyset list needs no page count). */
export const COUNT_CAP = 1_000;

function sortKey(query: OrderListQuery): { column: SQL; key: SQL; descending: boolean; toValue: (key: number) => SQL } {
  const byTime = query.sort === 'newest' || query.sort === 'oldest';
  return byTime
    ? {
        column: sql`o.created_at`,
        key: sql`(extract(epoch from o.created_at) * 1000000)::bigint`,
        descending: query.sort === 'newest',
        // Exact to the microsecond (a double would round it): 'epoch' + n µs.
        toValue: (key) => sql`(timestamptz 'epoch' + ${key} * interval '1 microsecond')`,
      }
    : {
        column: sql`o.final_cents`,
        key: sql`o.final_cents::bigint`,
        descending: query.sort === 'total_desc',
        toValue: (key) => sql`${key}`,
      };
}

export function orderListConditions(query: OrderListQuery): SQL {
  const parts: SQL[] = [sql`true`];
  const q = query.q;
  switch (searchKind(q)) {
    case 'order':
      parts.push(sql`o.order_nr like ${`${q.toUpperCase().replaceAll(/[%_\\]/g, '\\$&')}%`}`);
      break;
    case 'email':
      parts.push(
        q.endsWith('*')
          ? sql`lower(o.email) like ${`${q
              .slice(0, -1)
              .toLowerCase()
              .replaceAll(/[%_\\]/g, '\\$&')}%`}`
          : sql`lower(o.email) = ${q.toLowerCase()}`,
      );
      break;
    case 'name': {
      const pattern = `%${q.replaceAll(/[%_\\]/g, '\\$&')}%`;
      // The expression of the trigram index orders_who_trgm_idx.
      parts.push(sql`(o.name || ' ' || o.surname || ' ' || o.email) ilike ${pattern}`);
      break;
    }
    case 'none':
      break;
  }
  if (query.status) parts.push(sql`o.status = ${query.status}`);
  if (query.method) parts.push(sql`o.payment_method = ${query.method}`);
  if (query.countryId) parts.push(sql`o.country_id = ${query.countryId}`);
  if (query.from) parts.push(sql`o.created_at >= ${query.from}::date::timestamp at time zone 'UTC'`);
  if (query.to) parts.push(sql`o.created_at < (${query.to}::date + 1)::timestamp at time zone 'UTC'`);
  return sql.join(parts, sql` and `);
}

function rowOf(r: Record<string, unknown>): OrderListRow {
  return {
    id: Number(r.id),
    orderNr: String(r.order_nr),
    kind: String(r.kind),
    createdAt: new Date(r.created_at as string),
    status: String(r.status),
    paymentMethod: String(r.payment_method),
    name: String(r.name),
    surname: String(r.surname),
    email: String(r.email),
    countryName: String(r.country_name),
    city: String(r.city),
    finalCents: Number(r.final_cents),
    currency: String(r.currency),
    convertedFinalCents: Number(r.converted_final_cents),
    refundedCents: Number(r.refunded_cents),
    key: Number(r.sort_key),
  };
}

/** One keyset slice: `after` the cursor in list order, or `before` it (read backwards, then turned). */
async function slice(
  db: Db,
  query: OrderListQuery,
  where: SQL,
  limit: number,
  cursor: { after?: Cursor | null; before?: Cursor | null },
): Promise<OrderListRow[]> {
  const s = sortKey(query);
  const { where: keyset, direction, backwards } = keysetClause(s, sql`o.id`, cursor);
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select o.id, o.order_nr, o.kind, o.created_at, o.status, o.payment_method, o.name, o.surname, o.email,
             o.country_name, o.city, o.final_cents, o.currency, o.converted_final_cents, o.refunded_cents, ${s.key} as sort_key
      from orders o
      where ${where} ${keyset}
      order by ${s.column} ${direction}, o.id ${direction}
      limit ${limit}`),
  ).map(rowOf);
  return backwards ? rows.reverse() : rows;
}

export async function listOrders(db: Db, query: OrderListQuery, pageSize = ORDERS_PAGE_SIZE): Promise<OrderListPage> {
  const where = orderListConditions(query);
  const [rows, counted] = await Promise.all([
    slice(db, query, where, pageSize + 1, { after: query.after, before: query.before }),
    db.execute(
      sql`select count(*)::int as n from (select 1 from orders o where ${where} limit ${COUNT_CAP + 1}) matches`,
    ),
  ]);
  const n = Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0);
  return { ...keysetPage(rows, pageSize, query), total: Math.min(n, COUNT_CAP), capped: n > COUNT_CAP };
}

/** Exact count for the export's progress bar (the export reads them all anyway). */
export async function countOrders(db: Db, query: OrderListQuery): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from orders o where ${orderListConditions(query)}`),
  );
  return Number(rows[0]?.n ?? 0);
}

export const CSV_HEADER = [
  'order_nr',
  'created_at',
  'status',
  'kind',
  'payment_method',
  'name',
  'surname',
  'email',
  'country',
  'city',
  'total_eur',
  'currency',
  'total_in_currency',
  'refunded_eur',
] as const;

const euros = (cents: number) => (cents / 100).toFixed(2);

export function csvCells(row: OrderListRow): (string | number)[] {
  return [
    row.orderNr,
    row.createdAt.toISOString(),
    row.status,
    row.kind,
    row.paymentMethod,
    row.name,
    row.surname,
    row.email,
    row.countryName,
    row.city,
    euros(row.finalCents),
    row.currency,
    euros(row.convertedFinalCents),
    euros(row.refundedCents),
  ];
}

/** Every matching order in list order, `batch` rows per query (keyset), for the streamed export. */
export async function* allOrders(db: Db, query: OrderListQuery, batch = 1000): AsyncGenerator<OrderListRow[]> {
  const where = orderListConditions(query);
  let after: Cursor | null = null;
  for (;;) {
    const rows = await slice(db, query, where, batch, { after });
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
    const last = rows.at(-1)!;
    after = { key: last.key, id: last.id };
  }
}

/**
 * GET /admin/orders/export.csv's body: a byte-order mark and the header, then one chunk per batch
 * of orders (csvRow: safe in the comma, semicolon and tab dialects, see services/csv.ts).
 */
export async function* ordersCsv(db: Db, query: OrderListQuery): AsyncGenerator<string> {
  yield `\uFEFF${csvRow(CSV_HEADER)}`;
  for await (const rows of allOrders(db, query)) yield rows.map((row) => csvRow(csvCells(row))).join('');
}
