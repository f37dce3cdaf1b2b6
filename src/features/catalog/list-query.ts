/**
 * The list page's state as its URL carries it (storefront §2 ProductListPage, §4 transitions),
 * and every link the page renders: filters, sort, facets, pages, resets. Pure: the server page,
 * the enhancing script and the tests share it.
 *
 * /products/{category}/{subcategory?}?search=&new=true&sale=true&sort=asc|desc&price_min=&price_max=&attrs=1,2&page=
 * Any filter change goes back to page 1 (the `page` value is dropped).
 */

export const LIST_PER_PAGE = 14;
export const ALL = 'all';

export interface ListState {
  category: string;
  subcategory: string;
  search: string;
  isNew: boolean;
  sale: boolean;
  sort: 'asc' | 'desc' | null;
  /** As typed/URL (decimal in the page currency), '' when absent. */
  priceMin: string;
  priceMax: string;
  attrs: number[];
  page: number;
}

export const EMPTY_LIST_STATE: ListState = Object.freeze({
  category: ALL,
  subcategory: ALL,
  search: '',
  isNew: false,
  sale: false,
  sort: null,
  priceMin: '',
  priceMax: '',
  attrs: [],
  page: 1,
}) as ListState;

const TRUE = new Set(['true', '1']);

/** Every `attrs` value (comma lists, or repeated as a GET form sends checkboxes) → sorted unique ids. */
export function parseAttrs(values: readonly string[]): number[] {
  const ids = new Set<number>();
  for (const value of values) {
    for (const part of value.split(',')) {
      const id = Number(part.trim());
      if (/^\d{1,9}$/.test(part.trim()) && id > 0) ids.add(id);
    }
  }
  return [...ids].sort((a, b) => a - b);
}

/** Lenient: what cannot be understood is ignored (the page never answers 422). */
export function parseListState(
  category: string | undefined,
  subcategory: string | undefined,
  params: URLSearchParams,
): ListState {
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    category: category?.trim() || ALL,
    subcategory: subcategory?.trim() || ALL,
    search: (params.get('search') ?? '').trim(),
    isNew: TRUE.has(params.get('new') ?? ''),
    sale: TRUE.has(params.get('sale') ?? ''),
    sort: sort === 'asc' || sort === 'desc' ? sort : null,
    priceMin: (params.get('price_min') ?? '').trim(),
    priceMax: (params.get('price_max') ?? '').trim(),
    attrs: parseAttrs(params.getAll('attrs')),
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

export function listPathOf(state: Pick<ListState, 'category' | 'subcategory'>): string {
  const sub = state.subcategory && state.subcategory !== ALL ? state.subcategory : ALL;
  return `/products/${encodeURIComponent(state.category || ALL)}/${encodeURIComponent(sub)}`;
}

/** Query values in a fixed order, defaults left out. */
export function listParams(state: ListState): URLSearchParams {
  const p = new URLSearchParams();
  if (state.search) p.set('search', state.search);
  if (state.isNew) p.set('new', 'true');
  if (state.sale) p.set('sale', 'true');
  if (state.sort) p.set('sort', state.sort);
  if (state.priceMin) p.set('price_min', state.priceMin);
  if (state.priceMax) p.set('price_max', state.priceMax);
  if (state.attrs.length) p.set('attrs', state.attrs.join(','));
  if (state.page > 1) p.set('page', String(state.page));
  return p;
}

export function listUrl(state: ListState): string {
  const query = listParams(state).toString();
  return query ? `${listPathOf(state)}?${query}` : listPathOf(state);
}

/** A filter change: the new values, back to page 1 (spec §4). */
export function withFilter(state: ListState, change: Partial<Omit<ListState, 'page'>>): ListState {
  return { ...state, ...change, page: 1 };
}

export function pageUrl(state: ListState, page: number): string {
  return listUrl({ ...state, page });
}

export function sortUrl(state: ListState, sort: 'asc' | 'desc'): string {
  return listUrl(withFilter(state, { sort }));
}

/** Adds or removes one facet option. */
export function toggleAttrUrl(state: ListState, id: number): string {
  const attrs = state.attrs.includes(id)
    ? state.attrs.filter((a) => a !== id)
    : [...state.attrs, id].sort((a, b) => a - b);
  return listUrl(withFilter(state, { attrs }));
}

/** A category of the tree, keeping the other filters (a route change: page 1). */
export function categoryUrlWithFilters(state: ListState, href: string): string {
  const query = listParams({ ...state, page: 1 }).toString();
  return query ? `${href}?${query}` : href;
}

/**
 * Refresh filters (spec §4): price back to the whole range, sort asc, page 1, empty search; the
 * route and the new/sale flags stay. Facets are filters too, so they go.
 */
export function resetFilters(state: ListState): ListState {
  return { ...state, search: '', sort: null, priceMin: '', priceMax: '', attrs: [], page: 1 };
}

/** Reset category, the full reset: also clears new and sale and goes to all/all. */
export function fullReset(): ListState {
  return { ...EMPTY_LIST_STATE, attrs: [] };
}

/** Any filter narrower than the route (for the empty state and robots). */
export function hasFilters(state: ListState): boolean {
  return !!(state.search || state.sort || state.priceMin || state.priceMax || state.attrs.length);
}

/**
 * The canonical address of a list: route, the new/sale flags and the page after 1. Sort, price,
 * facets and search are views of the same list (search and filtered pages are also noindex).
 */
export function canonicalPath(state: ListState, currentPage: number): string {
  return listUrl({
    ...EMPTY_LIST_STATE,
    category: state.category,
    subcategory: state.subcategory,
    isNew: state.isNew,
    sale: state.sale,
    page: currentPage,
  });
}
