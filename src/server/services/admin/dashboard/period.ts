/**
 * The dashboard's period (issue 32): today, the last 7 or 30 days, this month, or a custom range
 * of days, and the period of the same length just before it, to compare with. Days are UTC days,
 * as the reports and invoices count them.
 */
export const PERIODS = ['today', '7d', '30d', 'month', 'custom'] as const;
export type PeriodKind = (typeof PERIODS)[number];

export interface Period {
  kind: PeriodKind;
  /** First and last day, inclusive (YYYY-MM-DD). */
  from: string;
  to: string;
  /** [start, end) instants of the period and of the one before it. */
  start: Date;
  end: Date;
  previousStart: Date;
  previousEnd: Date;
  /** Every day of the period, for the chart. */
  days: string[];
}

const DAY_MS = 86_400_000;
/** A custom range shows at most a year of days (the chart draws one bar per day). */
export const MAX_PERIOD_DAYS = 366;

const iso = (at: Date) => at.toISOString().slice(0, 10);

function validDay(value: string | null): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const at = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(at.getTime()) || iso(at) !== value ? null : value;
}

function range(kind: PeriodKind, params: URLSearchParams, today: string): [string, string] {
  const back = (days: number) => iso(new Date(new Date(`${today}T00:00:00Z`).getTime() - days * DAY_MS));
  switch (kind) {
    case 'today':
      return [today, today];
    case '7d':
      return [back(6), today];
    case 'month':
      return [`${today.slice(0, 8)}01`, today];
    case 'custom': {
      const from = validDay(params.get('from'));
      const to = validDay(params.get('to'));
      if (from && to) return from <= to ? [from, to] : [to, from];
      return [back(29), today];
    }
    default:
      return [back(29), today];
  }
}

/** The period of /admin?period=&from=&to= (30 days by default; an unreadable custom range is 30 days too). */
export function parsePeriod(params: URLSearchParams, now: Date = new Date()): Period {
  const asked = params.get('period');
  const kind = (PERIODS as readonly string[]).includes(asked ?? '') ? (asked as PeriodKind) : '30d';
  const [from, askedTo] = range(kind, params, iso(now));
  let to = askedTo;
  const start = new Date(`${from}T00:00:00Z`);
  if ((new Date(`${to}T00:00:00Z`).getTime() - start.getTime()) / DAY_MS >= MAX_PERIOD_DAYS)
    to = iso(new Date(start.getTime() + (MAX_PERIOD_DAYS - 1) * DAY_MS));
  const end = new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY_MS);
  const length = end.getTime() - start.getTime();
  const days: string[] = [];
  for (let at = start.getTime(); at < end.getTime(); at += DAY_MS) days.push(iso(new Date(at)));
  return {
    kind,
    from,
    to,
    start,
    end,
    previousStart: new Date(start.getTime() - length),
    previousEnd: start,
    days,
  };
}

/** The change from `before` to `now` in percent (one decimal), null when there was nothing before. */
export function change(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 1000) / 10;
}
