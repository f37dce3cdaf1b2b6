/**
 * The staff product editor (ADR 026): request schemas, answers and routes of /api/admin/products.
 * Every write names the `version` the form was opened at; a save over a newer version is refused
 * (409) instead of silently undoing someone else's work.
 */
import { z } from 'zod';
import { MAX_PRICE_CENTS, MAX_STOCK, SKU_PATTERN, SKU_PROBLEM, salePriceProblem } from '@/lib/rules/product-price';
import { MAX_LOW_STOCK_THRESHOLD } from '@/lib/rules/stock-level';
import { MAX_AXES, MAX_COMBINATIONS, combinationCount } from '@/lib/rules/variations';
import { route } from '../define';
import { id, okBody } from '../envelope';
import { flag, idParam, idText, languageIdField, slugField } from './fields';

const VERSION = 'version must be the version the form was opened at.';
const versionField = z.number({ message: VERSION }).int(VERSION).min(1, VERSION);

export const skuField = z.string({ message: 'The SKU is required.' }).trim().regex(SKU_PATTERN, SKU_PROBLEM);

const nameField = z
  .string({ message: 'The name is required.' })
  .trim()
  .min(1, 'The name is required.')
  .max(191, 'The name may have at most 191 characters.');
const descriptionField = z
  .string({ message: 'The description must be text (HTML).' })
  .max(50_000, 'The description may have at most 50000 characters.');

const PRICE = `The price must be a whole number of cents from 0 to ${MAX_PRICE_CENTS}.`;
const priceField = z.number({ message: PRICE }).int(PRICE).min(0, PRICE).max(MAX_PRICE_CENTS, PRICE);
const SALE = `The sale price must be a whole number of cents from 0 to ${MAX_PRICE_CENTS}, or empty.`;
const salePriceField = z.number({ message: SALE }).int(SALE).min(0, SALE).max(MAX_PRICE_CENTS, SALE).nullable();
const COST = `The cost price must be a whole number of cents from 0 to ${MAX_PRICE_CENTS}, or empty.`;
/** What a unit costs the shop, excl. VAT (the stock report's value at cost); null: not known. */
const costField = z.number({ message: COST }).int(COST).min(0, COST).max(MAX_PRICE_CENTS, COST).nullable();
const STOCK = `The stock must be a whole number from 0 to ${MAX_STOCK}.`;
const stockField = z.number({ message: STOCK }).int(STOCK).min(0, STOCK).max(MAX_STOCK, STOCK);
const THRESHOLD = `The low-stock threshold must be a whole number from 0 to ${MAX_LOW_STOCK_THRESHOLD}, or empty for the shop's.`;
/** Below this many units a choice says "Only N left"; null: the shop's setting. */
export const lowStockThresholdField = z
  .number({ message: THRESHOLD })
  .int(THRESHOLD)
  .min(0, THRESHOLD)
  .max(MAX_LOW_STOCK_THRESHOLD, THRESHOLD)
  .nullable();
const VAT_CLASS = "vat_rate_id must be the id of one of the VAT classes, or empty for the shop's rate.";
const vatRateField = z.number({ message: VAT_CLASS }).int(VAT_CLASS).positive(VAT_CLASS).nullable();
const CATEGORIES = 'categories must be a list of category ids.';
const categoryIdsField = z
  .array(z.number({ message: CATEGORIES }).int(CATEGORIES).positive(CATEGORIES), { message: CATEGORIES })
  .max(20, 'A product may be in at most 20 categories.');

/** A sale price only makes sense below the price (both given, or the stored price kept). */
function checkSalePrice(value: { price_cents?: number; sale_price_cents?: number | null }, ctx: z.RefinementCtx) {
  if (value.price_cents === undefined || value.sale_price_cents === undefined) return;
  const problem = salePriceProblem({ price_cents: value.price_cents, sale_price_cents: value.sale_price_cents });
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['sale_price_cents'] });
}

export const createBody = z
  .strictObject(
    {
      sku: skuField,
      name: nameField,
      description: descriptionField.optional(),
      slug: slugField.optional(),
      price_cents: priceField,
      sale_price_cents: salePriceField.optional(),
      cost_cents: costField.optional(),
      stock: stockField.optional(),
      low_stock_threshold: lowStockThresholdField.optional(),
      category_ids: categoryIdsField.optional(),
      vat_rate_id: vatRateField.optional(),
      active: flag('active').optional(),
    },
    { message: 'Unknown field.' },
  )
  .superRefine(checkSalePrice);
export type ProductCreate = z.infer<typeof createBody>;

