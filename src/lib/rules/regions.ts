/**
 * Regions of countries by ISO 3166-1 alpha-2 code, for whoever needs "all of the EU" at once: the
 * back office selects a region's countries (/admin/shipping), and VAT for sales inside the EU
 * (one-stop shop) needs the same member list. One list, here; change it when membership changes.
 */

/**
 * The 27 member states of the European Union (since 1 February 2020). Greece is GR here, as in ISO
 * 3166 and the shop's countries; the EU's own VAT numbers write it EL.
 */
export const EU_MEMBER_STATES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
] as const;

const EU = new Set<string>(EU_MEMBER_STATES);

/** Whether the country (ISO code, any case) is an EU member state. */
export function isEuMember(iso: string): boolean {
  return EU.has(iso.toUpperCase());
}

/** The regions the back office can select by; the key is what the admin texts name. */
export const REGIONS = { EU: EU_MEMBER_STATES } as const satisfies Record<string, readonly string[]>;
export type Region = keyof typeof REGIONS;

/** Whether the country (ISO code, any case) belongs to `region`. */
export function inRegion(region: Region, iso: string): boolean {
  return (REGIONS[region] as readonly string[]).includes(iso.toUpperCase());
}
