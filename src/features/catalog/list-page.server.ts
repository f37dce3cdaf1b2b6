/**
 * Server side of the list page: the route's category, the catalogue query (the same validation
 * and service as GET /api/products/catalog, 14 a page), the category tree and the headings.
 * Everything comes from in-process caches on a repeated filter (ADR 005), so no extra query
 * beyond what the API answer would cost. Never imported by islands.
 */
import type { Db } from '@/server/db/client';
import { lenientCatalogInput } from '@/server/services/catalog/catalog-params';
import { type CatalogResult, queryCatalog } from '@/server/services/catalog/catalog-query';
import { type CatalogMeta, categoryName, categoryUrl, loadCatalogMeta } from '@/server/services/catalog/meta';
import { type CategoryNode, buildCategoryTree } from '@/server/services/categories';
import type { RequestContext } from '@/server/services/request-context';
import { logger } from '@/server/logger';
import type { CategoryStep } from './breadcrumbs';
import { ALL, LIST_PER_PAGE, type ListState } from './list-query';

export interface ListPageData {
  /** The route names a category that does not exist: the page answers 404. */
  notFound: boolean;
  categoryPath: CategoryStep[];
  /** Ids on the way to the current category (to open its branch in the tree). */
  openIds: Set<number>;
  currentCategoryId: number | null;
  tree: CategoryNode[];
  result: CatalogResult | null;
  /** Set when the catalogue could not be loaded (the page shows Try again). */
  error: string | null;
}

function findCategory(meta: CatalogMeta, state: ListState): { id: number | null; notFound: boolean } {
  const top =
    state.category === ALL
      ? null
      : [...meta.categories.values()].find((c) => c.parentId === null && c.slug === state.category);
  if (state.category !== ALL && !top) return { id: null, notFound: true };
  if (state.subcategory === ALL) return { id: top?.id ?? null, notFound: false };
  const sub = [...meta.categories.values()].find(
    (c) => c.slug === state.subcategory && c.parentId !== null && (!top || c.topSlug === top.slug),
  );
  return sub ? { id: sub.id, notFound: false } : { id: null, notFound: true };
}

function pathTo(meta: CatalogMeta, id: number | null, languageId: number): { steps: CategoryStep[]; ids: Set<number> } {
  const steps: CategoryStep[] = [];
  const ids = new Set<number>();
  let cursor = id === null ? undefined : meta.categories.get(id);
  while (cursor && !ids.has(cursor.id)) {
    ids.add(cursor.id);
    steps.unshift({ name: categoryName(meta, cursor.id, languageId), href: categoryUrl(cursor) });
    cursor = cursor.parentId === null ? undefined : meta.categories.get(cursor.parentId);
  }
  return { steps, ids };
}

/** The tree from the cached meta (no query): categories are kept in position order there. */
function treeOf(meta: CatalogMeta, languageId: number): CategoryNode[] {
  const rows = [...meta.categories.values()].map((c, position) => ({
    id: c.id,
    parentId: c.parentId,
    slug: c.slug,
    name: categoryName(meta, c.id, languageId),
    position,
  }));
  return buildCategoryTree(rows);
}

/**
 * The API's query rules, leniently: a value the API would refuse with 422 is dropped (the page
 * shows the list without it rather than an error).
 */
export function catalogInputFor(state: ListState, categoryId: number | null) {
  const raw: Record<string, string> = { per_page: String(LIST_PER_PAGE), page: String(state.page) };
  if (state.search) raw.search = state.search;
  if (state.sort) raw.sort = state.sort;
  if (state.priceMin) raw.price_min = state.priceMin;
  if (state.priceMax) raw.price_max = state.priceMax;
  if (state.attrs.length) raw.attrs = state.attrs.slice(0, 50).join(',');
  if (state.isNew) raw.new = 'true';
  if (state.sale) raw.sale = 'true';
  if (categoryId !== null) raw.category_id = String(categoryId);
  return lenientCatalogInput(raw, LIST_PER_PAGE);
}

export async function loadListPage(db: Db, ctx: RequestContext, state: ListState): Promise<ListPageData> {
  const meta = await loadCatalogMeta(db);
  const { id, notFound } = findCategory(meta, state);
  const { steps, ids } = pathTo(meta, id, ctx.language.id);
  const base = {
    notFound,
    categoryPath: steps,
    openIds: ids,
    currentCategoryId: id,
    tree: treeOf(meta, ctx.language.id),
  };
  if (notFound) return { ...base, result: null, error: null };
  try {
    const result = await queryCatalog(db, catalogInputFor(state, id), {
      language: ctx.language,
      currency: ctx.currency,
    });
    return { ...base, result, error: null };
  } catch (error) {
    logger.error({ err: error }, 'list page: catalogue query failed');
    return { ...base, result: null, error: ctx.t('products.error.load') };
  }
}
