import { describe, expect, it } from 'vitest';
import { MAX_DAYS, parseReportQuery, reportRange, reportSearch } from './report-query';

const NOW = new Date('2026-05-17T10:00:00Z');
const parse = (query: string) => parseReportQuery(new URLSearchParams(query), NOW);

describe('parseReportQuery', () => {
  it('defaults to the sales of this year so far, per month', () => {
    expect(parse('')).toEqual({ report: 'sales', from: '2026-01-01', to: '2026-05-17', group: 'month' });
  });

  it('reads a report, its days and its grouping; swaps a range given backwards', () => {
    expect(parse('report=vat&from=2026-06-30&to=2026-04-01&group=week')).toEqual({
      report: 'vat',
      from: '2026-04-01',
      to: '2026-06-30',
      group: 'week',
    });
  });

  it('falls back on what it cannot read: unknown names, impossible dates, SQL', () => {
    expect(parse("report=x'--&from=2026-02-30&to=99999-01-01&group=hour")).toEqual(parse(''));
  });

  it(`keeps a range within ${MAX_DAYS} days`, () => {
    const q = parse('from=1900-01-01&to=2026-05-17');
    const { start, end } = reportRange(q);
    expect((end.getTime() - start.getTime()) / 86_400_000).toBe(MAX_DAYS);
  });

  it('round-trips through its search string', () => {
    const q = parse('report=stock&from=2026-01-02&to=2026-03-04&group=day');
    expect(parse(reportSearch(q).slice(1))).toEqual(q);
  });
});

describe('reportRange', () => {
  it('covers whole UTC days', () => {
    expect(reportRange({ from: '2026-04-01', to: '2026-06-30' })).toEqual({
      start: new Date('2026-04-01T00:00:00Z'),
      end: new Date('2026-07-01T00:00:00Z'),
    });
  });
});
