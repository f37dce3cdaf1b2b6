/**
 * Title and breadcrumbs of the list page (storefront §2): the title is the category name or All
 * Products; the breadcrumbs start with Home, then one of Search Results for the query, New
 * Arrivals, Sale Items, the category path, All Products (in that order of precedence). Pure.
 */

export interface Crumb {
  label: string;
  /** Absent on the last crumb (the current page). */
  href?: string;
}

export interface CategoryStep {
  name: string;
  href: string;
}

export interface ListHeadingInput {
  search: string;
  isNew: boolean;
  sale: boolean;
  /** Top-level category first, the current one last; empty for all. */
  categoryPath: CategoryStep[];
}

export interface ListHeadingTexts {
  home: string;
  allProducts: string;
  newArrivals: string;
  saleItems: string;
  searchResultsFor: (query: string) => string;
}

export type BreadcrumbMode = 'search' | 'new' | 'sale' | 'category' | 'all';

export function breadcrumbMode(input: ListHeadingInput): BreadcrumbMode {
  if (input.search.trim()) return 'search';
  if (input.isNew) return 'new';
  if (input.sale) return 'sale';
  return input.categoryPath.length ? 'category' : 'all';
}

export function listTitle(input: ListHeadingInput, texts: ListHeadingTexts): string {
  return input.categoryPath.at(-1)?.name ?? texts.allProducts;
}

export function listBreadcrumbs(input: ListHeadingInput, texts: ListHeadingTexts): Crumb[] {
  const home: Crumb = { label: texts.home, href: '/' };
  switch (breadcrumbMode(input)) {
    case 'search':
      return [home, { label: texts.searchResultsFor(input.search.trim()) }];
    case 'new':
      return [home, { label: texts.newArrivals }];
    case 'sale':
      return [home, { label: texts.saleItems }];
    case 'category':
      return [
        home,
        ...input.categoryPath.map((step, i) =>
          i === input.categoryPath.length - 1 ? { label: step.name } : { label: step.name, href: step.href },
        ),
      ];
    default:
      return [home, { label: texts.allProducts }];
  }
}

/** The document title: the last crumb says best what the page is (a search, sale items, …). */
export function documentTitle(input: ListHeadingInput, texts: ListHeadingTexts): string {
  const mode = breadcrumbMode(input);
  const title = listTitle(input, texts);
  if (mode === 'search' || mode === 'new' || mode === 'sale') {
    const label = listBreadcrumbs(input, texts).at(-1)!.label;
    return input.categoryPath.length ? `${label} – ${title}` : label;
  }
  return title;
}

/** schema.org BreadcrumbList; the current page gets the canonical URL. */
export function breadcrumbJsonLd(
  crumbs: readonly Crumb[],
  origin: string,
  currentUrl: string,
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.label,
      item: crumb.href ? new URL(crumb.href, origin).href : currentUrl,
    })),
  };
}

/** JSON for a `<script type="application/ld+json">`: nothing in it can close the element. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}
