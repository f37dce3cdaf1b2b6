/**
 * The back office's reports (issue 32, ADR 040): each one a table of figures in EUR cents (the
 * shop's base currency, in which orders, refunds and prices are kept) for the page and its CSV.
 * Sales count paid purchase orders by the day they were paid; refunds count by the day they were
 * made, so a refund in a later period lowers that period. The VAT report reads the issued
 * invoices and credit notes themselves (their per-rate net and VAT), each in the quarter of its
 * issue date: what the documents declared is what the return declares.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { toEurCents } from '@/lib/money';
import { rowsOf } from '@/server/services/catalog/rows';
import {
  type Cell,
  type ReportColumn,
  type ReportGroup,
  type ReportKind,
  type ReportQuery,
  type ReportTable,
  reportRange,
  totalsOf,
} from './report-query';

const n = (value: unknown): number => Number(value ?? 0);

/** The period label of a timestamp column, in UTC: 2026-03-05, 2026-W10, 2026-03. */
function periodOf(column: SQL, group: ReportGroup): SQL {
  const format = { day: 'YYYY-MM-DD', week: 'IYYY-"W"IW', month: 'YYYY-MM' }[group];
  return sql`to_char(date_trunc(${sql.raw(`'${group}'`)}, ${column} at time zone 'UTC'), ${sql.raw(`'${format}'`)})`;
}

function paidIn(query: ReportQuery): SQL {
  const { start, end } = reportRange(query);
  return sql`o.kind = 'purchase' and o.paid_at >= ${start.toISOString()} and o.paid_at < ${end.toISOString()}`;
}

function table(columns: readonly ReportColumn[], rows: Cell[][], withTotals = true): ReportTable {
  return { columns, rows, totals: withTotals ? totalsOf(columns, rows) : null };
}

const col = (key: string, kind: ReportColumn['kind']): ReportColumn => ({ key, kind });

async function sales(db: Db, query: ReportQuery): Promise<ReportTable> {
  const { start, end } = reportRange(query);
  const [paid, refunded] = await Promise.all([
    db.execute(sql`
      select ${periodOf(sql`o.paid_at`, query.group)} as period, count(*)::int as orders,
        sum(o.final_cents)::bigint as gross, sum(o.vat_cents)::bigint as vat
      from orders o where ${paidIn(query)} group by 1`),
    db.execute(sql`
      select ${periodOf(sql`r.created_at`, query.group)} as period, sum(r.amount_cents)::bigint as refunds
      from refunds r join orders o on o.id = r.order_id
      where r.status = 'succeeded' and o.kind = 'purchase'
        and r.created_at >= ${start.toISOString()} and r.created_at < ${end.toISOString()}
      group by 1`),
  ]);
  const byPeriod = new Map<string, { orders: number; gross: number; vat: number; refunds: number }>();
  const at = (period: string) => {
    let row = byPeriod.get(period);
    if (!row) byPeriod.set(period, (row = { orders: 0, gross: 0, vat: 0, refunds: 0 }));
    return row;
  };
  for (const r of rowsOf<Record<string, unknown>>(paid))
    Object.assign(at(String(r.period)), { orders: n(r.orders), gross: n(r.gross), vat: n(r.vat) });
  for (const r of rowsOf<Record<string, unknown>>(refunded)) at(String(r.period)).refunds = n(r.refunds);
  const rows = [...byPeriod]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([period, r]) => [period, r.orders, r.gross, r.vat, r.gross - r.vat, r.refunds, r.gross - r.refunds]);
  return table(
    [
      col('period', 'text'),
      col('orders', 'number'),
      col('gross', 'money'),
      col('vat', 'money'),
      col('net', 'money'),
      col('refunds', 'money'),
      col('grossAfterRefunds', 'money'),
    ],
    rows,
  );
}

async function products(db: Db, query: ReportQuery): Promise<ReportTable> {
  const result = await db.execute(sql`
    select oi.sku, max(oi.name) as name, sum(oi.quantity)::bigint as units,
      sum(oi.price_cents::bigint * oi.quantity)::bigint as gross, sum(coalesce(oi.vat_cents, 0))::bigint as vat,
      sum(oi.restocked_quantity)::bigint as restocked
    from order_items oi join orders o on o.id = oi.order_id
    where ${paidIn(query)}
    group by oi.product_id, oi.variation_id, oi.sku
    order by 4 desc, oi.sku`);
  return table(
    [
      col('sku', 'text'),
      col('product', 'text'),
      col('units', 'number'),
      col('lineGross', 'money'),
      col('vat', 'money'),
      col('restocked', 'number'),
    ],
    rowsOf<Record<string, unknown>>(result).map((r) => [
      String(r.sku),
      String(r.name),
      n(r.units),
      n(r.gross),
      n(r.vat),
      n(r.restocked),
    ]),
  );
}

