import { z } from 'zod';
import { queryCatalog } from '../services/catalog/catalog-query';
import { MAX_IDS, catalogInputOf, catalogQuery, wholeNumber } from '../services/catalog/catalog-params';
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
/** GET /products/by-ids (the wishlist): at most this many ids in one call. */
export const BY_IDS_MAX = MAX_IDS;

const listQuery = z.object({ limit: wholeNumber('limit', 1, LIST_LIMIT_MAX) });

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
