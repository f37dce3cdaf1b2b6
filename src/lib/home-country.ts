/**
 * Where phone pickers and address forms start (issue 25): the shop's home country from the
 * settings, when the form's list offers it; else nothing is chosen for the shopper (an address)
 * or the list's first country is (a phone prefix). Pure, for the islands and their pages.
 */
export interface HomeCountry {
  id: number;
  iso: string;
}

/** The home country as an entry of `countries`, or null when unset or not in the list. */
export function startingCountry<T extends { id: number; iso: string }>(
  countries: readonly T[] | null | undefined,
  home: HomeCountry | null | undefined,
): T | null {
  if (!home || !countries) return null;
  return countries.find((c) => c.id === home.id) ?? null;
}

/** The select's value for an address form without a saved country: the home country's id, or ''. */
export function startingCountryId(
  countries: readonly { id: number; iso: string }[] | null | undefined,
  home: HomeCountry | null | undefined,
): string {
  const found = startingCountry(countries, home);
  return found ? String(found.id) : '';
}
