/**
 * Saving a page's blocks (ADR 027): the layout and blocks with their default-language texts, or
 * another language's texts; each save one transaction with a new version (restore brings blocks
 * back) and an audit row, then every instance's caches emptied. Rich text is sanitised on save
 * (and again on render); references to photos, FAQs and categories are checked.
 */
import { localized } from '@/server/services/localized';
import { transaction } from '@/server/services/transaction';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import {
  faqs,
  mediaAssets,
  staticPages,
  staticPageTranslations,
  staticPageVersions,
  type StaticPageSnapshot,
} from '@/server/db/schema/index';
import { type Block, type BlockTexts, TRANSLATABLE, blockAssetIds } from '@/lib/contract/blocks';
import { InvalidInputError, NotFoundError } from '@/server/services/errors';
import { contentChanged } from '@/server/services/content-changed';
import { sanitizeHtml } from '@/server/services/html';
import { type Editor, type Tx, recordChange } from '../audit';
import { type AdminLanguages, adminLanguages, pickLanguage } from '../languages';
import {
  PAGE_NOT_FOUND,
  addVersion,
  describeChange,
  ensureBaseline,
  getAdminPage,
  type AdminPage,
} from './static-pages.server';

const HTML_FIELDS = new Set(['html']);

export function cleanBlock(block: Block): Block {
  return 'html' in block ? ({ ...block, html: sanitizeHtml(block.html) } as Block) : block;
}

export const LINKED_IMAGE_ALT = localized('admin.api.linkedImageAlt');

export async function checkReferences(tx: Tx, blocks: readonly Block[], defaultLanguage: string): Promise<void> {
  const assets = [...new Set(blocks.flatMap(blockAssetIds))];
  const alts = new Map<number, string>();
  if (assets.length) {
    // Shared locks: a photo named here cannot be deleted until this save commits (library.server.ts deleteAsset).
    const found = await tx
      .select({ id: mediaAssets.id, alt: mediaAssets.alt })
      .from(mediaAssets)
      .where(inArray(mediaAssets.id, assets))
      .orderBy(mediaAssets.id)
      .for('share');
    if (found.length !== assets.length)
      throw new InvalidInputError(localized('admin.api.blockImageMissing'), {
        blocks: [localized('admin.api.blockImageMissingField')],
      });
    for (const asset of found) alts.set(asset.id, asset.alt[defaultLanguage]?.trim() ?? '');
  }
  // A linked image is the link's only content: without a text a screen reader has nothing to say.
  for (const [i, block] of blocks.entries()) {
    if (block.type !== 'image' || !block.href || block.alt.trim() !== '') continue;
    if (!block.image || !alts.get(block.image.asset_id))
      throw new InvalidInputError(LINKED_IMAGE_ALT, { [`blocks.${i}.alt`]: [LINKED_IMAGE_ALT] });
  }
  const faqIds = [...new Set(blocks.flatMap((b) => (b.type === 'faq' ? b.faq_ids : [])))];
  if (faqIds.length) {
    const found = await tx.select({ id: faqs.id }).from(faqs).where(inArray(faqs.id, faqIds));
    if (found.length !== faqIds.length)
      throw new InvalidInputError(localized('admin.api.blockFaqMissing'), {
        blocks: [localized('admin.api.blockFaqMissing')],
      });
  }
}

/**
 * `languages` is loaded by the caller before its transaction: a query on `db` inside it would wait
 * for the transaction itself on PGlite (one connection) whenever the languages cache was just
 * emptied by another edit, and hang (issue 27: two publishes at once).
 */
export async function saveVersion(
  tx: Tx,
  languages: AdminLanguages,
  editor: Editor,
  id: number,
  action: string,
  change: (tx: Tx) => Promise<void>,
) {
  await ensureBaseline(tx, id, languages);
  const [beforeRow] = await tx.select().from(staticPages).where(eq(staticPages.id, id)).for('update');
  if (!beforeRow) throw new NotFoundError(PAGE_NOT_FOUND);
  const before = await latestSnapshot(tx, id);
  await change(tx);
  await tx
    .update(staticPages)
    .set({ updatedAt: sql`now()` })
    .where(eq(staticPages.id, id));
  const summary = await addVersion(
    tx,
    id,
    editor,
    action,
    (after) => (before ? describeChange(before, after) : action),
    languages,
  );
  await recordChange(tx, editor, 'static_page', id, action, summary);
}