export const patchBody = z
  .strictObject(
    {
      version: versionField,
      language_id: languageIdField.optional(),
      name: nameField.optional(),
      description: descriptionField.optional(),
      sku: skuField.optional(),
      slug: slugField.optional(),
      price_cents: priceField.optional(),
      sale_price_cents: salePriceField.optional(),
      cost_cents: costField.optional(),
      stock: stockField.optional(),
      low_stock_threshold: lowStockThresholdField.optional(),
      category_ids: categoryIdsField.optional(),
      vat_rate_id: vatRateField.optional(),
      active: flag('active').optional(),
      is_new: flag('is_new').optional(),
      is_top: flag('is_top').optional(),
    },
    { message: 'Unknown field.' },
  )
  // A patch must change something: language_id names the texts' language, version the base.
  .refine(
    (value) => Object.entries(value).some(([key, v]) => key !== 'language_id' && key !== 'version' && v !== undefined),
    { message: 'Nothing to change.' },
  )
  .superRefine(checkSalePrice);
export type ProductPatch = z.infer<typeof patchBody>;

const attributeName = (what: string) =>
  z
    .string({ message: `The ${what} is required.` })
    .trim()
    .min(1, `The ${what} is required.`)
    .max(64, `The ${what} may have at most 64 characters.`);

export const generateVariationsBody = z
  .strictObject(
    {
      version: versionField,
      axes: z
        .array(
          z.strictObject(
            {
              group: attributeName('attribute name'),
              values: z
                .array(attributeName('value'), { message: 'values must be a list of texts.' })
                .min(1, 'Give at least one value.')
                .max(50, 'At most 50 values per attribute.'),
            },
            { message: 'Unknown field.' },
          ),
          { message: 'axes must be a list of attributes and values.' },
        )
        .min(1, 'Choose at least one attribute.')
        .max(MAX_AXES, `At most ${MAX_AXES} attributes.`),
    },
    { message: 'Unknown field.' },
  )
  .superRefine((value, ctx) => {
    const groups = value.axes.map((a) => a.group.toLowerCase());
    if (new Set(groups).size !== groups.length)
      ctx.addIssue({ code: 'custom', message: 'Each attribute may be named once.', path: ['axes'] });
    for (const [i, axis] of value.axes.entries()) {
      const values = axis.values.map((v) => v.toLowerCase());
      if (new Set(values).size !== values.length)
        ctx.addIssue({
          code: 'custom',
          message: `${axis.group}: each value may be named once.`,
          path: ['axes', i, 'values'],
        });
    }
    if (combinationCount(value.axes) > MAX_COMBINATIONS)
      ctx.addIssue({ code: 'custom', message: `At most ${MAX_COMBINATIONS} combinations at once.`, path: ['axes'] });
  });
export type GenerateVariations = z.infer<typeof generateVariationsBody>;

const VARIATION = 'id must be a variation of this product.';
export const saveVariationsBody = z.strictObject(
  {
    version: versionField,
    variations: z
      .array(
        z
          .strictObject(
            {
              id: z.number({ message: VARIATION }).int(VARIATION).positive(VARIATION),
              sku: skuField,
              // Empty (null): the product's price, and its sale price (src/lib/rules/product-price.ts choicePrice).
              price_cents: priceField.nullable(),
              sale_price_cents: salePriceField.optional(),
              stock: stockField,
              active: flag('active'),
            },
            { message: 'Unknown field.' },
          )
          .superRefine((value, ctx) => {
            if (value.price_cents === null || value.sale_price_cents === undefined) return;
            const problem = salePriceProblem({
              price_cents: value.price_cents,
              sale_price_cents: value.sale_price_cents,
            });
            if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['sale_price_cents'] });
          }),
        { message: 'variations must be a list.' },
      )
      .max(MAX_COMBINATIONS * 2, 'Too many variations at once.')
      .default([]),
    remove: z
      .array(z.number({ message: VARIATION }).int(VARIATION).positive(VARIATION), {
        message: 'remove must be a list of variation ids.',
      })
      .max(MAX_COMBINATIONS * 2)
      .default([]),
  },
  { message: 'Unknown field.' },
);
export type SaveVariations = z.infer<typeof saveVariationsBody>;

const FIXED_CURRENCY = "currency must be the code of one of the shop's currencies other than EUR.";
/**
 * The product's fixed prices per currency (ADR 034), all of them at once: a row per currency and
 * product (variation_id null) or variation, in that currency's minor units (whole yen for JPY);
 * a currency without a row sells at the converted, rounded price.
 */
