import type { Db } from '@/server/db/client';
import type { PriceCurrency } from '@/lib/money';
import { loadCatalogMeta } from './meta';
import { type ProductJson, toProductJson } from './product-json';
import { loadProducts } from './product-load';

/** One active product, or null when there is none with that id. */
export async function productInfo(
  db: Db,
  id: number,
  ctx: { languageId: number; currency: PriceCurrency },
): Promise<ProductJson | null> {
  const [meta, rows] = await Promise.all([loadCatalogMeta(db), loadProducts(db, [id], ctx.languageId)]);
  const row = rows[0];
  return row ? toProductJson(row, { meta, languageId: ctx.languageId, currency: ctx.currency }) : null;
}
