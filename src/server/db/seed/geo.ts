import { EU_VAT_RATES } from '@/lib/rules/eu-vat-rates';
import { countries, countryTranslations, countryVatRates, shippingRates, shippingZones } from '../schema/index';
import { countryTranslationRows } from './countries-data';
import type { LanguageIds } from './i18n';
import { insertBatched } from './batch';
import type { Db } from '../client';

type Zone = 'EU' | 'UK' | 'US' | 'WORLD';

const ZONES: { code: Zone; name: string; costCents: number; freeOverCents: number | null }[] = [
  { code: 'EU', name: 'European Union', costCents: 499, freeOverCents: 7500 },
  { code: 'UK', name: 'United Kingdom', costCents: 899, freeOverCents: 10000 },
  { code: 'US', name: 'United States', costCents: 1499, freeOverCents: 15000 },
  { code: 'WORLD', name: 'Rest of the world', costCents: 2499, freeOverCents: null },
];

const GB_POSTCODE = '^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$';

// [name, iso, zone, postcode pattern?, served? (default true)]
type CountryRow = [string, string, Zone, string?, boolean?];
const COUNTRIES: CountryRow[] = [
  ['Austria', 'AT', 'EU', '^[0-9]{4}$'],
  ['Belgium', 'BE', 'EU', '^[0-9]{4}$'],
  ['Bulgaria', 'BG', 'EU', '^[0-9]{4}$'],
  ['Croatia', 'HR', 'EU', '^[0-9]{5}$'],
  ['Cyprus', 'CY', 'EU', '^[0-9]{4}$'],
  ['Czechia', 'CZ', 'EU', '^[0-9]{3} ?[0-9]{2}$'],
  ['Denmark', 'DK', 'EU', '^[0-9]{4}$'],
  ['Estonia', 'EE', 'EU', '^[0-9]{5}$'],
  ['Finland', 'FI', 'EU', '^[0-9]{5}$'],
  ['France', 'FR', 'EU', '^[0-9]{5}$'],
  ['Germany', 'DE', 'EU', '^[0-9]{5}$'],
  ['Greece', 'GR', 'EU', '^[0-9]{3} ?[0-9]{2}$'],
  ['Hungary', 'HU', 'EU', '^[0-9]{4}$'],
  ['Ireland', 'IE', 'EU'],
  ['Italy', 'IT', 'EU', '^[0-9]{5}$'],
  ['Latvia', 'LV', 'EU', '^(LV-)?[0-9]{4}$'],
  ['Lithuania', 'LT', 'EU', '^(LT-)?[0-9]{5}$'],
  ['Luxembourg', 'LU', 'EU', '^(L-)?[0-9]{4}$'],
  ['Malta', 'MT', 'EU'],
  ['Netherlands', 'NL', 'EU', '^[0-9]{4} ?[A-Z]{2}$'],
  ['Poland', 'PL', 'EU', '^[0-9]{2}-[0-9]{3}$'],
  ['Portugal', 'PT', 'EU', '^[0-9]{4}-[0-9]{3}$'],
  ['Romania', 'RO', 'EU', '^[0-9]{6}$'],
  ['Slovakia', 'SK', 'EU', '^[0-9]{3} ?[0-9]{2}$'],
  ['Slovenia', 'SI', 'EU', '^[0-9]{4}$'],
  ['Spain', 'ES', 'EU', '^[0-9]{5}$'],
  ['Sweden', 'SE', 'EU', '^[0-9]{3} ?[0-9]{2}$'],
  ['United Kingdom', 'GB', 'UK', GB_POSTCODE],
  ['United States', 'US', 'US', '^[0-9]{5}(-[0-9]{4})?$'],
  ['Australia', 'AU', 'WORLD', '^[0-9]{4}$'],
  ['Brazil', 'BR', 'WORLD', '^[0-9]{5}-?[0-9]{3}$'],
  ['Canada', 'CA', 'WORLD', '^[A-Z][0-9][A-Z] ?[0-9][A-Z][0-9]$'],
  ['Iceland', 'IS', 'WORLD', '^[0-9]{3}$'],
  ['India', 'IN', 'WORLD', '^[0-9]{6}$'],
  ['Japan', 'JP', 'WORLD', '^[0-9]{3}-?[0-9]{4}$'],
  ['Mexico', 'MX', 'WORLD', '^[0-9]{5}$'],
  ['New Zealand', 'NZ', 'WORLD', '^[0-9]{4}$'],
  ['Norway', 'NO', 'WORLD', '^[0-9]{4}$'],
  ['Singapore', 'SG', 'WORLD', '^[0-9]{6}$'],
  ['South Africa', 'ZA', 'WORLD', '^[0-9]{4}$'],
  ['South Korea', 'KR', 'WORLD', '^[0-9]{5}$'],
  ['Switzerland', 'CH', 'WORLD', '^[0-9]{4}$'],
  ['Turkey', 'TR', 'WORLD', '^[0-9]{5}$'],
  ['Ukraine', 'UA', 'WORLD', '^[0-9]{5}$'],
  ['United Arab Emirates', 'AE', 'WORLD'],
  // Sanctions: "we do not sell there" (issue 25). Listed, not served: absent from /api/countries
  // and the checkout, refused by totals and checkout; their phone numbers stay valid.
  ['Belarus', 'BY', 'WORLD', '^[0-9]{6}$', false],
  ['Iran', 'IR', 'WORLD', undefined, false],
  ['North Korea', 'KP', 'WORLD', undefined, false],
  ['Russia', 'RU', 'WORLD', '^[0-9]{6}$', false],
  ['Syria', 'SY', 'WORLD', undefined, false],
];

