import { describe, expect, it } from 'vitest';
import { CHART, chart, niceMax } from './chart';

describe('niceMax', () => {
  it('rounds an axis top up to 1, 2 or 5 × 10ⁿ', () => {
    expect([niceMax(0), niceMax(1), niceMax(3), niceMax(7), niceMax(12), niceMax(12_345, 100)]).toEqual([
      1, 1, 5, 10, 20, 20_000,
    ]);
  });
});

describe('chart', () => {
  it('draws a bar per day to scale, the orders line on its own axis, and labels at most 8 days', () => {
    const days = Array.from({ length: 30 }, (_, i) => `2026-04-${String(i + 1).padStart(2, '0')}`);
    const gross = days.map((_, i) => (i === 3 ? 10_000 : i === 4 ? 5_000 : 0));
    const orders = days.map((_, i) => (i === 3 ? 2 : i === 4 ? 1 : 0));
    const c = chart({ days, gross, orders });
    const plotH = CHART.height - CHART.top - CHART.bottom;
    expect(c.bars).toHaveLength(30);
    expect(c.bars[3]!.height).toBeCloseTo(plotH);
    expect(c.bars[4]!.height).toBeCloseTo(plotH / 2);
    expect(c.bars[0]!.height).toBe(0);
    expect(c.grossTicks.map((t) => t.value)).toEqual([0, 5_000, 10_000]);
    expect(c.orderTicks.map((t) => t.value)).toEqual([0, 1, 2]);
    expect(c.dots[3]!.y).toBeCloseTo(CHART.top);
    expect(c.dayLabels.map((l) => l.day)).toEqual(days.filter((_, i) => i % 4 === 0));
  });
});