export const saveCurrencyPricesBody = z.strictObject(
  {
    version: versionField,
    prices: z
      .array(
        z
          .strictObject(
            {
              currency: z
                .string({ message: FIXED_CURRENCY })
                .trim()
                .toUpperCase()
                .regex(/^[A-Z]{3}$/, FIXED_CURRENCY),
              variation_id: z
                .number({ message: VARIATION })
                .int(VARIATION)
                .positive(VARIATION)
                .nullable()
                .default(null),
              // null: no fixed price in that currency (an empty row of the editor's table).
              price_cents: priceField.nullable(),
              sale_price_cents: salePriceField.default(null),
            },
            { message: 'Unknown field.' },
          )
          .superRefine((value, ctx) => {
            const problem =
              value.price_cents === null
                ? value.sale_price_cents === null
                  ? null
                  : 'A sale price needs the price beside it.'
                : salePriceProblem({ price_cents: value.price_cents, sale_price_cents: value.sale_price_cents });
            if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['sale_price_cents'] });
          }),
        { message: 'prices must be a list.' },
      )
      .max(MAX_COMBINATIONS * 10, 'Too many prices at once.'),
  },
  { message: 'Unknown field.' },
);
export type SaveCurrencyPrices = z.infer<typeof saveCurrencyPricesBody>;

