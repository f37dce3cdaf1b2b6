/**
 * The header search (storefront §2): goes to /products/{category or all}[/{subcategory}],
 * keeping the other query values of a list page, with `search` set (removed when empty) and
 * page=1. Pure so the island, the no-JS form and the tests share it.
 */

export const SEARCH_DEBOUNCE_MS = 300;

export interface ListRoute {
  category: string;
  subcategory?: string;
}

/** A path segment decoded, or as it is when it does not decode (the header must render anyway). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The list route the shopper is on (or 'all' off the catalogue); a product page counts as its list. */
export function listRouteOf(pathname: string): ListRoute {
  const parts = pathname.split('/').filter(Boolean).map(decodeSegment);
  if (parts[0] !== 'products' || !parts[1]) return { category: 'all' };
  return parts[2] ? { category: parts[1], subcategory: parts[2] } : { category: parts[1] };
}

export function listPath(route: ListRoute): string {
  const tail = route.subcategory ? `/${encodeURIComponent(route.subcategory)}` : '';
  return `/products/${encodeURIComponent(route.category)}${tail}`;
}

/** Query values carried over to the search: only a list page's own filters. */
export function keptQuery(url: URL): URLSearchParams {
  const onList = url.pathname.split('/').filter(Boolean)[0] === 'products';
  const kept = new URLSearchParams(onList ? url.search : '');
  kept.delete('search');
  kept.delete('page');
  return kept;
}

export function searchUrl(current: URL, text: string): string {
  const params = keptQuery(current);
  const query = text.trim();
  if (query) params.set('search', query);
  params.set('page', '1');
  return `${listPath(listRouteOf(current.pathname))}?${params.toString()}`;
}

/** The box follows `search` in the URL. */
export function searchOf(url: URL): string {
  return url.searchParams.get('search') ?? '';
}
