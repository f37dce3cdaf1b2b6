import { boolean, index, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';

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
