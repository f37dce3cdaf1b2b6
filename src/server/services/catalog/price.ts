import { convertCents, toEurCents } from '@/lib/money';

/**
 * Price filters arrive in the shopper's currency, the column is EUR cents. Filtering on
 * toEurCents(bound) alone can disagree with the displayed (converted, rounded) price by a cent at
 * the edges, so the EUR bound is nudged until it is exact: a product is inside the filter iff its
 * DISPLAYED price is, and the query still compares the indexed EUR column.
 */

/** The smallest EUR-cent price whose converted price is >= minCents. */
export function minEurCents(minCents: number, rate: string): number {
  let e = Math.max(0, toEurCents(minCents, rate));
  while (e > 0 && convertCents(e - 1, rate) >= minCents) e--;
  while (convertCents(e, rate) < minCents) e++;
  return e;
}

/** The largest EUR-cent price whose converted price is <= maxCents (-1 when none is). */
export function maxEurCents(maxCents: number, rate: string): number {
  let e = Math.max(0, toEurCents(maxCents, rate));
  while (e >= 0 && convertCents(e, rate) > maxCents) e--;
  if (e < 0) return -1;
  while (convertCents(e + 1, rate) <= maxCents) e++;
  return e;
}
