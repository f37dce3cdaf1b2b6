import { sql } from 'drizzle-orm';
import { boolean, check, integer, numeric, pgTable, serial, text, unique, varchar } from 'drizzle-orm/pg-core';
import type { RoundingRule } from '@/lib/money';

export const languages = pgTable('languages', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 8 }).notNull().unique(),
  title: varchar('title', { length: 64 }).notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  position: integer('position').notNull().default(0),
});

/** UI messages per language (seeded from src/i18n/messages/*.json). */
export const localizations = pgTable(
  'localizations',
  {
    id: serial('id').primaryKey(),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 191 }).notNull(),
    value: text('value').notNull(),
  },
  (t) => [unique('localizations_language_key_uq').on(t.languageId, t.key)],
);

/** Exchange rate `value` is units of this currency per 1 EUR, exact to 6 decimals. */
export const currencies = pgTable(
  'currencies',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 3 }).notNull().unique(),
    symbol: varchar('symbol', { length: 8 }).notNull(),
    value: numeric('value', { precision: 18, scale: 6 }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** False: kept with its rate but not offered to shoppers (pickers, /api/currencies, prices). The default is always on. */
    enabled: boolean('enabled').notNull().default(true),
    position: integer('position').notNull().default(0),
    /** How a converted product price is rounded (ADR 034): to the minor unit, up to .99, up to whole units. */
    rounding: varchar('rounding', { length: 8 }).$type<RoundingRule>().notNull().default('exact'),
  },
  (t) => [check('currencies_rounding', sql`${t.rounding} in ('exact', 'end_99', 'whole')`)],
);
