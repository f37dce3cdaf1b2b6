import type { PriceCurrency } from '@/lib/money';
import {
  byIdsQuery,
  catalogQuery,
  LIST_LIMIT_DEFAULT,
  productIdParam as idParam,
  productListQuery as listQuery,
} from '@/lib/contract/catalog';
import { queryCatalog } from '../services/catalog/catalog-query';
import { catalogInputOf } from '../services/catalog/catalog-params';
import { productInfo } from '../services/catalog/product-info';
import { productsByIds } from '../services/catalog/by-ids';
import { newArrivals, onSale, topProducts, trending } from '../services/catalog/product-lists';
import { publicCache } from './cache';
import { createRouter } from './env';
import { ok } from './envelope';
import { HttpError } from './errors';
import { validate } from './validate';

const listContext = (c: { var: { language: { id: number }; currency: PriceCurrency } }) => ({
  languageId: c.var.language.id,
  currency: c.var.currency,
});

export const productsApp = createRouter();
productsApp.use(publicCache());

productsApp.get('/new-arrivals', validate('query', listQuery), async (c) =>
  ok(c, await newArrivals(c.var.readDb, c.req.valid('query').limit ?? LIST_LIMIT_DEFAULT, listContext(c))),
);

productsApp.get('/top-products', validate('query', listQuery), async (c) =>
  ok(c, await topProducts(c.var.readDb, c.req.valid('query').limit ?? LIST_LIMIT_DEFAULT, listContext(c))),
);

productsApp.get('/on-sale', validate('query', listQuery), async (c) =>
  ok(c, await onSale(c.var.readDb, c.req.valid('query').limit ?? LIST_LIMIT_DEFAULT, listContext(c))),
);

productsApp.get('/trending', validate('query', listQuery), async (c) =>
  ok(c, await trending(c.var.readDb, c.req.valid('query').limit ?? LIST_LIMIT_DEFAULT, listContext(c))),
);

productsApp.get('/catalog', validate('query', catalogQuery), async (c) => {
  const result = await queryCatalog(c.var.readDb, catalogInputOf(c.req.valid('query')), {
    language: c.var.language,
    currency: c.var.currency,
  });
  return ok(c, result.products, {
    extra: { pagination: result.pagination, price_range: result.price_range, facets: result.facets },
  });
});

/** The wishlist's cards: products in the order asked; inactive or unknown ids are left out. */
productsApp.get('/by-ids', validate('query', byIdsQuery), async (c) =>
  ok(c, await productsByIds(c.var.readDb, c.req.valid('query').ids, listContext(c))),
);

productsApp.get('/:id/info', validate('param', idParam), async (c) => {
  const product = await productInfo(c.var.readDb, Number(c.req.valid('param').id), listContext(c));
  if (!product) throw new HttpError(404, 'Product not found');
  return ok(c, product);
});
