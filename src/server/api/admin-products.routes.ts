/**
 * /api/admin/products (ADR 026): the staff product list and editor. Every write names the version
 * its form was opened at (409 when someone saved since), is audited and empties every instance's
 * caches; the services hold the rules, the handlers only validate and answer.
 */
import {
  createBody,
  generateVariationsBody,
  imagesBody,
  patchBody,
  productListQuery,
  saveCurrencyPricesBody,
  saveVariationsBody,
} from '@/lib/contract/admin/products';
import { saveCurrencyPrices } from '../services/admin/catalog/product-currency-prices.server';
import { idParam } from '@/lib/contract/admin/fields';
import {
  PRODUCT_NOT_FOUND,
  createProduct,
  getAdminProduct,
  updateProduct,
} from '../services/admin/catalog/product-editor.server';
import { setProductImages } from '../services/admin/catalog/product-images.server';
import { generateVariations, saveVariations } from '../services/admin/catalog/product-variations.server';
import { encodeCursor, parseProductListQuery } from '../services/admin/catalog/products-list';
import { listProducts } from '../services/admin/catalog/products-list.server';
import { createAdminRouter } from './admin-language';
import { ok } from './envelope';
import { HttpError } from './errors';
import { validate } from './validate';

export const adminProductsApp = createAdminRouter()
  .get('/', validate('query', productListQuery), async (c) => {
    const page = await listProducts(
      c.var.db,
      parseProductListQuery(new URLSearchParams(c.req.valid('query') as Record<string, string>)),
    );
    return ok(
      c,
      {
        rows: page.rows.map((r) => ({
          id: r.id,
          sku: r.sku,
          name: r.name,
          price_cents: r.priceCents,
          old_price_cents: r.oldPriceCents,
          stock: r.stock,
          active: r.active,
          images: r.images,
          updated_at: r.updatedAt.toISOString(),
        })),
        total: page.total,
        capped: page.capped,
        next: page.next ? encodeCursor(page.next) : null,
        previous: page.previous ? encodeCursor(page.previous) : null,
      },
      {
        message: c.var.at(page.capped ? 'admin.api.productCountMore' : 'admin.api.productCount', { count: page.total }),
      },
    );
  })
  .post('/', validate('json', createBody), async (c) =>
    ok(c, await createProduct(c.var.db, c.var.user!, c.req.valid('json')), {
      status: 201,
      message: c.var.at('admin.api.productCreated'),
    }),
  )
  .get('/:id', validate('param', idParam), async (c) => {
    const product = await getAdminProduct(c.var.db, c.req.valid('param').id);
    if (!product) throw new HttpError(404, PRODUCT_NOT_FOUND);
    return ok(c, product);
  })
  .put('/:id', validate('param', idParam), validate('json', patchBody), async (c) =>
    ok(c, await updateProduct(c.var.db, c.var.user!, c.req.valid('param').id, c.req.valid('json')), {
      message: c.var.at('admin.api.productSaved'),
    }),
  )
  .post('/:id/variations/generate', validate('param', idParam), validate('json', generateVariationsBody), async (c) => {
    const done = await generateVariations(c.var.db, c.var.user!, c.req.valid('param').id, c.req.valid('json'));
    const message =
      done.created === 0
        ? c.var.at('admin.api.variationsAllExist')
        : c.var.at('admin.api.variationsCreated', { count: done.created });
    return ok(c, done.product, { message });
  })
  .put('/:id/currency-prices', validate('param', idParam), validate('json', saveCurrencyPricesBody), async (c) =>
    ok(c, await saveCurrencyPrices(c.var.db, c.var.user!, c.req.valid('param').id, c.req.valid('json')), {
      message: c.var.at('admin.api.pricesSaved'),
    }),
  )
  .put('/:id/variations', validate('param', idParam), validate('json', saveVariationsBody), async (c) =>
    ok(c, await saveVariations(c.var.db, c.var.user!, c.req.valid('param').id, c.req.valid('json')), {
      message: c.var.at('admin.api.variationsSaved'),
    }),
  )
  .put('/:id/images', validate('param', idParam), validate('json', imagesBody), async (c) =>
    ok(c, await setProductImages(c.var.db, c.var.user!, c.req.valid('param').id, c.req.valid('json')), {
      message: c.var.at('admin.api.imagesSaved'),
    }),
  );