const ALT = 'The alternative text may have at most 300 characters.';
const IMAGE_URL = 'An image URL must start with https:// or /.';
export const imagesBody = z.strictObject(
  {
    version: versionField,
    images: z
      .array(
        z.strictObject(
          {
            asset_id: z
              .number({ message: 'asset_id must be an uploaded image.' })
              .int()
              .positive()
              .nullable()
              .optional(),
            url: z
              .string({ message: IMAGE_URL })
              .max(2000, 'An image URL may have at most 2000 characters.')
              .regex(/^(https:\/\/[^\s"'<>]+|\/(?!\/)[^\s"'<>]*)$/, IMAGE_URL)
              .optional(),
            alt: z
              .record(
                z.string().regex(/^[a-z]{2,8}$/, 'alt is keyed by language code.'),
                z.string({ message: ALT }).trim().max(300, ALT),
                { message: 'alt must map language codes to texts.' },
              )
              .default({}),
          },
          { message: 'Unknown field.' },
        ),
        { message: 'images must be a list.' },
      )
      .max(20, 'A product may have at most 20 images.'),
  },
  { message: 'Unknown field.' },
);
export type ProductImagesInput = z.infer<typeof imagesBody>;

export const variationParams = z.object({ id: idText('Invalid id.') });

const textSchema = z.object({
  language_id: id,
  code: z.string(),
  name: z.string(),
  description: z.string(),
  own: z.boolean(),
});
export const adminVariationSchema = z.object({
  id,
  sku: z.string(),
  price_cents: z.number().int().nullable().meta({ description: "Its regular price; null: the product's." }),
  sale_price_cents: z.number().int().nullable().meta({
    description: "Its sale price; null: the product's when it costs what the product does, else not on sale.",
  }),
  stock: z.number().int(),
  active: z.boolean(),
  attributes: z.array(z.object({ group: z.string(), value: z.string() })),
});
export const adminProductImageSchema = z.object({
  id,
  url: z.string(),
  asset_id: id.nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  alt: z.record(z.string(), z.string()),
});
export const adminCurrencyPriceSchema = z.object({
  currency: z.string(),
  variation_id: id
    .nullable()
    .meta({ description: "null: the product's (its variations without a price of their own follow it)." }),
  price_cents: z.number().int().meta({ description: "Regular price in the currency's minor units." }),
  sale_price_cents: z.number().int().nullable(),
});
export const adminProductSchema = z.object({
  id,
  version: z.number().int(),
  sku: z.string(),
  slug: z.string(),
  price_cents: z.number().int(),
  sale_price_cents: z.number().int().nullable(),
  cost_cents: z.number().int().nullable(),
  stock: z.number().int(),
  low_stock_threshold: z.number().int().nullable(),
  active: z.boolean(),
  is_new: z.boolean(),
  is_top: z.boolean(),
  category_ids: z.array(id),
  vat_rate_id: id.nullable(),
  texts: z.array(textSchema),
  attribute_groups: z.array(z.object({ id, name: z.string(), values: z.array(z.string()) })),
  variations: z.array(adminVariationSchema),
  images: z.array(adminProductImageSchema),
  currency_prices: z.array(adminCurrencyPriceSchema),
  updated_at: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

const LIST = (name: string, rule: string) => `${name} ${rule}`;
const CURSOR = /^-?\d{1,16}\.\d{1,10}$/;
/** The list's address, checked at the API's edge (the page reads the same keys leniently). */
export const productListQuery = z.strictObject(
  {
    q: z
      .string({ message: 'The search must be one text.' })
      .max(120, LIST('The search', 'may have at most 120 characters.'))
      .optional(),
    category: z
      .string({ message: LIST('category', 'must be a category id.') })
      .regex(/^[1-9]\d{0,8}$/, LIST('category', 'must be a category id.'))
      .optional(),
    status: z
      .enum(['published', 'unpublished'], { message: LIST('status', 'must be published or unpublished.') })
      .optional(),
    stock: z.enum(['out', 'low'], { message: LIST('stock', 'must be out or low.') }).optional(),
    sale: z.literal('1', { message: LIST('sale', 'must be 1.') }).optional(),
    no_image: z.literal('1', { message: LIST('no_image', 'must be 1.') }).optional(),
    missing: z
      .string({ message: LIST('missing', 'must be a language code.') })
      .regex(/^[a-z]{2,8}$/, LIST('missing', 'must be a language code.'))
      .optional(),
    sort: z
      .enum(['newest', 'updated', 'price_asc', 'price_desc', 'stock_asc'], {
        message: LIST('sort', 'must be newest, updated, price_asc, price_desc or stock_asc.'),
      })
      .optional(),
    after: z
      .string({ message: LIST('after', 'must be a cursor from a previous page.') })
      .regex(CURSOR, LIST('after', 'must be a cursor from a previous page.'))
      .optional(),
    before: z
      .string({ message: LIST('before', 'must be a cursor from a previous page.') })
      .regex(CURSOR, LIST('before', 'must be a cursor from a previous page.'))
      .optional(),
  },
  { message: 'Unknown parameter.' },
);
export const adminProductRowSchema = z.object({
  id,
  sku: z.string(),
  name: z.string(),
  price_cents: z.number().int(),
  old_price_cents: z.number().int(),
  stock: z.number().int(),
  active: z.boolean(),
  images: z.number().int(),
  updated_at: z.string(),
});
export const adminProductListSchema = z.object({
  rows: z.array(adminProductRowSchema),
  total: z.number().int(),
  capped: z.boolean(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
});

const backOffice = { access: 'back_office', errors: [404, 409, 422] } as const;
const tag = 'Admin: products';
const productAnswer = okBody(adminProductSchema);

export const adminProductRoutes = {
  list: route({
    ...backOffice,
    method: 'GET',
    path: '/api/admin/products',
    tag,
    summary: 'Products: search, filters, keyset pages (fast at 100 000)',
    query: productListQuery,
    response: okBody(adminProductListSchema),
  }),
  create: route({
    ...backOffice,
    method: 'POST',
    path: '/api/admin/products',
    tag,
    summary: 'Create a product (unpublished unless said)',
    body: createBody,
    response: productAnswer,
    status: 201,
  }),
  get: route({
    ...backOffice,
    method: 'GET',
    path: '/api/admin/products/:id',
    tag,
    summary: 'One product with its texts, variations and images',
    params: idParam,
    response: productAnswer,
  }),
  update: route({
    ...backOffice,
    method: 'PUT',
    path: '/api/admin/products/:id',
    tag,
    summary: 'Change a product (refused when someone saved a newer version)',
    params: idParam,
    body: patchBody,
    response: productAnswer,
  }),
  generateVariations: route({
    ...backOffice,
    method: 'POST',
    path: '/api/admin/products/:id/variations/generate',
    tag,
    summary: 'Create the missing combinations of the chosen attribute values',
    params: variationParams,
    body: generateVariationsBody,
    response: productAnswer,
  }),
  saveCurrencyPrices: route({
    ...backOffice,
    method: 'PUT',
    path: '/api/admin/products/:id/currency-prices',
    tag,
    summary: "Set the product's and its variations' fixed prices per currency (replaces them all)",
    params: variationParams,
    body: saveCurrencyPricesBody,
    response: productAnswer,
  }),
  saveVariations: route({
    ...backOffice,
    method: 'PUT',
    path: '/api/admin/products/:id/variations',
    tag,
    summary: "Change variations' SKU, price, stock; remove combinations",
    params: variationParams,
    body: saveVariationsBody,
    response: productAnswer,
  }),
  images: route({
    ...backOffice,
    method: 'PUT',
    path: '/api/admin/products/:id/images',
    tag,
    summary: "Set the product's images: order and alternative texts",
    params: idParam,
    body: imagesBody,
    response: productAnswer,
  }),
} as const;
