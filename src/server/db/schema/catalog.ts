import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { currencies, languages } from './i18n';
import { regconfig, tsvector } from './types';
import { mediaAssets } from './media';
import { users } from './users';
import { MAX_LOW_STOCK_THRESHOLD } from '@/lib/rules/stock-level';

/** Text columns hold the default language (en); *_translations rows override per language. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'cascade' }),
    slug: varchar('slug', { length: 96 }).notNull().unique(),
    name: varchar('name', { length: 128 }).notNull(),
    position: integer('position').notNull().default(0),
    /** A media asset's URL (uploaded photo) or null for the generated drawing. */
    imageUrl: text('image_url'),
  },
  (t) => [index('categories_parent_idx').on(t.parentId)],
);

/** Old slugs of renamed categories: /category/{old} answers 301 to the current slug (as static pages do). */
export const categoryRedirects = pgTable('category_redirects', {
  slug: varchar('slug', { length: 96 }).primaryKey(),
  categoryId: integer('category_id')
    .notNull()
    .references(() => categories.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const categoryTranslations = pgTable(
  'category_translations',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 128 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.languageId] })],
);

/** What a VAT class is charged at in each country (ADR 030): that country's standard or reduced rate, or 0. */
export const VAT_CLASS_KINDS = ['standard', 'reduced', 'zero'] as const;
export type VatClassKind = (typeof VAT_CLASS_KINDS)[number];

/**
 * The VAT classes besides the standard one, e.g. "Books" (reduced) (ADR 026, 030). A product
 * without one is taxed at the standard rate. `kind` picks the destination's rate (country_vat_rates);
 * `percent` is the class's rate where no per-country rate is stored.
 */
export const vatRates = pgTable(
  'vat_rates',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull().unique(),
    /** A decimal with 2 places, e.g. "7.00". */
    percent: numeric('percent', { precision: 5, scale: 2 }).notNull(),
    kind: varchar('kind', { length: 16 }).$type<VatClassKind>().notNull().default('reduced'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    check('vat_rates_percent_range', sql`${t.percent} >= 0 and ${t.percent} < 100`),
    check('vat_rates_kind', sql`${t.kind} in ('standard', 'reduced', 'zero')`),
  ],
);

/** HTML without tags, for the search vector. */
const plain = (column: string) => `regexp_replace(coalesce(${column}, ''), '<[^>]*>', ' ', 'g')`;

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    sku: varchar('sku', { length: 64 }).notNull().unique(),
    slug: varchar('slug', { length: 191 }).notNull().unique(),
    name: varchar('name', { length: 191 }).notNull(),
    description: text('description').notNull().default(''),
    /** Current VAT-inclusive price in EUR cents. */
    priceCents: integer('price_cents').notNull(),
    /** Price before the sale in EUR cents; 0 when the product is not on sale. */
    oldPriceCents: integer('old_price_cents').notNull().default(0),
    discountPercent: smallint('discount_percent').notNull().default(0),
    isTop: boolean('is_top').notNull().default(false),
    isNew: boolean('is_new').notNull().default(false),
    stock: integer('stock').notNull().default(0),
    /** What a unit costs the shop, excl. VAT, in EUR cents (its variations too); null: not known. The stock report values stock with it. */
    costCents: integer('cost_cents'),
    active: boolean('active').notNull().default(true),
    /** Below this many units a choice (the product or one variation) says "Only N left"; null: the shop's setting. */
    lowStockThreshold: integer('low_stock_threshold'),
    /**
     * What the product offers over its choices (its active variations, or itself without any),
     * kept by triggers (migration 0022) with the SQL twin of src/lib/rules/product-price.ts, never
     * written by the app: the lowest and highest price a shopper pays, whether any choice is on
     * sale, the units buyable (the variations' sum) and the smallest positive stock of a choice
     * (null: none in stock). The catalogue index, list filters, sale lists and the staff list read these.
     */
    fromPriceCents: integer('from_price_cents').notNull().default(0),
    toPriceCents: integer('to_price_cents').notNull().default(0),
    onSale: boolean('on_sale').notNull().default(false),
    sellableStock: integer('sellable_stock').notNull().default(0),
    scarcestStock: integer('scarcest_stock'),
    /** The product's VAT class; null: the shop's rate. */
    vatRateId: integer('vat_rate_id').references((): AnyPgColumn => vatRates.id, { onDelete: 'set null' }),
    /** Bumped by every back-office save: a save based on an older version is refused (optimistic concurrency). */
    version: integer('version').notNull().default(1),
    /** How many product_images rows it has: kept by triggers (migration 0012) for the staff list's "no image" filter. */
    imageCount: integer('image_count').notNull().default(0),
    /**
     * The distinct attribute ids of its active variations, ascending: kept by triggers on
     * variations and variation_attributes (migration 0018) so the catalogue's attribute filter
     * and facet counts read the product row instead of joining variations (ADR 005).
     */
    attributeIds: integer('attribute_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Its product_categories ids (direct links), ascending: kept by triggers (migration 0018), for the catalogue's category filter. */
    categoryIds: integer('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: tsvector('search').generatedAlwaysAs(
      sql.raw(
        `setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('english'::regconfig, ${plain('description')}), 'B')`,
      ),
    ),
  },
  (t) => [
    check('products_price_nonnegative', sql`${t.priceCents} >= 0 and ${t.oldPriceCents} >= 0`),
    check('products_stock_nonnegative', sql`${t.stock} >= 0`),
    check('products_cost_nonnegative', sql`${t.costCents} >= 0`),
    check('products_discount_range', sql`${t.discountPercent} between 0 and 100`),
    check(
      'products_low_stock_threshold_range',
      sql`${t.lowStockThreshold} between 0 and ${sql.raw(String(MAX_LOW_STOCK_THRESHOLD))}`,
    ),
    index('products_active_price_idx').on(t.active, t.fromPriceCents, t.id),
    index('products_created_idx').on(t.createdAt),
    index('products_new_idx')
      .on(t.isNew)
      .where(sql`${t.isNew}`),
    index('products_top_idx')
      .on(t.isTop)
      .where(sql`${t.isTop}`),
    index('products_sale_idx')
      .on(t.discountPercent)
      .where(sql`${t.onSale}`),
    index('products_search_idx').using('gin', t.search),
    index('products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    // SKU prefix search of the staff list, any case (products-list.server.ts).
    index('products_sku_upper_idx').using('btree', sql`upper(${t.sku}) text_pattern_ops`),
    index('products_stock_idx').on(t.sellableStock, t.id),
    index('products_scarcest_stock_idx').on(t.scarcestStock, t.id),
    index('products_updated_idx').on(t.updatedAt, t.id),
    index('products_price_idx').on(t.fromPriceCents, t.id),
    index('products_no_image_idx')
      .on(t.id)
      .where(sql`${t.imageCount} = 0`),
    index('products_category_ids_idx').using('gin', t.categoryIds),
  ],
);

