/**
 * Drafts of a page's blocks (ADR 027): the editor saves its work into `static_pages.draft`, which
 * visitors never see; a preview link shows it; "Publish changes" (or the schedule, when it puts the
 * page up) applies it as one new version. A draft starts as a copy of what is live, so publishing
 * it changes exactly what the editor changed.
 */
import { localized } from '@/server/services/localized';
import { sanitizeHtml } from '@/server/services/html';
import { transaction } from '@/server/services/transaction';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { type PageDraft, staticPages, staticPageTranslations } from '@/server/db/schema/index';
import type { Block, BlockTexts } from '@/lib/contract/blocks';
import { NotFoundError, ConflictError } from '@/server/services/errors';
import { contentChanged } from '@/server/services/content-changed';
import { type Editor, type Tx, recordChange } from '../audit';
import { type AdminLanguages, adminLanguages } from '../languages';
import { checkReferences, cleanBlock, keptTexts, saveVersion, translationLanguage } from './page-blocks.server';
import { PAGE_NOT_FOUND } from './static-pages.server';

export const NO_DRAFT = localized('admin.api.noDraft');

export type DraftInput = { layout?: 'html' | 'blocks'; blocks?: Block[] } | { language_id: number; texts: BlockTexts };

/** The page's live layout, blocks and block texts, as a draft to start from. */
async function liveAsDraft(tx: Tx, id: number, languages: AdminLanguages): Promise<PageDraft> {
  const [page] = await tx
    .select({ layout: staticPages.layout, blocks: staticPages.blocks })
    .from(staticPages)
    .where(eq(staticPages.id, id));
  const rows = await tx
    .select({ languageId: staticPageTranslations.languageId, texts: staticPageTranslations.blockTexts })
    .from(staticPageTranslations)
    .where(eq(staticPageTranslations.pageId, id));
  const byCode = Object.fromEntries(
    rows.flatMap((r) => {
      const code = languages.all.find((l) => l.id === r.languageId)?.code;
      return code && Object.keys(r.texts).length ? [[code, r.texts]] : [];
    }),
  );
  return {
    layout: page!.layout === 'blocks' ? 'blocks' : 'html',
    blocks: page!.blocks,
    block_texts: byCode,
    saved_at: new Date().toISOString(),
  };
}

/** The block a page's text becomes when it is first built from blocks (issue 30). */
export const CARRIED_TEXT_BLOCK = 'rich-text-1';

/**
 * The page's HTML text as a first rich-text block, each language's own text as that block's text in
 * that language, so building a page from blocks loses nothing. A page without text starts empty.
 */
async function textAsFirstBlock(tx: Tx, id: number, languages: AdminLanguages): Promise<Partial<PageDraft>> {
  const [page] = await tx.select({ content: staticPages.content }).from(staticPages).where(eq(staticPages.id, id));
  const rows = await tx
    .select({ languageId: staticPageTranslations.languageId, content: staticPageTranslations.content })
    .from(staticPageTranslations)
    .where(eq(staticPageTranslations.pageId, id));
  const html = page?.content.trim() ?? '';
  if (html === '') return { blocks: [], block_texts: {} };
  const blockTexts = Object.fromEntries(
    rows.flatMap((r) => {
      const code = languages.all.find((l) => l.id === r.languageId)?.code;
      const text = r.content.trim();
      return code && text ? [[code, { [CARRIED_TEXT_BLOCK]: { html: sanitizeHtml(text) } }]] : [];
    }),
  );
  const block: Block = { id: CARRIED_TEXT_BLOCK, v: 1, type: 'rich_text', html: sanitizeHtml(html) };
  return { blocks: [block], block_texts: blockTexts };
}