async function categories(db: Db, query: ReportQuery): Promise<ReportTable> {
  const result = await db.execute(sql`
    select coalesce(oi.category_name, '') as category, count(distinct o.id)::int as orders,
      sum(oi.quantity)::bigint as units, sum(oi.price_cents::bigint * oi.quantity)::bigint as gross,
      sum(coalesce(oi.vat_cents, 0))::bigint as vat
    from order_items oi join orders o on o.id = oi.order_id
    where ${paidIn(query)}
    group by 1 order by 4 desc, 1`);
  return table(
    [
      col('category', 'text'),
      col('orders', 'number'),
      col('units', 'number'),
      col('lineGross', 'money'),
      col('vat', 'money'),
    ],
    rowsOf<Record<string, unknown>>(result).map((r) => [
      String(r.category),
      n(r.orders),
      n(r.units),
      n(r.gross),
      n(r.vat),
    ]),
  );
}

async function countries(db: Db, query: ReportQuery): Promise<ReportTable> {
  const result = await db.execute(sql`
    select o.country_name as country, count(*)::int as orders, sum(o.final_cents)::bigint as gross,
      sum(o.vat_cents)::bigint as vat, sum(o.refunded_cents)::bigint as refunded
    from orders o where ${paidIn(query)}
    group by 1 order by 3 desc, 1`);
  return table(
    [
      col('country', 'text'),
      col('orders', 'number'),
      col('gross', 'money'),
      col('vat', 'money'),
      col('net', 'money'),
      col('refunded', 'money'),
    ],
    rowsOf<Record<string, unknown>>(result).map((r) => [
      String(r.country),
      n(r.orders),
      n(r.gross),
      n(r.vat),
      n(r.gross) - n(r.vat),
      n(r.refunded),
    ]),
  );
}

/**
 * Net and VAT per quarter, member state of delivery, scheme and rate, as the issued documents
 * declared them: invoices add, credit notes deduct in the quarter they were issued. Documents in
 * another currency are summed per order rate and converted to EUR at that rate (the rate the
 * order was charged at; an OSS return converts at the ECB rate of the period's last day, which
 * the accountant applies to the figures per currency if the shop sells in others).
 */
async function vat(db: Db, query: ReportQuery): Promise<ReportTable> {
  const { start, end } = reportRange(query);
  const result = await db.execute(sql`
    select to_char(date_trunc('quarter', i.issued_at at time zone 'UTC'), 'YYYY-"Q"Q') as quarter,
      coalesce(i.document->'buyer'->'delivery'->>'countryIso', '') as country,
      i.document->>'vatScheme' as scheme, (r->>'percent')::numeric as percent, i.currency, o.currency_rate as rate,
      sum(case when i.kind = 'credit_note' then -1 else 1 end * (r->>'netCents')::bigint)::bigint as net,
      sum(case when i.kind = 'credit_note' then -1 else 1 end * (r->>'vatCents')::bigint)::bigint as vat
    from invoices i join orders o on o.id = i.order_id
      cross join lateral jsonb_array_elements(i.document->'rates') as r
    where i.issued_at >= ${start.toISOString()} and i.issued_at < ${end.toISOString()}
    group by 1, 2, 3, 4, 5, 6`);
  const rows = new Map<string, Cell[]>();
  for (const r of rowsOf<Record<string, unknown>>(result)) {
    const currency = String(r.currency);
    const eur = (cents: number) => (currency === 'EUR' ? cents : toEurCents(cents, String(r.rate), currency));
    const percent = n(r.percent);
    const key = [r.quarter, r.country, r.scheme, percent.toFixed(2)].join('|');
    const row = rows.get(key) ?? [String(r.quarter), String(r.country), String(r.scheme), percent, 0, 0];
    row[4] = (row[4] as number) + eur(n(r.net));
    row[5] = (row[5] as number) + eur(n(r.vat));
    rows.set(key, row);
  }
  const sorted = [...rows.values()].sort(
    (a, b) =>
      String(a[0]).localeCompare(String(b[0])) ||
      String(a[1]).localeCompare(String(b[1])) ||
      String(a[2]).localeCompare(String(b[2])) ||
      (b[3] as number) - (a[3] as number),
  );
  return table(
    [
      col('quarter', 'text'),
      col('countryIso', 'text'),
      col('scheme', 'text'),
      col('rate', 'percent'),
      col('net', 'money'),
      col('vat', 'money'),
    ],
    sorted,
  );
}

