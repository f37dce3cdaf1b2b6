/**
 * The category tree for staff (ADR 026): create, rename per language, change the slug (the old
 * one answers 301, as renamed static pages do), move under another parent (never under itself or
 * its own subtree, at most MAX_DEPTH levels), reorder among siblings, an image, delete when empty.
 * Each change in one transaction with its audit row, then every instance's caches emptied.
 */
import { localized } from '@/server/services/localized';
import { transaction } from '@/server/services/transaction';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { categories, categoryRedirects, categoryTranslations, productCategories } from '@/server/db/schema/index';
import type { CategoryCreate, CategoryPatch } from '@/lib/contract/admin/categories';
import { ConflictError, InvalidInputError, NotFoundError } from '@/server/services/errors';
import { contentChanged } from '@/server/services/content-changed';
import { type Editor, type Tx, changedFields, definedOnly, recordChange } from '../audit';
import { adminLanguages, pickLanguage } from '../languages';
import { rowsOf } from '@/server/services/catalog/rows';

export const CATEGORY_NOT_FOUND = localized('admin.api.categoryNotFound');
export const MAX_DEPTH = 3;
const SLUG_TAKEN = localized('admin.api.categorySlugTaken');
/** /products/all/… means "every category". */
const RESERVED = new Set(['all']);

export interface AdminCategoryNode {
  id: number;
  parent_id: number | null;
  slug: string;
  name: string;
  position: number;
  image_url: string | null;
  products: number;
  children: AdminCategoryNode[];
}

type Row = typeof categories.$inferSelect;

export async function adminCategoryTree(db: Db): Promise<AdminCategoryNode[]> {
  const rows = await db.select().from(categories).orderBy(asc(categories.position), asc(categories.id));
  const counts = new Map(
    rowsOf<{ category_id: number; n: number }>(
      await db.execute(sql`select category_id, count(*)::int as n from product_categories group by category_id`),
    ).map((r) => [Number(r.category_id), Number(r.n)]),
  );
  const node = (r: Row): AdminCategoryNode => ({
    id: r.id,
    parent_id: r.parentId,
    slug: r.slug,
    name: r.name,
    position: r.position,
    image_url: r.imageUrl,
    products: counts.get(r.id) ?? 0,
    children: [],
  });
  const byId = new Map(rows.map((r) => [r.id, node(r)]));
  const roots: AdminCategoryNode[] = [];
  for (const r of rows) (r.parentId === null ? roots : (byId.get(r.parentId)?.children ?? roots)).push(byId.get(r.id)!);
  return roots;
}

export async function getAdminCategory(db: Db, id: number) {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  if (!row) return null;
  const [languages, translations, redirects] = await Promise.all([
    adminLanguages(db),
    db.select().from(categoryTranslations).where(eq(categoryTranslations.categoryId, id)),
    db.select({ slug: categoryRedirects.slug }).from(categoryRedirects).where(eq(categoryRedirects.categoryId, id)),
  ]);
  return {
    id: row.id,
    parent_id: row.parentId,
    slug: row.slug,
    position: row.position,
    image_url: row.imageUrl,
    old_slugs: redirects.map((r) => r.slug).sort(),
    texts: languages.all.map((l) => {
      const own = l.id === languages.default.id ? row : translations.find((t) => t.languageId === l.id);
      return { language_id: l.id, code: l.code, name: own?.name || row.name, own: Boolean(own) };
    }),
  };
}
export type AdminCategory = NonNullable<Awaited<ReturnType<typeof getAdminCategory>>>;

async function checkSlug(tx: Tx, slug: string, id?: number): Promise<void> {
  if (RESERVED.has(slug))
    throw new InvalidInputError(localized('admin.api.categorySlugAll'), {
      slug: [localized('admin.api.categorySlugAll')],
    });
  const [taken] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(id ? and(eq(categories.slug, slug), ne(categories.id, id)) : eq(categories.slug, slug));
  if (taken) throw new InvalidInputError(SLUG_TAKEN, { slug: [SLUG_TAKEN] });
}

