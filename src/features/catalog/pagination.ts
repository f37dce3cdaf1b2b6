/**
 * Page buttons of the list page (storefront §9): the large variant shows up to 7 slots with an
 * ellipsis for skipped ranges (from 600 px wide), the small variant a window of up to 4
 * consecutive pages around the current one. Both are rendered; CSS picks one. Pure.
 */

export type PageSlot = { type: 'page'; page: number; current: boolean } | { type: 'ellipsis'; key: string };

export const LARGE_BUTTONS = 7;
export const SMALL_BUTTONS = 4;

function page(n: number, current: number): PageSlot {
  return { type: 'page', page: n, current: n === current };
}

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let n = from; n <= to; n += 1) out.push(n);
  return out;
}

/** Clamps a page between 1 and the last page (spec §5). */
export function clampPage(value: number, lastPage: number): number {
  const last = Math.max(1, Math.floor(lastPage));
  if (!Number.isFinite(value)) return 1;
  return Math.min(last, Math.max(1, Math.floor(value)));
}

/**
 * Up to 7 slots, first and last page always shown: 1 2 3 4 5 … 20 / 1 … 9 10 11 … 20 /
 * 1 … 16 17 18 19 20. An ellipsis stands for at least two pages (one page is shown instead).
 */
export function largePagination(currentPage: number, lastPage: number, slots = LARGE_BUTTONS): PageSlot[] {
  const last = Math.max(1, Math.floor(lastPage));
  const current = clampPage(currentPage, last);
  if (last <= slots) return range(1, last).map((n) => page(n, current));
  const side = slots - 2; // pages beside first/last when only one ellipsis is needed
  if (current <= side - 1) {
    return [...range(1, side).map((n) => page(n, current)), { type: 'ellipsis', key: 'end' }, page(last, current)];
  }
  if (current >= last - side + 2) {
    return [
      page(1, current),
      { type: 'ellipsis', key: 'start' },
      ...range(last - side + 1, last).map((n) => page(n, current)),
    ];
  }
  const around = slots - 4; // first, two ellipses, last
  const before = Math.floor((around - 1) / 2);
  const from = current - before;
  return [
    page(1, current),
    { type: 'ellipsis', key: 'start' },
    ...range(from, from + around - 1).map((n) => page(n, current)),
    { type: 'ellipsis', key: 'end' },
    page(last, current),
  ];
}

/** Up to 4 consecutive pages containing the current one (one before it where possible). */
export function smallPagination(currentPage: number, lastPage: number, slots = SMALL_BUTTONS): PageSlot[] {
  const last = Math.max(1, Math.floor(lastPage));
  const current = clampPage(currentPage, last);
  const count = Math.min(slots, last);
  const from = Math.max(1, Math.min(current - 1, last - count + 1));
  return range(from, from + count - 1).map((n) => page(n, current));
}
