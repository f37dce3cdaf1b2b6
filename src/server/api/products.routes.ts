import { z } from 'zod';
import { decimalToCents } from '../../lib/money';
import { type CatalogInput, queryCatalog } from '../services/catalog/catalog-query';
import { productInfo } from '../services/catalog/product-info';
import { productsByIds } from '../services/catalog/by-ids';
import { newArrivals, onSale, topProducts, trending } from '../services/catalog/product-lists';
import { publicCache } from './cache';
import { createRouter } from './env';
import { ok } from './envelope';
import { HttpError } from './errors';
import { validate } from './validate';

export const LIST_LIMIT_DEFAULT = 12;
export const LIST_LIMIT_MAX = 48;
export const PER_PAGE_DEFAULT = 15;
export const PER_PAGE_MAX = 100;
export const SEARCH_MAX = 200;
const MAX_IDS = 50;
/** GET /products/by-ids (the wishlist): at most this many ids in one call. */
export const BY_IDS_MAX = MAX_IDS;

/** An empty query value (`?price_max=`) means "not given", as the list page's inputs send it. */
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const wholeNumber = (field: string, min: number, max: number) =>
  z.preprocess(
    blank,
    z
      .string(`The ${field} must be a whole number.`)
      .trim()
      .regex(/^\d{1,9}$/, `The ${field} must be a whole number.`)
      .transform(Number)
      .pipe(z.number().min(min, `The ${field} must be at least ${min}.`).max(max, `The ${field} may not be greater than ${max}.`))
      .optional(),
  );

const amount = (field: string) =>
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
      .pipe(z.array(z.number()).max(MAX_IDS, `The ${field} may list at most ${MAX_IDS} ids.`))
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

const listQuery = z.object({ limit: wholeNumber('limit', 1, LIST_LIMIT_MAX) });

export const catalogQuery = z
  .object({
    search: z.preprocess(
      blank,
      z
        .string('The search must be text.')
        .max(SEARCH_MAX, `The search may not be longer than ${SEARCH_MAX} characters.`)
        .optional(),
    ),
    sort: z.preprocess(blank, z.enum(['asc', 'desc'], 'The sort must be asc or desc.').optional()),
    price_min: amount('price_min'),
    price_max: amount('price_max'),
    category_id: idList('category_id'),
    attrs: idList('attrs'),
    new: flag('new'),
    sale: flag('sale'),
    // Page 0 is clamped like any page past the end; only non-numbers and negatives are errors.
    page: wholeNumber('page', 0, 1_000_000),
    per_page: wholeNumber('per_page', 1, PER_PAGE_MAX),
  })
  .superRefine((q, ctx) => {
    if (q.price_min !== undefined && q.price_max !== undefined && q.price_min > q.price_max) {
      ctx.addIssue({
        code: 'custom',
        path: ['price_min'],
        message: 'The price_min may not be greater than the price_max.',
      });
    }
  });

const idParam = z.object({ id: z.string().regex(/^\d{1,9}$/, 'The product id must be a whole number.') });

const listContext = (c: { var: { language: { id: number }; currency: { value: string } } }) => ({
  languageId: c.var.language.id,
  rate: c.var.currency.value,
});

export const productsApp = createRouter();
productsApp.use(publicCache());

productsApp.get('/new-arrivals', validate('query', listQuery), async (c) =>
  ok(c, await newArrivals(c.var.db, c.req.valid('query').limit ?? LIST_LIMIT_DEFAULT, listContext(c))),
);

productsApp.get('/top-products', validate('query', listQuery), async (c) =>
  ok(c, await topProducts(c.var.db, c.req.valid('query').limit ?? LIST_LIMIT_DEFAULT, listContext(c))),
);

productsApp.get('/on-sale', validate('query', listQuery), async (c) =>
  ok(c, await onSale(c.var.db, c.req.valid('query').limit ?? LIST_LIMIT_DEFAULT, listContext(c))),
);

productsApp.get('/trending', validate('query', listQuery), async (c) =>
  ok(c, await trending(c.var.db, c.req.valid('query').limit ?? LIST_LIMIT_DEFAULT, listContext(c))),
);

export type CatalogQuery = z.output<typeof catalogQuery>;

/** The validated query → queryCatalog's input; the list page (src/pages/products) shares it. */
export function catalogInputOf(q: CatalogQuery, perPageDefault = PER_PAGE_DEFAULT): CatalogInput {
  return {
    search: q.search,
    sort: q.sort,
    priceMinCents: q.price_min,
    priceMaxCents: q.price_max,
    categoryIds: q.category_id,
    attrs: q.attrs,
    isNew: q.new,
    sale: q.sale,
    page: q.page ?? 1,
    perPage: q.per_page ?? perPageDefault,
  };
}

productsApp.get('/catalog', validate('query', catalogQuery), async (c) => {
  const result = await queryCatalog(c.var.db, catalogInputOf(c.req.valid('query')), {
    language: c.var.language,
    rate: c.var.currency.value,
  });
  return ok(c, result.products, {
    extra: { pagination: result.pagination, price_range: result.price_range, facets: result.facets },
  });
});

/** `ids` is required: 1-50 whole numbers, comma-separated; duplicates are answered once. */
const byIdsQuery = z.object({
  ids: z.preprocess(
    (v) => (v === undefined ? '' : v),
    z
      .string('The ids must be a comma-separated list of ids.')
      .min(1, 'The ids field is required.')
      .regex(/^\s*\d{1,9}\s*(,\s*\d{1,9}\s*)*$/, 'The ids must be a comma-separated list of ids.')
      .transform((v) => [...new Set(v.split(',').map((s) => Number(s.trim())))])
      .pipe(z.array(z.number()).max(MAX_IDS, `The ids may list at most ${MAX_IDS} ids.`)),
  ),
});

/** The wishlist's cards: products in the order asked; inactive or unknown ids are left out. */
productsApp.get('/by-ids', validate('query', byIdsQuery), async (c) =>
  ok(c, await productsByIds(c.var.db, c.req.valid('query').ids, listContext(c))),
);

productsApp.get('/:id/info', validate('param', idParam), async (c) => {
  const product = await productInfo(c.var.db, Number(c.req.valid('param').id), listContext(c));
  if (!product) throw new HttpError(404, 'Product not found');
  return ok(c, product);
});
