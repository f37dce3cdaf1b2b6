/**
 * The base data of a production shop (ADR 018 "empty start"): what a real shop needs before its
 * owner signs in, and nothing of the demo. Three languages with the UI texts, EUR (the other
 * currencies present but off), every ISO 3166 country, none served yet, in one delivery zone with
 * a price, an empty settings row, and the legal pages as drafts to write.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { countries, countryTranslations, settings, shippingRates, shippingZones } from '../schema/index';
import { insertBatched } from './batch';
import { insertStaticPages } from './content';
import { countryTranslationRows, isoCountries } from './countries-data';
import { POSTCODE_PATTERNS } from './geo';
import { type LanguageIds, seedCurrencies, seedLanguages } from './i18n';
import { LEGAL_PAGES } from './legal-pages-data';

/** The one delivery zone of a new shop: every country is in it, its price is the owner's to set. */
export const DEFAULT_ZONE = {
  code: 'STANDARD',
  name: 'Standard delivery',
  costCents: 499,
  freeOverCents: null,
} as const;

/**
 * Whether anything a shop is made of is there. A database with any of it (an older shop, a
 * restored backup, rows an operator added) gets no base data: it would mix with theirs.
 */
export async function hasShopData(db: Db): Promise<boolean> {
  const tables = [
    'languages',
    'currencies',
    'countries',
    'settings',
    'users',
    'categories',
    'products',
    'orders',
    'static_pages',
  ];
  const result = await db.execute<{ any: boolean }>(
    sql.raw(`select ${tables.map((t) => `exists (select 1 from "${t}")`).join(' or ')} as "any"`),
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: { any: boolean }[] }).rows) as { any: boolean }[];
  return rows[0]?.any === true;
}

async function seedCountries(db: Db, lang: LanguageIds): Promise<void> {
  const [zone] = await db
    .insert(shippingZones)
    .values({ code: DEFAULT_ZONE.code, name: DEFAULT_ZONE.name })
    .returning({ id: shippingZones.id });
  await db
    .insert(shippingRates)
    .values({ zoneId: zone!.id, costCents: DEFAULT_ZONE.costCents, freeOverCents: DEFAULT_ZONE.freeOverCents });
  const rows = await db
    .insert(countries)
    .values(
      isoCountries().map(({ iso, names }) => ({
        name: names.en,
        iso,
        zoneId: zone!.id,
        // Not sold to until the owner says so (/admin/shipping).
        served: false,
        postcodePattern: POSTCODE_PATTERNS[iso] ?? null,
      })),
    )
    .returning({ id: countries.id, iso: countries.iso });
  const ids = Object.fromEntries(rows.map((r) => [r.iso, r.id]));
  await insertBatched(db, countryTranslations, countryTranslationRows(ids, lang));
}

/** Writes the base data; callers provide the transaction and check that the database is empty. */
export async function seedBase(db: Db): Promise<void> {
  const lang = await seedLanguages(db);
  await seedCurrencies(db, { othersEnabled: false });
  await seedCountries(db, lang);
  // Every column at its empty default: the settings screen shows what to fill in.
  await db.insert(settings).values({ id: 1 });
  await insertStaticPages(db, lang, LEGAL_PAGES, { published: false });
}