export const productTranslations = pgTable(
  'product_translations',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 191 }).notNull(),
    description: text('description').notNull().default(''),
    /**
     * The stemming of the row's language (german, french, english; simple for others): set by the
     * trigger of migration 0017 from languages.code, never written by the app. Search queries use
     * the same configuration (catalog/search.ts), so "Zelte" finds "Zelt", "chaussures" "chaussure".
     */
    searchConfig: regconfig('search_config')
      .notNull()
      .default(sql`'simple'::regconfig`),
    search: tsvector('search').generatedAlwaysAs(
      sql.raw(
        `setweight(to_tsvector(search_config, coalesce(name, '')), 'A') || setweight(to_tsvector(search_config, ${plain('description')}), 'B')`,
      ),
    ),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.languageId] }),
    index('product_translations_language_idx').on(t.languageId),
    index('product_translations_search_idx').using('gin', t.search),
    index('product_translations_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index('product_categories_category_idx').on(t.categoryId, t.productId),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    position: integer('position').notNull().default(0),
    /** The uploaded photo behind `url`, or null for a generated drawing or an outside URL. */
    assetId: integer('asset_id').references((): AnyPgColumn => mediaAssets.id, { onDelete: 'restrict' }),
    /** Alternative text by language code; the default language's entry is required for uploads. */
    alt: jsonb('alt').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

export const attributeGroups = pgTable('attribute_groups', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull().unique(),
  position: integer('position').notNull().default(0),
});

export const attributes = pgTable(
  'attributes',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => attributeGroups.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [unique('attributes_group_name_uq').on(t.groupId, t.name)],
);

/** The attribute groups a product varies over (its variation picker's drop-downs). */
export const productAttributeGroups = pgTable(
  'product_attribute_groups',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => attributeGroups.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.groupId] })],
);

export const variations = pgTable(
  'variations',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: varchar('sku', { length: 64 }).notNull().unique(),
    /** The variation's regular price in EUR cents; null: the product's (src/lib/rules/product-price.ts). */
    priceCents: integer('price_cents'),
    /** Its sale price; null: the product's sale price when the variation costs what the product does, else not on sale. */
    salePriceCents: integer('sale_price_cents'),
    stock: integer('stock').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    index('variations_product_idx').on(t.productId),
    check('variations_price_nonnegative', sql`${t.priceCents} >= 0 and ${t.salePriceCents} >= 0`),
    check('variations_stock_nonnegative', sql`${t.stock} >= 0`),
  ],
);

/**
 * A fixed price in one currency (ADR 034), in that currency's minor units, as staff type it
 * (regular and sale price): it wins over the converted EUR price. `variation_id` null: the
 * product's, which its variations without a price of their own follow.
 */
export const productCurrencyPrices = pgTable(
  'product_currency_prices',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variationId: integer('variation_id').references(() => variations.id, { onDelete: 'cascade' }),
    currency: varchar('currency', { length: 3 })
      .notNull()
      .references(() => currencies.code, { onDelete: 'cascade', onUpdate: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
    salePriceCents: integer('sale_price_cents'),
  },
  (t) => [
    uniqueIndex('product_currency_prices_uq').on(t.productId, sql`coalesce(${t.variationId}, 0)`, t.currency),
    index('product_currency_prices_variation_idx').on(t.variationId),
    check(
      'product_currency_prices_nonnegative',
      sql`${t.priceCents} >= 0 and (${t.salePriceCents} is null or ${t.salePriceCents} >= 0)`,
    ),
  ],
);

export const variationAttributes = pgTable(
  'variation_attributes',
  {
    variationId: integer('variation_id')
      .notNull()
      .references(() => variations.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.variationId, t.attributeId] }),
    index('variation_attributes_attribute_idx').on(t.attributeId, t.variationId),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: varchar('author_name', { length: 96 }).notNull(),
    rating: smallint('rating').notNull(),
    text: text('text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    index('reviews_product_idx').on(t.productId, t.createdAt),
    unique('reviews_product_user_uq').on(t.productId, t.userId),
  ],
);
