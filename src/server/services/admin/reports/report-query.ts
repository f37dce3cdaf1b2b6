/**
 * The back office's reports (issue 32): which report, over which days, grouped how. Read from the
 * page's GET form and the CSV link alike; anything unreadable falls back to the default, so a
 * hand-edited address shows a report instead of an error.
 */
export const REPORTS = ['sales', 'products', 'categories', 'countries', 'vat', 'refunds', 'stock'] as const;
export type ReportKind = (typeof REPORTS)[number];

export const GROUPS = ['day', 'week', 'month'] as const;
export type ReportGroup = (typeof GROUPS)[number];

export interface ReportQuery {
  report: ReportKind;
  /** First and last day, inclusive, as YYYY-MM-DD (UTC days, as invoices are dated). */
  from: string;
  to: string;
  group: ReportGroup;
}

/** A report's range covers at most this many days (ten years: the retention period of invoices). */
export const MAX_DAYS = 3660;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

function validDay(value: string | null): string | null {
  if (!value || !DAY.test(value)) return null;
  const at = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== value ? null : value;
}

function pick<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return values.includes(value as T) ? (value as T) : fallback;
}

/** The query of /admin/reports?report=&from=&to=&group=; by default this year so far, per month. */
export function parseReportQuery(params: URLSearchParams, now: Date = new Date()): ReportQuery {
  const today = now.toISOString().slice(0, 10);
  let from = validDay(params.get('from')) ?? `${today.slice(0, 4)}-01-01`;
  let to = validDay(params.get('to')) ?? today;
  if (from > to) [from, to] = [to, from];
  const { start } = reportRange({ from, to });
  const end = new Date(`${to}T00:00:00Z`).getTime();
  if ((end - start.getTime()) / DAY_MS >= MAX_DAYS)
    from = new Date(end - (MAX_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  return {
    report: pick(REPORTS, params.get('report'), 'sales'),
    from,
    to,
    group: pick(GROUPS, params.get('group'), 'month'),
  };
}

/** The query as a search string (for the CSV link and the report tabs). */
export function reportSearch(query: ReportQuery): string {
  const params = new URLSearchParams({ report: query.report, from: query.from, to: query.to, group: query.group });
  return `?${params.toString()}`;
}

/** The half-open instant range [start, end) of the query's days. */
export function reportRange(query: Pick<ReportQuery, 'from' | 'to'>): { start: Date; end: Date } {
  const start = new Date(`${query.from}T00:00:00Z`);
  const end = new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS);
  return { start, end };
}

/** How a column's cells are written on screen (in the admin's language) and in the CSV. */
export type ColumnKind = 'text' | 'number' | 'money' | 'percent';

export interface ReportColumn {
  /** The column's heading key under admin.reports.column. */
  key: string;
  kind: ColumnKind;
}

export type Cell = string | number | null;

export interface ReportTable {
  columns: readonly ReportColumn[];
  rows: Cell[][];
  /** The sums of the number and money columns (null under text and percent ones); null when a sum means nothing. */
  totals: Cell[] | null;
}

/** The sums of a table's number and money columns. */
export function totalsOf(columns: readonly ReportColumn[], rows: readonly Cell[][]): Cell[] {
  return columns.map((column, i) =>
    column.kind === 'number' || column.kind === 'money'
      ? rows.reduce<number>((sum, row) => sum + (typeof row[i] === 'number' ? row[i] : 0), 0)
      : null,
  );
}
