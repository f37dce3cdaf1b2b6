import { describe, expect, it } from 'vitest';
import { change, MAX_PERIOD_DAYS, parsePeriod } from './period';

const NOW = new Date('2026-05-17T10:00:00Z');
const parse = (query: string) => parsePeriod(new URLSearchParams(query), NOW);

describe('parsePeriod', () => {
  it('today, 7 days, 30 days (the default) and this month, each with the period before of the same length', () => {
    expect(parse('period=today')).toMatchObject({
      from: '2026-05-17',
      to: '2026-05-17',
      previousStart: new Date('2026-05-16T00:00:00Z'),
    });
    expect(parse('period=7d')).toMatchObject({ from: '2026-05-11', to: '2026-05-17' });
    expect(parse('')).toMatchObject({ kind: '30d', from: '2026-04-18', to: '2026-05-17' });
    const month = parse('period=month');
    expect(month).toMatchObject({ from: '2026-05-01', previousStart: new Date('2026-04-14T00:00:00Z') });
    expect(month.days).toHaveLength(17);
  });

  it('a custom range, backwards too, at most a year; an unreadable one is 30 days', () => {
    expect(parse('period=custom&from=2026-03-31&to=2026-03-01')).toMatchObject({
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(parse('period=custom&from=2000-01-01&to=2026-01-01').days).toHaveLength(MAX_PERIOD_DAYS);
    expect(parse("period=custom&from=x'--&to=2026-02-30")).toMatchObject({ from: '2026-04-18', to: '2026-05-17' });
    expect(parse('period=<b>').kind).toBe('30d');
  });
});

describe('change', () => {
  it('in percent with one decimal; none without a figure before', () => {
    expect([change(150, 100), change(50, 100), change(1, 3), change(5, 0)]).toEqual([50, -50, -66.7, null]);
  });
});
