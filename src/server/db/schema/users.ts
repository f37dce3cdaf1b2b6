import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { countries } from './geo';
import { languages } from './i18n';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 96 }).notNull(),
    surname: varchar('surname', { length: 96 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    /** International form, e.g. +442071838750. */
    phone: varchar('phone', { length: 32 }),
    phoneCountryCode: varchar('phone_country_code', { length: 2 }),
    nationalNumber: varchar('national_number', { length: 20 }),
    /** argon2id PHC string. */
    passwordHash: text('password_hash').notNull(),
    balanceCents: integer('balance_cents').notNull().default(0),
    avatarUrl: text('avatar_url'),
    countryId: integer('country_id').references(() => countries.id, { onDelete: 'set null' }),
    city: varchar('city', { length: 96 }),
    address: varchar('address', { length: 255 }),
    postCode: varchar('post_code', { length: 16 }),
    languageId: integer('language_id').references(() => languages.id, { onDelete: 'set null' }),
    /** customer | editor | admin */
    role: varchar('role', { length: 16 }).notNull().default('customer'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`)],
);

/** Browser sessions; the id is the SHA-256 of the cookie value, never the value itself. */
export const sessions = pgTable(
  'sessions',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 512 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Bearer tokens for API clients; stored as SHA-256 hashes. */
export const personalAccessTokens = pgTable(
  'personal_access_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 191 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('personal_access_tokens_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    /**
     * The address (normalised) the link was mailed to: the token only works while the account
     * still has it, so it cannot prove an address it was never sent to (ADR 009).
     */
    email: varchar('email', { length: 254 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/** Fixed-window counters shared by every app instance (docs/architecture.md "Shape"). */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 191 }).primaryKey(),
  count: integer('count').notNull().default(0),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

export interface StoredAttachment {
  filename: string;
  contentType: string;
  base64: string;
}

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: varchar('to', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** The mail's language (en, de, …), for the back office's mail log; null for rows from before it. */
    language: varchar('language', { length: 8 }),
    /** Files sent with the mail (the paid mail's invoice PDF), base64, so a retry sends them too. */
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    index('mail_outbox_unsent_idx')
      .on(t.createdAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  name: varchar('name', { length: 96 }).notNull(),
  surname: varchar('surname', { length: 96 }).notNull(),
  email: varchar('email', { length: 254 }).notNull(),
  phone: varchar('phone', { length: 32 }).notNull(),
  phoneCountryCode: varchar('phone_country_code', { length: 2 }),
  nationalNumber: varchar('national_number', { length: 20 }),
  topic: varchar('topic', { length: 191 }).notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Server-side secrets shared by every instance on the database (e.g. the key that signs email
 * verification links), created on first use when APP_KEY is not configured.
 */
export const appSecrets = pgTable('app_secrets', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
