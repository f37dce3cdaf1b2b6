import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { languages } from './i18n';
import { users } from './users';
import { countries } from './geo';

/** The shop's single settings row (id = 1). */
export const settings = pgTable('settings', {
  id: integer('id').primaryKey().default(1),
  requisites: text('requisites').notNull().default(''),
  copyright: text('copyright').notNull().default(''),
  supportEmail: varchar('support_email', { length: 254 }).notNull().default(''),
  isRegEnabled: boolean('is_reg_enabled').notNull().default(true),
  minTopUpAmountCents: integer('min_top_up_amount_cents').notNull().default(0),
  vatPercent: numeric('vat_percent', { precision: 5, scale: 2 }).notNull().default('0'),
  /** Below this many units a choice says "Only N left" and counts as low stock; products may override it. */
  lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
  googleTag: text('google_tag').notNull().default(''),
  companyAddress: text('company_address').notNull().default(''),
  phonePaymentGlobal: varchar('phone_payment_global', { length: 32 }).notNull().default(''),
  phonePaymentUkEu: varchar('phone_payment_uk_eu', { length: 32 }).notNull().default(''),
  /** The shop's name as shoppers see it (header, titles, mails, JSON-LD); '' until the owner sets it. */
  shopName: varchar('shop_name', { length: 96 }).notNull().default(''),
  /** The seller on invoices and the imprint: legal company name, VAT id, contact phone. */
  legalName: varchar('legal_name', { length: 191 }).notNull().default(''),
  vatId: varchar('vat_id', { length: 32 }).notNull().default(''),
  contactPhone: varchar('contact_phone', { length: 32 }).notNull().default(''),
  /** Invoice numbers are `{prefix}{year}-{n}`, credit notes `{credit prefix}{year}-{n}` (ADR 032). */
  invoicePrefix: varchar('invoice_prefix', { length: 16 }).notNull().default('INV-'),
  creditNotePrefix: varchar('credit_note_prefix', { length: 16 }).notNull().default('CN-'),
  /** Where the shop is based: phone pickers and address forms default to it; VAT is charged from it. */
  /**
   * Balance adjustments larger than this (either way, in cents) need an admin; staff make the
   * smaller ones (issue 27). Only an admin changes it.
   */
  balanceAdjustLimitCents: integer('balance_adjust_limit_cents').notNull().default(10_000),
  homeCountryId: integer('home_country_id').references(() => countries.id, { onDelete: 'set null' }),
  /** The shop declares its EU distance sales under the One-Stop-Shop: EU consumers pay their own country's VAT (ADR 030). */
  usesOss: boolean('uses_oss').notNull().default(false),
  /** The right of withdrawal: a shipped order's lines may be returned this many days from shipping. */
  withdrawalDays: integer('withdrawal_days').notNull().default(14),
  /** Where the staff mails go (new paid or phone order, low stock, new return, the digest); '' sends none. */
  staffMailTo: varchar('staff_mail_to', { length: 254 }).notNull().default(''),
  /** The staff mails' language (en, de, fr); '' is the shop's default language. */
  staffMailLanguage: varchar('staff_mail_language', { length: 8 }).notNull().default(''),
  /** The daily digest mail; the owner may switch it off. */
  staffDigest: boolean('staff_digest').notNull().default(true),
  /** A signed-in customer's cart untouched this long counts as left behind (issue 32). */
  abandonedCartHours: integer('abandoned_cart_hours').notNull().default(24),
  /** The reminder mail for carts left behind; off until the owner switches it on. */
  cartReminders: boolean('cart_reminders').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Unpublished changes to a page's blocks (ADR 027): what the editor saved, kept apart from what visitors see. */
export interface PageDraft {
  layout: 'html' | 'blocks';
  blocks: unknown[];
  /** Other languages' block texts by language code. */
  block_texts: Record<string, Record<string, Record<string, string>>>;
  saved_at: string;
}

export interface PageSeo {
  noindex?: boolean;
  og_asset_id?: number | null;
  texts?: Record<string, { title?: string; description?: string }>;
}

/** Text columns hold the default language; *_translations rows override per language. */
export const staticPages = pgTable(
  'static_pages',
  {
    id: serial('id').primaryKey(),
    slug: varchar('slug', { length: 96 }).notNull().unique(),
    title: varchar('title', { length: 191 }).notNull(),
    content: text('content').notNull(),
    isTerms: boolean('is_terms').notNull().default(false),
    isPrivacy: boolean('is_privacy').notNull().default(false),
    isCookie: boolean('is_cookie').notNull().default(false),
    /** The home page's hero and featured area (ADR 027): at most one such page, never listed or served at /static-page. */
    isHome: boolean('is_home').notNull().default(false),
    published: boolean('published').notNull().default(true),
    position: integer('position').notNull().default(0),
    /** 'html': `content` is the page (ADR 013); 'blocks': `blocks` is (ADR 027). */
    layout: varchar('layout', { length: 16 }).notNull().default('html'),
    /** The ordered blocks with their settings and default-language texts (src/lib/contract/blocks.ts). */
    blocks: jsonb('blocks').$type<unknown[]>().notNull().default([]),
    /** Search and sharing (ADR 027): noindex, the Open Graph photo, meta title and description by language code. */
    seo: jsonb('seo').$type<PageSeo>().notNull().default({}),
    /** Saved but not yet published blocks and texts (null: none); publishing or the schedule applies it. */
    draft: jsonb('draft').$type<PageDraft>(),
    /** When the page-schedule job publishes it, or takes it down (ADR 027); null: not planned. */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    unpublishAt: timestamp('unpublish_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('static_pages_one_home')
      .on(t.isHome)
      .where(sql`${t.isHome}`),
  ],
);

export const staticPageTranslations = pgTable(
  'static_page_translations',
  {
    pageId: integer('page_id')
      .notNull()
      .references(() => staticPages.id, { onDelete: 'cascade' }),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 191 }).notNull(),
    content: text('content').notNull(),
    /** This language's block texts: { blockId: { field: text } }; what is missing falls back to the default language. */
    blockTexts: jsonb('block_texts').$type<Record<string, Record<string, string>>>().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.languageId] })],
);