/** The levels above a category (1 for a top-level one's child), walking up at most a few steps. */
async function ancestors(tx: Tx, id: number | null): Promise<number[]> {
  const chain: number[] = [];
  for (let at = id; at !== null && chain.length <= MAX_DEPTH + 1;) {
    chain.push(at);
    const [row] = await tx.select({ parentId: categories.parentId }).from(categories).where(eq(categories.id, at));
    if (!row)
      throw new InvalidInputError(localized('admin.api.categoryNoParent'), {
        parent_id: [localized('admin.api.categoryNoParent')],
      });
    at = row.parentId;
  }
  return chain;
}

/** How many levels the subtree under `id` has (1 for a leaf). */
async function subtreeDepth(tx: Tx, id: number): Promise<number> {
  let depth = 1;
  for (let level = [id]; level.length; depth++) {
    level = (await tx.select({ id: categories.id }).from(categories).where(inArray(categories.parentId, level))).map(
      (r) => r.id,
    );
    if (!level.length) break;
  }
  return depth;
}

async function checkParent(tx: Tx, parentId: number | null, id?: number): Promise<void> {
  const chain = await ancestors(tx, parentId);
  if (id !== undefined && chain.includes(id))
    throw new InvalidInputError(localized('admin.api.categoryUnderItself'), {
      parent_id: [localized('admin.api.categoryUnderItself')],
    });
  const depth = chain.length + (id === undefined ? 1 : await subtreeDepth(tx, id));
  if (depth > MAX_DEPTH)
    throw new InvalidInputError(localized('admin.api.categoryTooDeep', { depth: MAX_DEPTH }), {
      parent_id: [localized('admin.api.categoryTooDeep', { depth: MAX_DEPTH })],
    });
}

