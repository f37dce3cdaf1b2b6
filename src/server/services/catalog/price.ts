import { type PriceCurrency, convertPrice, toEurCents } from '@/lib/money';

/**
 * Price filters arrive in the shopper's currency, the column is EUR cents. Filtering on
 * toEurCents(bound) alone can disagree with the displayed (converted, rounded by the currency's
 * rule) price at the edges, so the EUR bound is searched until it is exact: a product is inside the
 * filter iff its DISPLAYED converted price is, and the query still compares the indexed EUR
 * column. (Conversion and rounding never decrease, so the edge is found by bisection.) A product's fixed price
 * in the currency (ADR 034) is not what the filter compares: the filter works on the EUR column.
 */

/** The smallest EUR-cent price e >= 0 with reaches(e), by doubling then bisecting (reaches never turns false again). */
function firstReaching(start: number, reaches: (eur: number) => boolean): number {
  let lo = 0;
  let hi = Math.max(1, start);
  while (!reaches(hi)) {
    lo = hi;
    hi *= 2;
  }
  if (reaches(0)) return 0;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (reaches(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** The smallest EUR-cent price whose converted price is >= minCents (minor units of the currency). */
export function minEurCents(minCents: number, currency: PriceCurrency): number {
  return firstReaching(
    toEurCents(minCents, currency.value, currency.code),
    (e) => convertPrice(e, currency) >= minCents,
  );
}

/** The largest EUR-cent price whose converted price is <= maxCents (-1 when none is). */
export function maxEurCents(maxCents: number, currency: PriceCurrency): number {
  return (
    firstReaching(toEurCents(maxCents, currency.value, currency.code), (e) => convertPrice(e, currency) > maxCents) - 1
  );
}