export const faqs = pgTable('faqs', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 255 }).notNull(),
  content: text('content').notNull(),
  isPopular: boolean('is_popular').notNull().default(false),
  published: boolean('published').notNull().default(true),
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const faqTranslations = pgTable(
  'faq_translations',
  {
    faqId: integer('faq_id')
      .notNull()
      .references(() => faqs.id, { onDelete: 'cascade' }),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 255 }).notNull(),
    content: text('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.faqId, t.languageId] })],
);

export const socialLinks = pgTable('social_links', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  url: text('url').notNull(),
  icon: varchar('icon', { length: 64 }).notNull().default(''),
  position: integer('position').notNull().default(0),
});

export const featuredCategories = pgTable('featured_categories', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 191 }).notNull(),
  shortTitle: varchar('short_title', { length: 96 }),
  description: text('description').notNull().default(''),
  imageUrl: text('image_url').notNull().default(''),
  url: text('url').notNull(),
  position: integer('position').notNull().default(0),
});

export const featuredCategoryTranslations = pgTable(
  'featured_category_translations',
  {
    featuredCategoryId: integer('featured_category_id')
      .notNull()
      .references(() => featuredCategories.id, { onDelete: 'cascade' }),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 191 }).notNull(),
    shortTitle: varchar('short_title', { length: 96 }),
    description: text('description').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.featuredCategoryId, t.languageId] })],
);

export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  id: serial('id').primaryKey(),
  email: varchar('email', { length: 254 }).notNull().unique(),
  languageId: integer('language_id').references(() => languages.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Double opt-in: null until the mailed link is followed; only confirmed rows are subscribers. */
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
});

/**
 * Every saved state of a static page (ADR 013): a full snapshot (shared fields and every
 * language's title and content) after each change, numbered per page, with who made it.
 * Version 1 of a page that existed before editing began is its state before the first edit.
 */
export const staticPageVersions = pgTable(
  'static_page_versions',
  {
    id: serial('id').primaryKey(),
    pageId: integer('page_id')
      .notNull()
      .references(() => staticPages.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 16 }).notNull(),
    summary: text('summary').notNull().default(''),
    snapshot: jsonb('snapshot').$type<StaticPageSnapshot>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('static_page_versions_page_version_uq').on(t.pageId, t.version)],
);

export interface StaticPageSnapshot {
  slug: string;
  isTerms: boolean;
  isPrivacy: boolean;
  isCookie: boolean;
  published: boolean;
  position: number;
  /** By language code; the default language's entry is the base row. */
  texts: Record<string, { title: string; content: string }>;
  /** Blocks pages (ADR 027); absent in versions saved before them. */
  layout?: string;
  blocks?: unknown[];
  /** Other languages' block texts by language code. */
  blockTexts?: Record<string, Record<string, Record<string, string>>>;
}

/** Old slugs of renamed pages: /static-page/{old} answers 301 to the page's current slug. */
export const staticPageRedirects = pgTable('static_page_redirects', {
  slug: varchar('slug', { length: 96 }).primaryKey(),
  pageId: integer('page_id')
    .notNull()
    .references(() => staticPages.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who changed which piece of content, when and how (every admin write adds one row). */
export const contentChanges = pgTable(
  'content_changes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    entity: varchar('entity', { length: 32 }).notNull(),
    entityId: varchar('entity_id', { length: 191 }).notNull(),
    action: varchar('action', { length: 16 }).notNull(),
    summary: text('summary').notNull().default(''),
    /** The changed fields before and after, for staff actions that need the full audit (ADR 023). */
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('content_changes_entity_idx').on(t.entity, t.entityId)],
);