async function latestSnapshot(tx: Tx, id: number): Promise<StaticPageSnapshot | null> {
  const [row] = await tx
    .select({ snapshot: staticPageVersions.snapshot })
    .from(staticPageVersions)
    .where(eq(staticPageVersions.pageId, id))
    .orderBy(desc(staticPageVersions.version))
    .limit(1);
  return row?.snapshot ?? null;
}

/** The layout and blocks (default-language texts inside them). */
export async function saveBlocks(
  db: Db,
  editor: Editor,
  id: number,
  input: { layout?: 'html' | 'blocks'; blocks?: Block[] },
): Promise<AdminPage> {
  const languages = await adminLanguages(db);
  await transaction(db, async (tx) => {
    await saveVersion(tx, languages, editor, id, 'blocks', async (t) => {
      const blocks = input.blocks?.map(cleanBlock);
      if (blocks) await checkReferences(t, blocks, languages.default.code);
      await t
        .update(staticPages)
        .set({ ...(input.layout && { layout: input.layout }), ...(blocks && { blocks }) })
        .where(eq(staticPages.id, id));
    });
  });
  contentChanged(db, 'content');
  return (await getAdminPage(db, id))!;
}

/** Another language's texts as stored: only translatable, non-empty fields of blocks the page has; rich text sanitised. */
export function keptTexts(blocks: readonly Block[], input: BlockTexts): BlockTexts {
  const byId = new Map(blocks.map((b) => [b.id, b]));
  const texts: BlockTexts = {};
  for (const [blockId, fields] of Object.entries(input)) {
    const block = byId.get(blockId);
    if (!block)
      throw new InvalidInputError(localized('admin.api.noBlock', { block: blockId }), {
        texts: [localized('admin.api.noBlock', { block: blockId })],
      });
    const allowed = new Set(TRANSLATABLE[block.type]);
    const kept = Object.entries(fields).filter(([field, value]) => allowed.has(field) && value.trim() !== '');
    if (kept.length)
      texts[blockId] = Object.fromEntries(
        kept.map(([field, value]) => [field, HTML_FIELDS.has(field) ? sanitizeHtml(value) : value.trim()]),
      );
  }
  return texts;
}

/** The language of block texts other than the default (whose texts are inside the blocks). */
export function translationLanguage(languages: AdminLanguages, languageId: number) {
  const language = pickLanguage(languages, languageId);
  if (language.id === languages.default.id) {
    throw new InvalidInputError(localized('admin.api.defaultTextsInBlocks'), {
      language_id: [localized('admin.api.defaultTextsInBlocksField')],
    });
  }
  return language;
}

/** Another language's block texts; only the translatable fields of blocks the page has are kept. */
export async function saveBlockTexts(
  db: Db,
  editor: Editor,
  id: number,
  input: { language_id: number; texts: BlockTexts },
): Promise<AdminPage> {
  const languages = await adminLanguages(db);
  const language = translationLanguage(languages, input.language_id);
  await transaction(db, async (tx) => {
    await saveVersion(tx, languages, editor, id, 'translate', async (t) => {
      const [page] = await t
        .select({ blocks: staticPages.blocks, title: staticPages.title })
        .from(staticPages)
        .where(eq(staticPages.id, id));
      const texts = keptTexts(page!.blocks as Block[], input.texts);
      await t
        .insert(staticPageTranslations)
        .values({ pageId: id, languageId: language.id, title: page!.title, content: '', blockTexts: texts })
        .onConflictDoUpdate({
          target: [staticPageTranslations.pageId, staticPageTranslations.languageId],
          set: { blockTexts: texts },
        });
    });
  });
  contentChanged(db, 'content');
  return (await getAdminPage(db, id))!;
}

/** The stored blocks and every language's block texts, for the editor. */
export async function adminPageBlocks(db: Db, id: number) {
  const [page] = await db
    .select({ layout: staticPages.layout, blocks: staticPages.blocks, draft: staticPages.draft })
    .from(staticPages)
    .where(eq(staticPages.id, id));
  if (!page) return null;
  const languages = await adminLanguages(db);
  const rows = await db
    .select({ languageId: staticPageTranslations.languageId, texts: staticPageTranslations.blockTexts })
    .from(staticPageTranslations)
    .where(and(eq(staticPageTranslations.pageId, id)));
  const texts = Object.fromEntries(
    rows.flatMap((r) => {
      const code = languages.all.find((l) => l.id === r.languageId)?.code;
      return code ? [[code, r.texts]] : [];
    }),
  );
  return { layout: page.layout, blocks: page.blocks, texts, draft: page.draft };
}
