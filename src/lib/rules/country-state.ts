/**
 * What the shop does for a country (issue 25), as the back office speaks of it, and the two stored
 * flags behind it (countries.served, countries.delivery_available):
 * - `served`: sold to, delivery at its zone's price;
 * - `on_request`: sold to, delivery price quoted later (the spec's is_delivery_unavailable,
 *   "Delivery Price N/A": the order is placed without a delivery price);
 * - `not_served`: not sold to: absent from /api/countries, totals and checkout refuse it.
 * A country that is not served keeps its delivery flag, so serving it again restores it only
 * when the state says so.
 */
export const COUNTRY_STATES = ['served', 'on_request', 'not_served'] as const;
export type CountryState = (typeof COUNTRY_STATES)[number];

export interface CountryFlags {
  served: boolean;
  delivery_available: boolean;
}

export function countryState(flags: CountryFlags): CountryState {
  if (!flags.served) return 'not_served';
  return flags.delivery_available ? 'served' : 'on_request';
}

/** The flags a state sets; `not_served` leaves the delivery flag as it is. */
export function flagsOf(state: CountryState): { served: boolean; delivery_available?: boolean } {
  switch (state) {
    case 'served':
      return { served: true, delivery_available: true };
    case 'on_request':
      return { served: true, delivery_available: false };
    case 'not_served':
      return { served: false };
  }
}

export function isCountryState(value: unknown): value is CountryState {
  return typeof value === 'string' && (COUNTRY_STATES as readonly string[]).includes(value);
}
