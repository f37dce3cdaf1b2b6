/**
 * Product page breadcrumb (storefront ProductDetailsPage): Home, the parent category (linking
 * to its list with subcategory all), the most recently created of the product's categories
 * (highest id), then the product name. Also the product's own canonical path. Pure.
 */

export interface CategoryRef {
  id: number;
  name: string;
  /** List URL of the category (/products/<top>/all or /products/<top>/<slug>). */
  url: string;
  parent: { id: number; name: string; url: string } | null;
}

import type { Crumb } from '../catalog/breadcrumbs';

/** The category with the highest id (the most recently created), or null without categories. */
export function mainCategory<C extends { id: number }>(categories: readonly C[]): C | null {
  let best: C | null = null;
  for (const c of categories) if (!best || c.id > best.id) best = c;
  return best;
}

export function productBreadcrumbs(
  homeLabel: string,
  product: { name: string; categories: readonly CategoryRef[] },
): Crumb[] {
  const crumbs: Crumb[] = [{ label: homeLabel, href: '/' }];
  const main = mainCategory(product.categories);
  if (main?.parent) crumbs.push({ label: main.parent.name, href: main.parent.url });
  if (main) crumbs.push({ label: main.name, href: main.url });
  crumbs.push({ label: product.name });
  return crumbs;
}

/**
 * /products/<top>/<sub>/<id> from the main category's list URL (a top-level category's URL ends
 * in /all, which is the spec's "no subcategory"); /products/all/all/<id> without categories.
 */
export function productPath(product: { id: number; categories: readonly { id: number; url: string }[] }): string {
  const main = mainCategory(product.categories);
  const base = main && /^\/products\/[^/]+\/[^/]+$/.test(main.url) ? main.url : '/products/all/all';
  return `${base}/${product.id}`;
}

/** A route productId segment: digits only (anything else is a 404, not a query). */
export function parseProductId(segment: string | undefined): number | null {
  if (!segment || !/^\d{1,9}$/.test(segment)) return null;
  const id = Number(segment);
  return id > 0 ? id : null;
}
