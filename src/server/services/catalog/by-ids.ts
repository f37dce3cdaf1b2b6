import type { Db } from '@/server/db/client';
import { loadCatalogMeta } from './meta';
import { type ProductJson, toProductJson } from './product-json';
import { loadProducts } from './product-load';
import type { ListContext } from './product-lists';

/**
 * Products by id in the order asked (the wishlist's cards, GET /products/by-ids): inactive or
 * unknown ids are left out, so a product removed from the shop simply disappears from the list.
 */
export async function productsByIds(db: Db, ids: readonly number[], ctx: ListContext): Promise<ProductJson[]> {
  if (ids.length === 0) return [];
  const [meta, rows] = await Promise.all([loadCatalogMeta(db), loadProducts(db, ids, ctx.languageId)]);
  return rows.map((r) => toProductJson(r, { meta, languageId: ctx.languageId, currency: ctx.currency }));
}