export type CountryIds = Record<string, number>;

export async function seedGeo(db: Db, lang: LanguageIds): Promise<CountryIds> {
  const zoneRows = await db
    .insert(shippingZones)
    .values(ZONES.map(({ code, name }) => ({ code, name })))
    .returning({ id: shippingZones.id, code: shippingZones.code });
  const zoneIds = Object.fromEntries(zoneRows.map((z) => [z.code, z.id])) as Record<Zone, number>;
  await db
    .insert(shippingRates)
    .values(ZONES.map((z) => ({ zoneId: zoneIds[z.code], costCents: z.costCents, freeOverCents: z.freeOverCents })));
  const rows = await db
    .insert(countries)
    .values(
      [...COUNTRIES]
        .sort((a, b) => a[0].localeCompare(b[0]))
        .map(([name, iso, zone, postcodePattern, served]) => ({
          name,
          iso,
          zoneId: zoneIds[zone],
          postcodePattern: postcodePattern ?? null,
          served: served ?? true,
        })),
    )
    .returning({ id: countries.id, iso: countries.iso });
  const ids: CountryIds = Object.fromEntries(rows.map((r) => [r.iso, r.id]));
  await insertBatched(db, countryTranslations, countryTranslationRows(ids, lang));
  await seedEuVatRates(db, ids);
  return ids;
}

/** The EU member states' current standard and main reduced VAT rates (ADR 030), for the countries given. */
export async function seedEuVatRates(db: Db, ids: CountryIds): Promise<void> {
  const values = Object.entries(EU_VAT_RATES).flatMap(([iso, r]) =>
    ids[iso] === undefined
      ? []
      : [
          { countryId: ids[iso]!, kind: 'standard' as const, percent: r.standard },
          { countryId: ids[iso]!, kind: 'reduced' as const, percent: r.reduced },
        ],
  );
  if (values.length) await db.insert(countryVatRates).values(values).onConflictDoNothing();
}

export const ZONE_RATES = ZONES;

/** The post-code patterns known for the demo's countries, by ISO code (reused by the base data). */
export const POSTCODE_PATTERNS: Readonly<Record<string, string>> = Object.fromEntries(
  COUNTRIES.flatMap(([, iso, , pattern]) => (pattern ? [[iso, pattern]] : [])),
);
