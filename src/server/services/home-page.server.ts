/**
 * The home page record (ADR 027): a static page marked is_home whose blocks replace the home
 * page's hero and featured area. It is edited, drafted, versioned, scheduled and previewed like
 * any blocks page, but never listed or served at /static-page. No record, an unpublished one or
 * one without blocks leaves the home page as the spec describes it (src/lib/home-blocks.ts).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { staticPages, staticPageTranslations } from '@/server/db/schema/index';
import type { Block, BlockTexts } from '@/lib/contract/blocks';
import { type HeroDefaults, homeBlocksInLanguage } from '@/lib/home-blocks';
import { blocksInLanguage } from './block-texts';
import { storedBlocks } from './page-blocks.server';
import { previewedPage } from './admin/content/page-preview.server';

export interface HomeBlocks {
  blocks: Block[];
  /** Shown through a preview link: the draft if there is one, published or not (never cached, noindex). */
  previewing: boolean;
}

export async function homePageId(db: Db): Promise<number | null> {
  const [row] = await db.select({ id: staticPages.id }).from(staticPages).where(eq(staticPages.isHome, true));
  return row?.id ?? null;
}

/**
 * The home blocks in a language, or null for the spec's home page. `previewToken` is the
 * `?preview=` of the request: a valid link to the home record shows its unpublished changes.
 */
export async function loadHomeBlocks(
  db: Db,
  language: { id: number; code: string; isDefault: boolean },
  hero: HeroDefaults,
  previewToken: string | null,
): Promise<HomeBlocks | null> {
  const [row] = await db
    .select({
      id: staticPages.id,
      published: staticPages.published,
      layout: staticPages.layout,
      blocks: staticPages.blocks,
      draft: staticPages.draft,
    })
    .from(staticPages)
    .where(eq(staticPages.isHome, true));
  if (!row) return null;
  const previewing = previewToken !== null && (await previewedPage(db, previewToken)) === row.id;
  if (!row.published && !previewing) return null;
  const page = previewing && row.draft ? row.draft : row;
  if (page.layout !== 'blocks') return null;
  const blocks = storedBlocks(page.blocks, row.id);
  if (blocks.length === 0) return null;
  if (language.isDefault) return { blocks: blocksInLanguage(blocks, undefined), previewing };
  let own: BlockTexts | undefined;
  if (previewing && row.draft) own = row.draft.block_texts[language.code];
  else {
    const [texts] = await db
      .select({ texts: staticPageTranslations.blockTexts })
      .from(staticPageTranslations)
      .where(and(eq(staticPageTranslations.pageId, row.id), eq(staticPageTranslations.languageId, language.id)));
    own = texts?.texts;
  }
  return { blocks: homeBlocksInLanguage(blocks, own, hero), previewing };
}
