import { index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One row per uploaded image (ADR 026): the original, EXIF stripped, stored under DATA_DIR or in
 * an S3-compatible bucket at `storage_key`; its responsive variants are derived from it and named
 * by `hash`, so their URLs change whenever the content does and can be cached immutably.
 */
export const mediaAssets = pgTable(
  'media_assets',
  {
    id: serial('id').primaryKey(),
    /** sha256 of the stored (stripped) original, hex: the same photo uploaded twice is one asset. */
    hash: varchar('hash', { length: 64 }).notNull().unique(),
    mime: varchar('mime', { length: 32 }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    originalName: varchar('original_name', { length: 255 }).notNull().default(''),
    /** What the photo shows, by language code (the media library asks for every language, ADR 027). */
    alt: jsonb('alt').$type<Record<string, string>>().notNull().default({}),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_assets_created_idx').on(t.createdAt, t.id)],
);
