/**
 * The parameters of a catalogue query (GET /api/products/catalog, the product list page) and
 * how they become queryCatalog's input: one parser for the API route and the page loader. The
 * route refuses a bad value with 422; the page drops just that value and shows the rest
 * (lenientCatalogInput), since a shopper's hand-edited address should still show products.
 */
import { z } from 'zod';
import { decimalToCents } from '../../../lib/money';
import type { CatalogInput } from './catalog-query';

export const PER_PAGE_DEFAULT = 15;
export const PER_PAGE_MAX = 100;
export const SEARCH_MAX = 200;
export const MAX_IDS = 50;

/** An empty query value (`?price_max=`) means "not given", as the list page's inputs send it. */
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const wholeNumber = (field: string, min: number, max: number) =>
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

/** Each parameter of GET /api/products/catalog on its own, so a page can drop just a bad one. */
const catalogFields = {
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
};

type CatalogFields = { [K in keyof typeof catalogFields]: z.output<(typeof catalogFields)[K]> };

const priceRangeReversed = (q: Partial<CatalogFields>) =>
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

/** The validated query → queryCatalog's input. */
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

/** Raw query values → queryCatalog's input, leaving out each value the API would refuse. */
export function lenientCatalogInput(raw: Record<string, string>, perPageDefault: number): CatalogInput {
  const valid: Partial<CatalogFields> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!(key in catalogFields)) continue;
    const field = key as keyof CatalogFields;
    const parsed = catalogFields[field].safeParse(value);
    if (parsed.success) Object.assign(valid, { [field]: parsed.data });
  }
  // The one rule across fields: a reversed range keeps the maximum, as the API names price_min.
  if (priceRangeReversed(valid)) delete valid.price_min;
  return catalogInputOf(valid, perPageDefault);
}