async function nextPosition(tx: Tx, parentId: number | null): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(${categories.position}), 0)::int` })
    .from(categories)
    .where(parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId));
  return (row?.n ?? 0) + 1;
}

export async function createCategory(db: Db, editor: Editor, input: CategoryCreate): Promise<AdminCategory> {
  const id = await transaction(db, async (tx) => {
    await checkSlug(tx, input.slug);
    await checkParent(tx, input.parent_id ?? null);
    await tx.delete(categoryRedirects).where(eq(categoryRedirects.slug, input.slug));
    const [row] = await tx
      .insert(categories)
      .values({
        name: input.name,
        slug: input.slug,
        parentId: input.parent_id ?? null,
        imageUrl: input.image_url ?? null,
        position: await nextPosition(tx, input.parent_id ?? null),
      })
      .returning({ id: categories.id });
    await recordChange(tx, editor, 'category', row!.id, 'create', `${input.slug}: ${input.name}`);
    return row!.id;
  });
  contentChanged(db);
  return (await getAdminCategory(db, id))!;
}

export async function updateCategory(db: Db, editor: Editor, id: number, patch: CategoryPatch): Promise<AdminCategory> {
  const languages = await adminLanguages(db);
  const language = pickLanguage(languages, patch.language_id);
  await transaction(db, async (tx) => {
    const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    if (!before) throw new NotFoundError(CATEGORY_NOT_FOUND);
    if (patch.slug !== undefined && patch.slug !== before.slug) {
      await checkSlug(tx, patch.slug, id);
      // The old address keeps working (301); a slug taken back stops redirecting elsewhere.
      await tx.delete(categoryRedirects).where(eq(categoryRedirects.slug, patch.slug));
      await tx
        .insert(categoryRedirects)
        .values({ slug: before.slug, categoryId: id })
        .onConflictDoUpdate({ target: categoryRedirects.slug, set: { categoryId: id, createdAt: sql`now()` } });
    }
    const moving = patch.parent_id !== undefined && patch.parent_id !== before.parentId;
    if (moving) await checkParent(tx, patch.parent_id ?? null, id);
    const isDefault = language.id === languages.default.id;
    const base = definedOnly({
      ...(isDefault && { name: patch.name }),
      slug: patch.slug,
      imageUrl: patch.image_url,
      ...(moving && { parentId: patch.parent_id ?? null, position: await nextPosition(tx, patch.parent_id ?? null) }),
    });
    if (Object.keys(base).length) await tx.update(categories).set(base).where(eq(categories.id, id));
    if (!isDefault && patch.name !== undefined) {
      await tx
        .insert(categoryTranslations)
        .values({ categoryId: id, languageId: language.id, name: patch.name })
        .onConflictDoUpdate({
          target: [categoryTranslations.categoryId, categoryTranslations.languageId],
          set: { name: patch.name },
        });
    }
    await recordChange(
      tx,
      editor,
      'category',
      id,
      'update',
      `${before.slug} ${language.code}: ${changedFields({ ...patch, language_id: undefined })}`,
    );
  });
  contentChanged(db);
  return (await getAdminCategory(db, id))!;
}

/**
 * The category and its siblings, locked in one statement in id order. Every move locks the same
 * rows in the same order, so two moves among the same siblings (↑ on one, ↓ on its neighbour)
 * take turns instead of deadlocking (issue 27: locking the moved row first, then the siblings by
 * position, made opposite moves wait for each other). A parent changed meanwhile: read again.
 */
async function lockSiblings(tx: Tx, id: number): Promise<{ row: Row; siblings: Row[] }> {
  for (;;) {
    const [peek] = await tx.select({ parentId: categories.parentId }).from(categories).where(eq(categories.id, id));
    if (!peek) throw new NotFoundError(CATEGORY_NOT_FOUND);
    const locked = await tx
      .select()
      .from(categories)
      .where(peek.parentId === null ? isNull(categories.parentId) : eq(categories.parentId, peek.parentId))
      .orderBy(asc(categories.id))
      .for('update');
    const row = locked.find((s) => s.id === id);
    if (row) return { row, siblings: locked.sort((a, b) => a.position - b.position || a.id - b.id) };
  }
}

/** Swaps the category with its neighbour among its siblings (the tree's ↑ and ↓). */
export async function moveCategory(
  db: Db,
  editor: Editor,
  id: number,
  direction: 'up' | 'down',
): Promise<AdminCategory> {
  await transaction(db, async (tx) => {
    const { row, siblings } = await lockSiblings(tx, id);
    const at = siblings.findIndex((s) => s.id === id);
    const other = siblings[direction === 'up' ? at - 1 : at + 1];
    if (!other) return;
    // Renumber the siblings in their new order: equal positions (seeded 0s) swap too.
    const order = siblings.map((s) => s.id);
    order.splice(at, 1);
    order.splice(direction === 'up' ? at - 1 : at + 1, 0, id);
    for (const [position, siblingId] of order.entries())
      await tx
        .update(categories)
        .set({ position: position + 1 })
        .where(eq(categories.id, siblingId));
    await recordChange(tx, editor, 'category', id, 'move', `${row.slug} ${direction}`);
  });
  contentChanged(db);
  return (await getAdminCategory(db, id))!;
}

export async function deleteCategory(db: Db, editor: Editor, id: number): Promise<void> {
  await transaction(db, async (tx) => {
    const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    if (!row) throw new NotFoundError(CATEGORY_NOT_FOUND);
    const [child] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.parentId, id)).limit(1);
    if (child) throw new ConflictError(localized('admin.api.categoryHasChildren'));
    const [product] = await tx
      .select({ id: productCategories.productId })
      .from(productCategories)
      .where(eq(productCategories.categoryId, id))
      .limit(1);
    if (product) throw new ConflictError(localized('admin.api.categoryHasProducts'));
    await tx.delete(categories).where(eq(categories.id, id));
    await recordChange(tx, editor, 'category', id, 'delete', row.slug);
  });
  contentChanged(db);
}
