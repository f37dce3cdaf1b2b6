import { z } from 'zod';
import { decimalToCents } from '../money';
import { route } from './define';
import { amount, id, okBody, paginationSchema } from './envelope';
import { blank, wholeNumber } from './query';

/**
 * Products and categories (storefront spec §3 Product / Category, §7; ADR 005, 006): the one
 * product shape of every product endpoint, the catalogue query, the category tree.
 */

export const LIST_LIMIT_DEFAULT = 12;
export const LIST_LIMIT_MAX = 48;
export const PER_PAGE_DEFAULT = 15;
export const PER_PAGE_MAX = 100;
export const SEARCH_MAX = 200;
/** GET /products/by-ids (the wishlist): at most this many ids in one call. */
export const BY_IDS_MAX = 50;

const priceBound = (field: string) =>
  z.preprocess(
    blank,
    z
      .string(`The ${field} must be a number.`)
      .trim()
      .regex(/^\d{1,9}(\.\d*)?$/, `The ${field} must be a non-negative number.`)
      .transform((v) => decimalToCents(v)!)
      .optional(),
  );

const idList = (field: string) =>
  z.preprocess(
    blank,
    z
      .string(`The ${field} must be a comma-separated list of ids.`)
      .regex(/^\s*\d{1,9}\s*(,\s*\d{1,9}\s*)*$/, `The ${field} must be a comma-separated list of ids.`)
      .transform((v) => [...new Set(v.split(',').map((s) => Number(s.trim())))])
      .pipe(z.array(z.number()).max(BY_IDS_MAX, `The ${field} may list at most ${BY_IDS_MAX} ids.`))
      .optional(),
  );

const flag = (field: string) =>
  z.preprocess(
    blank,
    z
      .enum(['true', 'false', '1', '0'], `The ${field} field must be true or false.`)
      .transform((v) => v === 'true' || v === '1')
      .optional(),
  );

export const productListQuery = z.object({ limit: wholeNumber('limit', 1, LIST_LIMIT_MAX) });

/** Each parameter of GET /api/products/catalog on its own, so the list page can drop just a bad one. */
export const catalogFields = {
  search: z.preprocess(
    blank,
    z
      .string('The search must be text.')
      .max(SEARCH_MAX, `The search may not be longer than ${SEARCH_MAX} characters.`)
      .optional(),
  ),
  sort: z.preprocess(blank, z.enum(['asc', 'desc'], 'The sort must be asc or desc.').optional()),
  price_min: priceBound('price_min'),
  price_max: priceBound('price_max'),
  category_id: idList('category_id'),
  attrs: idList('attrs'),
  new: flag('new'),
  sale: flag('sale'),
  // Page 0 is clamped like any page past the end; only non-numbers and negatives are errors.
  page: wholeNumber('page', 0, 1_000_000),
  per_page: wholeNumber('per_page', 1, PER_PAGE_MAX),
};

export type CatalogFields = { [K in keyof typeof catalogFields]: z.output<(typeof catalogFields)[K]> };

export const priceRangeReversed = (q: Partial<CatalogFields>) =>
  q.price_min !== undefined && q.price_max !== undefined && q.price_min > q.price_max;

/** The query of GET /api/products/catalog: a bad value is a 422 with its message. */
export const catalogQuery = z.object(catalogFields).superRefine((q, ctx) => {
  if (priceRangeReversed(q)) {
    ctx.addIssue({
      code: 'custom',
      path: ['price_min'],
      message: 'The price_min may not be greater than the price_max.',
    });
  }
});
export type CatalogQuery = z.output<typeof catalogQuery>;

/** `ids` is required: 1-50 whole numbers, comma-separated; duplicates are answered once. */
export const byIdsQuery = z.object({
  ids: z.preprocess(
    (v) => (v === undefined ? '' : v),
    z
      .string('The ids must be a comma-separated list of ids.')
      .min(1, 'The ids field is required.')
      .regex(/^\s*\d{1,9}\s*(,\s*\d{1,9}\s*)*$/, 'The ids must be a comma-separated list of ids.')
      .transform((v) => [...new Set(v.split(',').map((s) => Number(s.trim())))])
      .pipe(z.array(z.number()).max(BY_IDS_MAX, `The ids may list at most ${BY_IDS_MAX} ids.`)),
  ),
});

export const productIdParam = z.object({ id: z.string().regex(/^\d{1,9}$/, 'The product id must be a whole number.') });

export const attributeSchema = z.object({ id, name: z.string(), attribute_group: z.object({ id, name: z.string() }) });

export const availabilitySchema = z.enum(['in_stock', 'low_stock', 'out_of_stock']);

export const variationSchema = z.object({
  id,
  sku: z.string(),
  retail_price: z.string().meta({ description: 'Base-currency price as a decimal string.' }),
  price: amount,
  old_price: z
    .string()
    .meta({ description: 'The regular price when this variation is on sale (struck through), else "0.00".' }),
  discount_percent: z.number(),
  stock: z.number().int(),
  in_stock: z.boolean(),
  availability: availabilitySchema,
  attributes: z.array(attributeSchema),
});
export type VariationJson = z.infer<typeof variationSchema>;

