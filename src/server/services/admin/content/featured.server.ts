/** Featured category tiles of the home page for editors (texts per language, link and image shared). */
import { localized } from '@/server/services/localized';
import { transaction } from '@/server/services/transaction';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { featuredCategories, featuredCategoryTranslations } from '@/server/db/schema/index';
import { NotFoundError } from '@/server/services/errors';
import { contentChanged } from '@/server/services/content-changed';
import { type Editor, changedFields, definedOnly, recordChange } from '../audit';
import { adminLanguages, pickLanguage } from '../languages';

export interface FeaturedPatch {
  language_id?: number;
  title?: string;
  short_title?: string | null;
  description?: string;
  image_url?: string;
  url?: string;
  position?: number;
}

export const FEATURED_NOT_FOUND = localized('admin.api.featuredNotFound');

export async function listAdminFeatured(db: Db) {
  const rows = await db
    .select()
    .from(featuredCategories)
    .orderBy(asc(featuredCategories.position), asc(featuredCategories.id));
  return rows.map((f) => ({
    id: f.id,
    title: f.title,
    short_title: f.shortTitle,
    description: f.description,
    image_url: f.imageUrl,
    url: f.url,
    position: f.position,
  }));
}

export async function getAdminFeatured(db: Db, id: number) {
  const [row] = await db.select().from(featuredCategories).where(eq(featuredCategories.id, id));
  if (!row) return null;
  const languages = await adminLanguages(db);
  const translations = await db
    .select()
    .from(featuredCategoryTranslations)
    .where(eq(featuredCategoryTranslations.featuredCategoryId, id));
  return {
    id: row.id,
    image_url: row.imageUrl,
    url: row.url,
    position: row.position,
    texts: languages.all.map((l) => {
      const own = l.id === languages.default.id ? row : translations.find((t) => t.languageId === l.id);
      return {
        language_id: l.id,
        code: l.code,
        title: own?.title || row.title,
        short_title: own?.shortTitle ?? row.shortTitle,
        description: own?.description || row.description,
        own: Boolean(own),
      };
    }),
  };
}

export async function createFeatured(db: Db, editor: Editor, input: FeaturedPatch & { title: string; url: string }) {
  const id = await transaction(db, async (tx) => {
    const [row] = await tx
      .insert(featuredCategories)
      .values({
        title: input.title,
        shortTitle: input.short_title ?? null,
        description: input.description ?? '',
        imageUrl: input.image_url ?? '',
        url: input.url,
        position: input.position ?? 0,
      })
      .returning({ id: featuredCategories.id });
    await recordChange(tx, editor, 'featured_category', row!.id, 'create', input.title);
    return row!.id;
  });
  contentChanged(db, 'content');
  return (await getAdminFeatured(db, id))!;
}

export async function updateFeatured(db: Db, editor: Editor, id: number, patch: FeaturedPatch) {
  const languages = await adminLanguages(db);
  const language = pickLanguage(languages, patch.language_id);
  await transaction(db, async (tx) => {
    const [row] = await tx.select().from(featuredCategories).where(eq(featuredCategories.id, id)).for('update');
    if (!row) throw new NotFoundError(FEATURED_NOT_FOUND);
    const isDefault = language.id === languages.default.id;
    const base = definedOnly({
      ...(isDefault && { title: patch.title, shortTitle: patch.short_title, description: patch.description }),
      imageUrl: patch.image_url,
      url: patch.url,
      position: patch.position,
    });
    if (Object.keys(base).length) await tx.update(featuredCategories).set(base).where(eq(featuredCategories.id, id));
    const texts = patch.title !== undefined || patch.short_title !== undefined || patch.description !== undefined;
    if (!isDefault && texts) {
      await tx
        .insert(featuredCategoryTranslations)
        .values({
          featuredCategoryId: id,
          languageId: language.id,
          title: patch.title ?? row.title,
          shortTitle: patch.short_title ?? row.shortTitle,
          description: patch.description ?? row.description,
        })
        .onConflictDoUpdate({
          target: [featuredCategoryTranslations.featuredCategoryId, featuredCategoryTranslations.languageId],
          set: definedOnly({ title: patch.title, shortTitle: patch.short_title, description: patch.description }),
        });
    }
    await recordChange(
      tx,
      editor,
      'featured_category',
      id,
      'update',
      `${language.code}: ${changedFields({ ...patch, language_id: undefined })}`,
    );
  });
  contentChanged(db, 'content');
  return (await getAdminFeatured(db, id))!;
}

export async function deleteFeatured(db: Db, editor: Editor, id: number): Promise<void> {
  await transaction(db, async (tx) => {
    const [gone] = await tx
      .delete(featuredCategories)
      .where(eq(featuredCategories.id, id))
      .returning({ title: featuredCategories.title });
    if (!gone) throw new NotFoundError(FEATURED_NOT_FOUND);
    await recordChange(tx, editor, 'featured_category', id, 'delete', gone.title);
  });
  contentChanged(db, 'content');
}
