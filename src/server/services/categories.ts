import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ttlCache } from './ttl-cache';
import { categories, categoryRedirects, categoryTranslations } from '../db/schema/index';

export interface CategoryNode {
  id: number;
  /** The name in the requested language, or the default-language name of the base row. */
  name: string;
  slug: string;
  /** Product list URL: /products/<top>/all for a top-level category, /products/<top>/<slug> below. */
  url: string;
  /** 0 for a top-level category, as in the spec's Category entity. */
  parentId: number;
  /** A photo staff chose (/admin/categories), or null for the generated drawing. */
  imageUrl: string | null;
  position: number;
  subcategories: CategoryNode[];
}

interface Row {
  id: number;
  parentId: number | null;
  slug: string;
  name: string;
  position: number;
  imageUrl?: string | null;
}

async function readRows(db: Db, languageId: number, topLevelOnly: boolean): Promise<Row[]> {
  return db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      slug: categories.slug,
      name: sql<string>`coalesce(${categoryTranslations.name}, ${categories.name})`,
      position: categories.position,
      imageUrl: categories.imageUrl,
    })
    .from(categories)
    .leftJoin(
      categoryTranslations,
      and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.languageId, languageId)),
    )
    .where(topLevelOnly ? sql`${categories.parentId} is null` : undefined)
    .orderBy(asc(categories.position), asc(categories.id));
}

function node(row: Row, url: string): CategoryNode {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    url,
    parentId: row.parentId ?? 0,
    imageUrl: row.imageUrl ?? null,
    position: row.position,
    subcategories: [],
  };
}

/**
 * Builds the tree from rows ordered by position. The list route has two levels of params, so
 * deeper categories link under their top-level ancestor with their own slug.
 */
export function buildCategoryTree(rows: readonly Row[]): CategoryNode[] {
  const children = new Map<number | null, Row[]>();
  for (const row of rows) {
    const list = children.get(row.parentId) ?? [];
    list.push(row);
    children.set(row.parentId, list);
  }
  const attach = (parent: CategoryNode, topSlug: string, seen: Set<number>): void => {
    for (const row of children.get(parent.id) ?? []) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      const child = node(row, `/products/${encodeURIComponent(topSlug)}/${encodeURIComponent(row.slug)}`);
      parent.subcategories.push(child);
      attach(child, topSlug, seen);
    }
  };
  const roots: CategoryNode[] = [];
  for (const row of children.get(null) ?? []) {
    const root = node(row, `/products/${encodeURIComponent(row.slug)}/all`);
    attach(root, row.slug, new Set([row.id]));
    roots.push(root);
  }
  return roots;
}

/** Pages read the tree on every request; it is kept 30 s (invalidateCategories after an edit). */
const trees = ttlCache<string, CategoryNode[]>(30_000);

export function invalidateCategories(db?: Db): void {
  trees.invalidate(db);
}

/**
 * The whole category tree with names in the language (base-row text where untranslated).
 * Shared between callers: treat the result as read-only.
 */
export function getCategoryTree(db: Db, languageId: number): Promise<CategoryNode[]> {
  return trees.get(db, `all:${languageId}`, async () => buildCategoryTree(await readRows(db, languageId, false)));
}

/** Top-level categories only, without their subcategories (read-only, shared). */
export function getTopLevelCategories(db: Db, languageId: number): Promise<CategoryNode[]> {
  return trees.get(db, `top:${languageId}`, async () => buildCategoryTree(await readRows(db, languageId, true)));
}

/** The current address of a category that had this slug, for the list page's 301. */
export async function renamedCategoryPath(db: Db, slug: string): Promise<string | null> {
  const [moved] = await db
    .select({ id: categoryRedirects.categoryId })
    .from(categoryRedirects)
    .where(eq(categoryRedirects.slug, slug));
  if (!moved) return null;
  const chain: (typeof categories.$inferSelect)[] = [];
  for (let at: number | null = moved.id; at !== null && chain.length <= 8;) {
    const [row] = await db.select().from(categories).where(eq(categories.id, at));
    if (!row) return null;
    chain.unshift(row);
    at = row.parentId;
  }
  const [top, ...below] = chain;
  return below.length ? `/products/${top!.slug}/${below.at(-1)!.slug}` : `/products/${top!.slug}/all`;
}