/** Saves part of the draft: the layout and blocks, or one other language's texts. */
export async function saveDraft(db: Db, editor: Editor, id: number, input: DraftInput): Promise<PageDraft> {
  const languages = await adminLanguages(db);
  return transaction(db, async (tx) => {
    const [page] = await tx
      .select({ draft: staticPages.draft })
      .from(staticPages)
      .where(eq(staticPages.id, id))
      .for('update');
    if (!page) throw new NotFoundError(PAGE_NOT_FOUND);
    const draft = page.draft ?? (await liveAsDraft(tx, id, languages));
    let summary: string;
    if ('language_id' in input) {
      const language = translationLanguage(languages, input.language_id);
      draft.block_texts = { ...draft.block_texts, [language.code]: keptTexts(draft.blocks as Block[], input.texts) };
      summary = `draft: ${language.code} texts`;
    } else {
      const carried = input.layout === 'blocks' && draft.layout === 'html' && !input.blocks?.length;
      if (input.layout) draft.layout = input.layout;
      if (carried && draft.blocks.length === 0) Object.assign(draft, await textAsFirstBlock(tx, id, languages));
      else if (input.blocks) {
        const blocks = input.blocks.map(cleanBlock);
        await checkReferences(tx, blocks, languages.default.code);
        draft.blocks = blocks;
        // Texts of blocks that are gone go with them.
        const ids = new Set(blocks.map((b) => b.id));
        draft.block_texts = Object.fromEntries(
          Object.entries(draft.block_texts).map(([code, texts]) => [
            code,
            Object.fromEntries(Object.entries(texts).filter(([blockId]) => ids.has(blockId))),
          ]),
        );
      }
      summary = `draft: ${draft.blocks.length} blocks`;
    }
    draft.saved_at = new Date().toISOString();
    await tx.update(staticPages).set({ draft }).where(eq(staticPages.id, id));
    await recordChange(tx, editor, 'static_page', id, 'draft', summary);
    return draft;
  });
}

/** Puts a draft live inside the caller's transaction (the page row is locked by the caller). */
export async function applyDraft(tx: Tx, id: number, draft: PageDraft, languages: AdminLanguages): Promise<void> {
  const [page] = await tx
    .update(staticPages)
    .set({ layout: draft.layout, blocks: draft.blocks, draft: null })
    .where(eq(staticPages.id, id))
    .returning({ title: staticPages.title });
  for (const language of languages.all.filter((l) => l.id !== languages.default.id)) {
    const texts = draft.block_texts[language.code] ?? {};
    // No texts: a row of its own would shadow the HTML fallback; clear an existing one only.
    if (Object.keys(texts).length === 0) {
      await tx
        .update(staticPageTranslations)
        .set({ blockTexts: {} })
        .where(and(eq(staticPageTranslations.pageId, id), eq(staticPageTranslations.languageId, language.id)));
      continue;
    }
    await tx
      .insert(staticPageTranslations)
      .values({ pageId: id, languageId: language.id, title: page!.title, content: '', blockTexts: texts })
      .onConflictDoUpdate({
        target: [staticPageTranslations.pageId, staticPageTranslations.languageId],
        set: { blockTexts: texts },
      });
  }
}

/** Publishes the draft: one new version with its blocks and texts, then every cache emptied. */
export async function publishDraft(db: Db, editor: Editor, id: number): Promise<void> {
  const languages = await adminLanguages(db);
  await transaction(db, async (tx) => {
    await saveVersion(tx, languages, editor, id, 'publish draft', async (t) => {
      const [page] = await t.select({ draft: staticPages.draft }).from(staticPages).where(eq(staticPages.id, id));
      if (!page?.draft) throw new ConflictError(NO_DRAFT);
      await applyDraft(t, id, page.draft, languages);
    });
  });
  contentChanged(db, 'content');
}

/** Drops the draft: the editor starts again from what is live. */
export async function discardDraft(db: Db, editor: Editor, id: number): Promise<void> {
  await transaction(db, async (tx) => {
    const [page] = await tx
      .select({ draft: staticPages.draft })
      .from(staticPages)
      .where(eq(staticPages.id, id))
      .for('update');
    if (!page) throw new NotFoundError(PAGE_NOT_FOUND);
    if (!page.draft) throw new ConflictError(NO_DRAFT);
    await tx.update(staticPages).set({ draft: null }).where(eq(staticPages.id, id));
    await recordChange(tx, editor, 'static_page', id, 'draft', 'draft discarded');
  });
}