async function refunds(db: Db, query: ReportQuery): Promise<ReportTable> {
  const { start, end } = reportRange(query);
  const range = (column: SQL) => sql`${column} >= ${start.toISOString()} and ${column} < ${end.toISOString()}`;
  const [made, opened] = await Promise.all([
    db.execute(sql`
      select ${periodOf(sql`r.created_at`, query.group)} as period, count(*)::int as refunds,
        sum(r.amount_cents)::bigint as amount, count(r.return_id)::int as for_returns
      from refunds r where r.status = 'succeeded' and ${range(sql`r.created_at`)} group by 1`),
    db.execute(sql`
      select ${periodOf(sql`x.created_at`, query.group)} as period, count(*)::int as opened,
        count(*) filter (where x.status = 'rejected')::int as rejected
      from returns x where ${range(sql`x.created_at`)} group by 1`),
  ]);
  const byPeriod = new Map<string, number[]>();
  const at = (period: string) => {
    let row = byPeriod.get(period);
    if (!row) byPeriod.set(period, (row = [0, 0, 0, 0, 0]));
    return row;
  };
  for (const r of rowsOf<Record<string, unknown>>(made)) {
    const row = at(String(r.period));
    [row[0], row[1], row[2]] = [n(r.refunds), n(r.amount), n(r.for_returns)];
  }
  for (const r of rowsOf<Record<string, unknown>>(opened)) {
    const row = at(String(r.period));
    [row[3], row[4]] = [n(r.opened), n(r.rejected)];
  }
  return table(
    [
      col('period', 'text'),
      col('refundCount', 'number'),
      col('refunded', 'money'),
      col('refundsForReturns', 'number'),
      col('returnsOpened', 'number'),
      col('returnsRejected', 'number'),
    ],
    [...byPeriod].sort(([a], [b]) => a.localeCompare(b)).map(([period, row]) => [period, ...row]),
  );
}

/**
 * The units in stock now (the range does not apply) at their selling price (incl. VAT) and at
 * cost (excl. VAT; empty where the product has no cost price), per product or variation.
 */
async function stock(db: Db): Promise<ReportTable> {
  const result = await db.execute(sql`
    select p.sku, p.name, p.stock as units, p.stock::bigint * p.price_cents as at_price,
      p.stock::bigint * p.cost_cents as at_cost
    from products p
    where p.stock > 0 and not exists (select 1 from variations v where v.product_id = p.id)
    union all
    select v.sku, p.name, v.stock, v.stock::bigint * coalesce(v.price_cents, p.price_cents), v.stock::bigint * p.cost_cents
    from variations v join products p on p.id = v.product_id
    where v.stock > 0
    order by 1`);
  return table(
    [
      col('sku', 'text'),
      col('product', 'text'),
      col('units', 'number'),
      col('atPrice', 'money'),
      col('atCost', 'money'),
    ],
    rowsOf<Record<string, unknown>>(result).map((r) => [
      String(r.sku),
      String(r.name),
      n(r.units),
      n(r.at_price),
      r.at_cost === null ? null : n(r.at_cost),
    ]),
  );
}

const REPORT_READERS: Record<ReportKind, (db: Db, query: ReportQuery) => Promise<ReportTable>> = {
  sales,
  products,
  categories,
  countries,
  vat,
  refunds,
  stock,
};

/**
 * Each report in its own read-only transaction with JIT off (ADR 040): at 100 000 orders the
 * planner compiled the VAT query for ~2.4 s to run it in ~0.5 s (each document's rates expand to
 * an estimated 100 rows, which lifts the cost over the JIT thresholds). SET LOCAL ends with it.
 */
export function readReport(db: Db, query: ReportQuery): Promise<ReportTable> {
  return db.transaction(
    async (tx) => {
      const t = tx as unknown as Db;
      await t.execute(sql`set local jit = off`);
      return REPORT_READERS[query.report](t, query);
    },
    { accessMode: 'read only' },
  );
}
