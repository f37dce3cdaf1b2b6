import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  varchar,
} from 'drizzle-orm/pg-core';
import { languages } from './i18n';

export const shippingZones = pgTable('shipping_zones', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 16 }).notNull().unique(),
  name: varchar('name', { length: 64 }).notNull(),
});

export const countries = pgTable(
  'countries',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 96 }).notNull(),
    iso: varchar('iso', { length: 2 }).notNull().unique(),
    zoneId: integer('zone_id').references(() => shippingZones.id, { onDelete: 'set null' }),
    /** False: the shop does not sell there (absent from /api/countries, totals and checkout refused). */
    served: boolean('served').notNull().default(true),
    /** False where the shop quotes delivery later: totals answer is_delivery_unavailable ("Delivery Price N/A"). */
    deliveryAvailable: boolean('delivery_available').notNull().default(true),
    /** Anchored regular expression for the post code, or null when any non-empty code is accepted. */
    postcodePattern: text('postcode_pattern'),
  },
  (t) => [index('countries_zone_idx').on(t.zoneId)],
);

/** Per-language country names ("Germany" → "Deutschland"); absent: countries.name (the default language). */
export const countryTranslations = pgTable(
  'country_translations',
  {
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'cascade' }),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 96 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.countryId, t.languageId] })],
);

/** Delivery price per zone; free when the items total reaches freeOverCents. */
export const shippingRates = pgTable('shipping_rates', {
  id: serial('id').primaryKey(),
  zoneId: integer('zone_id')
    .notNull()
    .unique()
    .references(() => shippingZones.id, { onDelete: 'cascade' }),
  costCents: integer('cost_cents').notNull(),
  freeOverCents: integer('free_over_cents'),
});

/** The kinds of VAT rate a country has; a VAT class names one (zero needs no row: it is 0 everywhere). */
export const COUNTRY_VAT_KINDS = ['standard', 'reduced'] as const;

/**
 * A country's VAT rates by kind (ADR 030): the EU member states' standard and main reduced rates
 * are seeded, staff edit them. The home country's rows are the shop's own rates; under the OSS a
 * consumer in another member state pays that state's rows. No row: the shop's own rate
 * (settings.vat_percent, a class's percent).
 */
export const countryVatRates = pgTable(
  'country_vat_rates',
  {
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).$type<(typeof COUNTRY_VAT_KINDS)[number]>().notNull(),
    /** A decimal with 2 places, e.g. "19.00". */
    percent: numeric('percent', { precision: 5, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.countryId, t.kind] }),
    check('country_vat_rates_kind', sql`${t.kind} in ('standard', 'reduced')`),
    check('country_vat_rates_percent_range', sql`${t.percent} >= 0 and ${t.percent} < 100`),
  ],
);
