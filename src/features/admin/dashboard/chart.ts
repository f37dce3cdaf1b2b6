/**
 * The geometry of the dashboard's chart (issue 32): revenue per day as bars on the left axis,
 * orders per day as a line on the right one, drawn as server-rendered SVG (no script, nothing
 * loaded outside the back office). Pure, so the page only places what this computes.
 */
export const CHART = { width: 720, height: 260, left: 72, right: 48, top: 16, bottom: 40 } as const;

export interface ChartInput {
  days: readonly string[];
  gross: readonly number[];
  orders: readonly number[];
}

export interface Chart {
  bars: { x: number; y: number; width: number; height: number; day: string; gross: number; orders: number }[];
  /** The orders line as SVG points "x,y x,y …". */
  line: string;
  dots: { x: number; y: number }[];
  /** Left-axis ticks (cents) and right-axis ticks (orders), with their y. */
  grossTicks: { y: number; value: number }[];
  orderTicks: { y: number; value: number }[];
  /** The days labelled under the x axis (at most 8, evenly spread). */
  dayLabels: { x: number; day: string }[];
}

/** A round top for an axis: 1, 2 or 5 times a power of ten, at or above the maximum (at least `min`). */
export function niceMax(max: number, min = 1): number {
  const value = Math.max(max, min);
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

export function chart(input: ChartInput): Chart {
  const { width, height, left, right, top, bottom } = CHART;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const count = Math.max(input.days.length, 1);
  const slot = plotW / count;
  const grossTop = niceMax(Math.max(0, ...input.gross), 100);
  const ordersTop = niceMax(Math.max(0, ...input.orders), 1);
  const yOf = (value: number, topValue: number) => top + plotH - (value / topValue) * plotH;
  const bars = input.days.map((day, i) => {
    const y = yOf(input.gross[i] ?? 0, grossTop);
    return {
      x: left + i * slot + slot * 0.15,
      y,
      width: slot * 0.7,
      height: top + plotH - y,
      day,
      gross: input.gross[i] ?? 0,
      orders: input.orders[i] ?? 0,
    };
  });
  const dots = input.days.map((_, i) => ({
    x: left + i * slot + slot / 2,
    y: yOf(input.orders[i] ?? 0, ordersTop),
  }));
  const ticks = (topValue: number) => [0, 0.5, 1].map((f) => ({ y: yOf(topValue * f, topValue), value: topValue * f }));
  const every = Math.ceil(count / 8);
  return {
    bars,
    line: dots.map((d) => `${d.x.toFixed(1)},${d.y.toFixed(1)}`).join(' '),
    dots,
    grossTicks: ticks(grossTop),
    orderTicks: ticks(ordersTop).filter((t) => Number.isInteger(t.value)),
    dayLabels: input.days.flatMap((day, i) => (i % every === 0 ? [{ x: left + i * slot + slot / 2, day }] : [])),
  };
}
