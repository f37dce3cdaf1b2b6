import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { categories, productCategories, products } from '../db/schema/index';
import { pictogramFor } from './pictograms';
import { renderCategoryImage, renderFallbackImage, renderProductImage } from './svg';

const MAX_IMAGE_NUMBER = 8;

/**
 * The product's picture, drawn from its name and deepest category, and whether the product is
 * published (only then is the picture public); null for an unknown id.
 */
export async function productImageSvg(
  db: Db,
  productId: number,
  n: number,
): Promise<{ svg: string; published: boolean } | null> {
  if (!Number.isSafeInteger(productId) || productId < 1 || n < 1 || n > MAX_IMAGE_NUMBER) return null;
  const parent = alias(categories, 'parent');
  const rows = await db
    .select({
      name: products.name,
      active: products.active,
      slug: categories.slug,
      categoryName: categories.name,
      parentSlug: parent.slug,
    })
    .from(products)
    .leftJoin(productCategories, eq(productCategories.productId, products.id))
    .leftJoin(categories, eq(categories.id, productCategories.categoryId))
    .leftJoin(parent, eq(parent.id, categories.parentId))
    .where(eq(products.id, productId))
    // The most recently created category is the deepest one (parents are created first).
    .orderBy(desc(sql`coalesce(${categories.id}, 0)`))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const svg = renderProductImage({
    productId,
    n,
    name: row.name,
    label: row.categoryName ?? undefined,
    pictogram: pictogramFor(row.slug, row.parentSlug, row.name),
  });
  return { svg, published: row.active };
}

export async function categoryImageSvg(db: Db, slug: string): Promise<string | null> {
  const [row] = await db
    .select({ name: categories.name, slug: categories.slug })
    .from(categories)
    .where(eq(categories.slug, slug))
    .limit(1);
  if (!row) return null;
  return renderCategoryImage({ slug: row.slug, title: row.name, pictogram: pictogramFor(row.slug) });
}

export const fallbackSvg = renderFallbackImage;
