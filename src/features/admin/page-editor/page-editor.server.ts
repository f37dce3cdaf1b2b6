/**
 * What the page editor island starts with (ADR 027): the page's stored blocks (through the same
 * upgrade and parse as rendering), this language's block texts, the categories and questions
 * blocks can point at, and the photos the blocks already use (for their thumbnails).
 */
import type { Db } from '@/server/db/client';
import { type Block, type BlockTexts, blockAssetIds, blockSchema, upgradeBlock } from '@/lib/contract/blocks';
import { photosByIds } from '@/server/media/library.server';
import { pagePublishingState } from '@/server/services/admin/content/page-seo.server';
import { adminPageBlocks } from '@/server/services/admin/content/page-blocks.server';
import { listAdminFaqs } from '@/server/services/admin/content/faqs.server';
import { type AdminCategoryNode, adminCategoryTree } from '@/server/services/admin/catalog/categories.server';
import type { PageEditorProps } from './PageEditor';
import type { PagePublishingProps } from './PagePublishing';

function categoryChoices(nodes: readonly AdminCategoryNode[], path = ''): { id: number; label: string }[] {
  return nodes.flatMap((n) => {
    const label = path ? `${path} › ${n.name}` : n.name;
    return [{ id: n.id, label }, ...categoryChoices(n.children, label)];
  });
}

export async function loadPageEditor(
  db: Db,
  pageId: number,
  language: { id: number; code: string },
  defaultCode: string,
  unpublished: string,
): Promise<Omit<PageEditorProps, 'language' | 'defaultLanguage' | 'uiTexts' | 'locale'> | null> {
  const stored = await adminPageBlocks(db, pageId);
  if (!stored) return null;
  // Unpublished changes, when there are some, are what the editor continues.
  const draft = stored.draft;
  const blocks = ((draft?.blocks ?? stored.blocks ?? []) as Record<string, unknown>[]).flatMap((b): Block[] => {
    const parsed = blockSchema.safeParse(upgradeBlock(b));
    return parsed.success ? [parsed.data] : [];
  });
  const [tree, faqList] = await Promise.all([adminCategoryTree(db), listAdminFaqs(db)]);
  const assetIds = [...new Set(blocks.flatMap(blockAssetIds))];
  const photos = await photosByIds(db, assetIds, defaultCode);
  return {
    pageId,
    layout: (draft?.layout ?? stored.layout) === 'blocks' ? 'blocks' : 'html',
    blocks,
    texts: ((draft ? draft.block_texts : (stored.texts as Record<string, BlockTexts>))[language.code] ??
      {}) as BlockTexts,
    draftSavedAt: draft?.saved_at ?? null,
    choices: {
      categories: categoryChoices(tree),
      faqs: faqList.map((f) => ({ id: f.id, label: f.published ? f.title : `${f.title} (${unpublished})` })),
      defaultLanguage: defaultCode,
    },
    photos,
  };
}

/** The publishing forms' current values: the plan, and search and sharing in this language. */
export async function loadPagePublishing(
  db: Db,
  pageId: number,
  language: { id: number; code: string; title: string },
  defaultCode: string,
): Promise<Omit<PagePublishingProps, 'uiTexts' | 'locale'> | null> {
  const page = await pagePublishingState(db, pageId);
  if (!page) return null;
  const ogId = page.seo.og_asset_id ?? null;
  const [og] = ogId ? await photosByIds(db, [ogId], defaultCode) : [];
  const own = page.seo.texts?.[language.code] ?? {};
  return {
    pageId,
    language,
    isDefaultLanguage: language.code === defaultCode,
    defaultCode,
    publishAt: page.publishAt?.toISOString() ?? null,
    unpublishAt: page.unpublishAt?.toISOString() ?? null,
    metaTitle: own.title ?? '',
    metaDescription: own.description ?? '',
    ogPhoto: og ?? null,
    noindex: page.seo.noindex ?? false,
  };
}
