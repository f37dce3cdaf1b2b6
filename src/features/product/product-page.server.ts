/**
 * Server side of the product page: everything it shows, from the catalogue services the API
 * uses (never the page's own API), in parallel. Never imported by islands.
 */
import type { AuthUser } from '@/server/services/auth/users';
import type { Db } from '@/server/db/client';
import { categoryUrl, loadCatalogMeta } from '@/server/services/catalog/meta';
import type { ProductJson } from '@/server/services/catalog/product-json';
import { productInfo } from '@/server/services/catalog/product-info';
import { type ListContext, currencyKey, onSale } from '@/server/services/catalog/product-lists';
import { listReviews, type ReviewAccess, reviewAccessOf, reviewEligibility } from '@/server/services/reviews.server';
import type { ReviewJson, ReviewSummary } from '@/lib/contract/accounts';
import type { CategoryRef } from './breadcrumbs';

export const SALE_CAROUSEL_LIMIT = 12;
const SALE_TTL_MS = 10_000;

/**
 * The Sale carousel is the same for every product page of one language and currency: kept for
 * SALE_TTL_MS (like the list pages' product rows) so a product page costs no sale query.
 */
const saleCache = new WeakMap<Db, Map<string, { at: number; promise: Promise<ProductJson[]> }>>();

export function cachedOnSale(db: Db, ctx: ListContext, now = Date.now()): Promise<ProductJson[]> {
  let cache = saleCache.get(db);
  if (!cache) saleCache.set(db, (cache = new Map()));
  const key = `${ctx.languageId}:${currencyKey(ctx.currency)}`;
  const hit = cache.get(key);
  if (hit && now - hit.at < SALE_TTL_MS) return hit.promise;
  const entry = { at: now, promise: onSale(db, SALE_CAROUSEL_LIMIT + 1, ctx) };
  cache.set(key, entry);
  entry.promise.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return entry.promise;
}

export type { ReviewAccess };

export interface ProductPageData {
  product: ProductJson;
  /** The product's categories with their parents' list URLs (for the breadcrumb). */
  categories: CategoryRef[];
  reviews: ReviewJson[];
  summary: ReviewSummary;
  access: ReviewAccess;
  sale: ProductJson[];
}

/** null when there is no active product with that id (the page answers 404). */
export async function loadProductPage(
  db: Db,
  id: number,
  ctx: ListContext,
  user: AuthUser | null,
  /** The visitor's review access when the caller already knows it (the middleware's page variant). */
  knownAccess?: ReviewAccess,
): Promise<ProductPageData | null> {
  const [product, meta, list, eligibility, sale] = await Promise.all([
    productInfo(db, id, ctx),
    loadCatalogMeta(db),
    listReviews(db, id),
    knownAccess === undefined && user?.emailVerified ? reviewEligibility(db, user.id, id) : Promise.resolve(null),
    // The carousel is secondary: a failure leaves it out rather than failing the page.
    cachedOnSale(db, ctx).catch(() => [] as ProductJson[]),
  ]);
  if (!product) return null;
  const categories: CategoryRef[] = product.categories.map((c) => {
    const parentMeta = c.parent ? meta.categories.get(c.parent.id) : undefined;
    return {
      id: c.id,
      name: c.name,
      url: c.url,
      parent: c.parent && parentMeta ? { id: c.parent.id, name: c.parent.name, url: categoryUrl(parentMeta) } : null,
    };
  });
  return {
    product,
    categories,
    reviews: list.reviews,
    summary: list.summary,
    access: knownAccess ?? reviewAccessOf(user, eligibility),
    sale: sale.filter((p) => p.id !== id).slice(0, SALE_CAROUSEL_LIMIT),
  };
}
