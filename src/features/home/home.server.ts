/**
 * Server side of the home page: featured tiles, new-arrivals tabs and products, the sale
 * carousel, all from the services the API uses and their in-process caches (catalogue meta,
 * catalogue summaries and rows, the product page's sale list; featured categories here for
 * 30 s), loaded in parallel. A failure of one part leaves the others: the tiles keep their
 * defaults with the spec's error text, a carousel that cannot load is left out. Never imported
 * by islands.
 */
import type { Db } from '@/server/db/client';
import { logger } from '@/server/logger';
import { queryCatalog } from '@/server/services/catalog/catalog-query';
import { categoryName, loadCatalogMeta } from '@/server/services/catalog/meta';
import type { ProductJson } from '@/server/services/catalog/product-json';
import { type FeaturedCategory, getFeaturedCategories } from '@/server/services/content';
import type { RequestContext } from '@/server/services/request-context';
import { onContentChanged } from '@/server/services/content-changed';
import { ttlCache } from '@/server/services/ttl-cache';
import { cachedOnSale } from '../product/product-page.server';
import { HOME_CAROUSEL_LIMIT, type HomeTabs, homeTabs, type TabCategory } from './home';

const featuredCache = ttlCache<number, FeaturedCategory[]>(30_000);
// An editor's change shows on the next request (ADR 016).
onContentChanged((db) => featuredCache.invalidate(db));

export interface HomeData {
  /** Null when the featured categories could not be loaded (tiles keep their defaults). */
  featured: FeaturedCategory[] | null;
  tabs: HomeTabs;
  newArrivals: ProductJson[];
  sale: ProductJson[];
}

function failed<T>(what: string, fallback: T) {
  return (error: unknown): T => {
    logger.warn({ err: error }, `home: ${what} failed`);
    return fallback;
  };
}

export async function loadHomeData(
  db: Db,
  ctx: RequestContext,
  routeCategory: string | null,
  allLabel: string,
): Promise<HomeData> {
  const languageId = ctx.language.id;
  const listCtx = { languageId, currency: ctx.currency };
  const tabsPromise = loadCatalogMeta(db).then((meta) => {
    const cats: TabCategory[] = [...meta.categories.values()].map((c) => ({
      id: c.id,
      slug: c.slug,
      name: categoryName(meta, c.id, languageId),
      parentId: c.parentId,
    }));
    return homeTabs(cats, routeCategory, allLabel);
  });
  const [featured, tabs, sale] = await Promise.all([
    featuredCache
      .get(db, languageId, () => getFeaturedCategories(db, languageId))
      .catch(failed('featured categories', null)),
    tabsPromise.catch(failed('categories', homeTabs([], null, allLabel))),
    cachedOnSale(db, listCtx)
      .then((list) => list.slice(0, HOME_CAROUSEL_LIMIT))
      .catch(failed('sale products', [] as ProductJson[])),
  ]);
  const newArrivals = await queryCatalog(
    db,
    {
      isNew: true,
      categoryIds: tabs.categoryId === null ? undefined : [tabs.categoryId],
      page: 1,
      perPage: HOME_CAROUSEL_LIMIT,
    },
    { language: ctx.language, currency: ctx.currency },
  )
    .then((r) => r.products)
    .catch(failed('new arrivals', [] as ProductJson[]));
  return { featured, tabs, newArrivals, sale };
}