export const productCategorySchema = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  url: z.string(),
  parent_id: z.number().int(),
  parent: z.object({ id, name: z.string() }).nullable(),
});

/** The one product shape of every product endpoint (spec §3 Product, plus stock and reviews). */
export const productSchema = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  sku: z.string(),
  image_url: z.string(),
  images_urls: z.array(z.string()),
  images: z
    .array(
      z.object({
        url: z.string(),
        width: z
          .number()
          .int()
          .nullable()
          .meta({ description: "The uploaded photo's width in pixels; null for a generated drawing." }),
        height: z.number().int().nullable(),
        alt: z.string().meta({
          description:
            "Alternative text in the request's language (else the default language's, else the product name).",
        }),
      }),
    )
    .meta({
      description:
        'The images with their size (uploaded photos have /media/{hash}/{width}.{avif|webp|jpg} variants) and alternative text.',
    }),
  price: amount,
  retail_price: z.string(),
  old_price: z.string(),
  discount_percent: z.number(),
  price_from: z
    .boolean()
    .meta({ description: 'Its variations differ in price: price is the lowest ("from"), max_price the highest.' }),
  max_price: amount,
  description: z.string().meta({ description: 'Sanitised HTML.' }),
  categories: z.array(productCategorySchema),
  variations: z.array(variationSchema),
  top_product: z.boolean(),
  new_arrival: z.boolean(),
  stock: z.number().int(),
  in_stock: z.boolean(),
  availability: availabilitySchema,
  low_stock_threshold: z.number().int().meta({
    description: 'Below this many units a choice is low stock ("Only N left"): the product\'s own, else the shop\'s.',
  }),
  reviews: z.object({ count: z.number().int(), average: z.number().nullable() }),
  created_at: z.string(),
});
export type ProductJson = z.infer<typeof productSchema>;

export const facetSchema = z.object({
  group: z.object({ id, name: z.string() }),
  options: z.array(z.object({ id, name: z.string(), count: z.number().int() })),
});

export type Facet = z.infer<typeof facetSchema>;

export const catalogBody = okBody(z.array(productSchema), {
  pagination: paginationSchema,
  price_range: z.object({ min: amount, max: amount }),
  facets: z.array(facetSchema),
});

/**
 * The spec's Category (storefront §3). Only the `subcategories` spelling is sent
 * (docs/decisions/006-content-api.md).
 */
export interface CategoryJson {
  id: number;
  name: string;
  slug: string;
  url: string;
  /** 0 for a top-level category. */
  parent_id: number;
  subcategories: CategoryJson[];
}
export const categorySchema: z.ZodType<CategoryJson> = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  url: z.string(),
  parent_id: z.number().int(),
  get subcategories() {
    return z.array(categorySchema);
  },
});

export const categoriesQuery = z.looseObject({
  topLevel: z
    .enum(['1', '0', 'true', 'false'], { error: 'The topLevel field must be 1 or 0.' })
    .optional()
    .transform((value) => value === '1' || value === 'true'),
});

export const featuredCategorySchema = z.object({
  id,
  title: z.string(),
  short_title: z.string().nullable(),
  description: z.string(),
  image_url: z.string(),
  url: z.string(),
  order: z.number().int(),
});
export type FeaturedCategory = z.infer<typeof featuredCategorySchema>;

const products = okBody(z.array(productSchema));
const list = <P extends string>(path: P, summary: string) =>
  route({
    method: 'GET',
    path,
    tag: 'Products',
    access: 'public',
    summary,
    query: productListQuery,
    response: products,
    errors: [422],
  });

export const productRoutes = {
  newArrivals: list('/api/products/new-arrivals', 'Newest products'),
  topProducts: list('/api/products/top-products', 'Top products'),
  onSale: list('/api/products/on-sale', 'Products on sale'),
  trending: list('/api/products/trending', 'Trending products'),
  catalog: route({
    method: 'GET',
    path: '/api/products/catalog',
    tag: 'Products',
    access: 'public',
    summary: 'Search, filter, sort and page the catalogue',
    query: catalogQuery,
    response: catalogBody,
    errors: [422],
  }),
  byIds: route({
    method: 'GET',
    path: '/api/products/by-ids',
    tag: 'Products',
    access: 'public',
    summary: 'Products by id, in the order asked (the wishlist)',
    query: byIdsQuery,
    response: products,
    errors: [422],
  }),
  info: route({
    method: 'GET',
    path: '/api/products/:id/info',
    tag: 'Products',
    access: 'public',
    summary: 'One product',
    params: productIdParam,
    response: okBody(productSchema),
    errors: [404, 422],
  }),
} as const;

export const categoryRoutes = {
  list: route({
    method: 'GET',
    path: '/api/categories',
    tag: 'Categories',
    access: 'public',
    summary: 'The category tree (topLevel=1: the top level only)',
    query: categoriesQuery,
    response: okBody(z.array(categorySchema)),
    errors: [422],
  }),
  featured: route({
    method: 'GET',
    path: '/api/categories/featured',
    tag: 'Categories',
    access: 'public',
    summary: "The home page's featured category tiles",
    response: okBody(z.array(featuredCategorySchema)),
  }),
} as const;
