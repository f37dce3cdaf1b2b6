/**
 * Search and sharing of a page (ADR 027): meta title and description per language (empty: the
 * page's title and first text), the Open Graph photo (its 1200×630 crop) and noindex; each change a
 * new version, audited, caches emptied. `pageSeo` is what the public page shows.
 */
import { localized } from '@/server/services/localized';
import { transaction } from '@/server/services/transaction';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { type PageSeo, mediaAssets, staticPages } from '@/server/db/schema/index';
import { variantUrl } from '@/lib/images/variants';
import { InvalidInputError, NotFoundError } from '@/server/services/errors';
import { contentChanged } from '@/server/services/content-changed';
import { type Editor, recordChange } from '../audit';
import { adminLanguages, pickLanguage } from '../languages';
import { PAGE_NOT_FOUND, addVersion, ensureBaseline } from './static-pages.server';

export interface SeoInput {
  language_id?: number;
  meta_title?: string;
  meta_description?: string;
  og_asset_id?: number | null;
  noindex?: boolean;
}

export async function savePageSeo(db: Db, editor: Editor, id: number, input: SeoInput): Promise<PageSeo> {
  const languages = await adminLanguages(db);
  const language = pickLanguage(languages, input.language_id);
  const seo = await transaction(db, async (tx) => {
    const [page] = await tx.select().from(staticPages).where(eq(staticPages.id, id)).for('update');
    if (!page) throw new NotFoundError(PAGE_NOT_FOUND);
    if (input.og_asset_id) {
      // A shared lock: the photo cannot be deleted until this save commits (library.server.ts deleteAsset).
      const [asset] = await tx
        .select({ id: mediaAssets.id })
        .from(mediaAssets)
        .where(eq(mediaAssets.id, input.og_asset_id))
        .for('share');
      if (!asset)
        throw new InvalidInputError(localized('admin.api.sharingPhotoMissing'), {
          og_asset_id: [localized('admin.api.sharingPhotoMissingField')],
        });
    }
    await ensureBaseline(tx, id, languages);
    const texts = { ...page.seo.texts };
    const own = { ...texts[language.code] };
    if (input.meta_title !== undefined) own.title = input.meta_title;
    if (input.meta_description !== undefined) own.description = input.meta_description;
    texts[language.code] = own;
    const next: PageSeo = {
      ...page.seo,
      ...(input.noindex !== undefined && { noindex: input.noindex }),
      ...(input.og_asset_id !== undefined && { og_asset_id: input.og_asset_id }),
      texts,
    };
    await tx.update(staticPages).set({ seo: next }).where(eq(staticPages.id, id));
    await addVersion(tx, id, editor, 'seo', `${language.code}: search and sharing`, languages);
    await recordChange(tx, editor, 'static_page', id, 'seo', `${language.code}: search and sharing`);
    return next;
  });
  contentChanged(db, 'content');
  return seo;
}

export interface ShownSeo {
  title: string | null;
  description: string | null;
  /** Path of the Open Graph crop of the sharing photo. */
  image: string | null;
  noindex: boolean;
}

/** What the public page shows in the language: its own text, else the default language's. */
export async function pageSeo(db: Db, pageId: number, languageCode: string, defaultCode: string): Promise<ShownSeo> {
  const [page] = await db.select({ seo: staticPages.seo }).from(staticPages).where(eq(staticPages.id, pageId));
  const seo = page?.seo ?? {};
  const own = seo.texts?.[languageCode];
  const base = seo.texts?.[defaultCode];
  let image: string | null = null;
  if (seo.og_asset_id) {
    const [asset] = await db
      .select({ hash: mediaAssets.hash })
      .from(mediaAssets)
      .where(eq(mediaAssets.id, seo.og_asset_id));
    image = asset ? variantUrl(asset.hash, 'og', 'jpg') : null;
  }
  return {
    title: own?.title || base?.title || null,
    description: own?.description || base?.description || null,
    image,
    noindex: seo.noindex ?? false,
  };
}

/** What the publishing forms start from: the plan and the stored search and sharing settings. */
export async function pagePublishingState(
  db: Db,
  pageId: number,
): Promise<{ publishAt: Date | null; unpublishAt: Date | null; seo: PageSeo } | null> {
  const [page] = await db
    .select({ publishAt: staticPages.publishAt, unpublishAt: staticPages.unpublishAt, seo: staticPages.seo })
    .from(staticPages)
    .where(eq(staticPages.id, pageId));
  return page ?? null;
}
