/**
 * What a blocks page needs to render (ADR 027): its blocks in the visitor's language (stored
 * blocks read through the upgrades and checked again, so a bad stored block is left out rather
 * than rendered), and everything the blocks point at, read in a few queries: photos, the product
 * grids (live from the catalogue, in the visitor's language and currency), categories, FAQ entries.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import {
  faqs,
  faqTranslations,
  mediaAssets,
  products,
  staticPages,
  staticPageTranslations,
} from '@/server/db/schema/index';
import { assetUrl } from '@/server/media/asset-url';
import { type Block, blockAssetIds, blockSchema, upgradeBlock } from '@/lib/contract/blocks';
import { logger } from '@/server/logger';
import { productsByIds } from '@/server/services/catalog/by-ids';
import { type ListContext, newArrivals, onSale } from '@/server/services/catalog/product-lists';
import type { ProductJson } from '@/server/services/catalog/product-json';
import { rowsOf } from '@/server/services/catalog/rows';
import { type CategoryNode, getCategoryTree } from '@/server/services/categories';
import { renderStoredHtml } from '@/server/services/html';
import { type FeaturedCategory, getFeaturedCategories } from '@/server/services/content';
import { blocksInLanguage } from './block-texts';

export interface BlockData {
  photos: Map<number, { url: string; width: number; height: number }>;
  products: Map<string, ProductJson[]>;
  categories: Map<number, CategoryNode>;
  faqs: Map<number, { title: string; content: string }>;
  /** For a featured block: the featured categories its tiles default to; null when they could not be loaded. */
  featured: FeaturedCategory[] | null;
}

/** What the caller already has (the home page loads the category tree and the featured categories itself). */
export interface KnownBlockData {
  tree?: CategoryNode[];
  featured?: FeaturedCategory[] | null;
}

/** The page's blocks in the language, or null for a page written in HTML. */
export async function pageBlocks(
  db: Db,
  pageId: number,
  languageId: number,
  options: { draft?: { languageCode: string } } = {},
): Promise<Block[] | null> {
  const [row] = await db
    .select({ layout: staticPages.layout, blocks: staticPages.blocks, draft: staticPages.draft })
    .from(staticPages)
    .where(eq(staticPages.id, pageId));
  // A preview link shows the unpublished changes (ADR 027), if there are any.
  const draft = options.draft && row?.draft ? row.draft : null;
  const page = draft ?? row;
  if (!page || page.layout !== 'blocks') return null;
  const [own] = draft
    ? [{ texts: draft.block_texts[options.draft!.languageCode] ?? {} }]
    : await db
        .select({ texts: staticPageTranslations.blockTexts })
        .from(staticPageTranslations)
        .where(and(eq(staticPageTranslations.pageId, pageId), eq(staticPageTranslations.languageId, languageId)));
  return blocksInLanguage(storedBlocks(page.blocks, pageId), own?.texts);
}

/** Stored blocks read through the upgrades and checked again: a block that fails is left out and logged. */
export function storedBlocks(stored: readonly unknown[], pageId: number): Block[] {
  const blocks: Block[] = [];
  for (const one of stored) {
    const parsed = blockSchema.safeParse(upgradeBlock(one as Record<string, unknown>));
    if (parsed.success) blocks.push(parsed.data);
    else logger.warn({ pageId, issues: parsed.error.issues.slice(0, 3) }, 'stored page block left out');
  }
  return blocks;
}

async function gridProducts(
  db: Db,
  block: Extract<Block, { type: 'product_grid' }>,
  ctx: ListContext,
): Promise<ProductJson[]> {
  const source = block.source;
  if (source.kind === 'sale') return onSale(db, block.count, ctx);
  if (source.kind === 'new') return newArrivals(db, block.count, ctx);
  const ids =
    source.kind === 'skus'
      ? (
          await db
            .select({ id: products.id })
            .from(products)
            .where(and(eq(products.active, true), inArray(products.sku, source.skus)))
            .limit(block.count)
        ).map((r) => r.id)
      : rowsOf<{ id: number }>(
          await db.execute(sql`select p.id from products p where p.active and exists (select 1 from product_categories pc where pc.product_id = p.id
            and pc.category_id in (select c.id from categories c where c.id = ${source.category_id} or c.parent_id = ${source.category_id}))
            order by p.created_at desc, p.id desc limit ${block.count}`),
        ).map((r) => Number(r.id));
  const found = await productsByIds(db, ids, ctx);
  // Hand-picked SKUs keep the order staff gave them.
  if (source.kind === 'skus') return source.skus.flatMap((sku) => found.filter((p) => p.sku === sku));
  return found;
}

export async function loadBlockData(
  db: Db,
  blocks: readonly Block[],
  ctx: ListContext,
  known: KnownBlockData = {},
): Promise<BlockData> {
  const assetIds = blocks.flatMap(blockAssetIds);
  const faqIds = blocks.flatMap((b) => (b.type === 'faq' ? b.faq_ids : []));
  const hasFeatured = blocks.some((b) => b.type === 'featured');
  const needsTree = !known.tree && blocks.some((b) => b.type === 'category_tiles' || b.type === 'featured');
  const [photos, grids, tree, faqRows, featured] = await Promise.all([
    assetIds.length
      ? db
          .select({ id: mediaAssets.id, hash: mediaAssets.hash, width: mediaAssets.width, height: mediaAssets.height })
          .from(mediaAssets)
          .where(inArray(mediaAssets.id, assetIds))
      : [],
    Promise.all(
      blocks.filter((b) => b.type === 'product_grid').map(async (b) => [b.id, await gridProducts(db, b, ctx)] as const),
    ),
    needsTree ? getCategoryTree(db, ctx.languageId) : Promise.resolve(known.tree ?? []),
    faqIds.length
      ? db
          .select({
            id: faqs.id,
            title: sql<string>`coalesce(nullif(${faqTranslations.title}, ''), ${faqs.title})`,
            content: sql<string>`coalesce(nullif(${faqTranslations.content}, ''), ${faqs.content})`,
          })
          .from(faqs)
          .leftJoin(
            faqTranslations,
            and(eq(faqTranslations.faqId, faqs.id), eq(faqTranslations.languageId, ctx.languageId)),
          )
          .where(and(inArray(faqs.id, faqIds), eq(faqs.published, true)))
      : [],
    // A failed load leaves the tiles at their defaults, as on the home page.
    known.featured !== undefined || !hasFeatured
      ? Promise.resolve(known.featured ?? null)
      : getFeaturedCategories(db, ctx.languageId).catch((error: unknown) => {
          logger.warn({ err: error }, 'featured categories of a block failed');
          return null;
        }),
  ]);
  const flat = tree.flatMap((top) => [top, ...top.subcategories, ...top.subcategories.flatMap((s) => s.subcategories)]);
  return {
    photos: new Map(photos.map((p) => [p.id, { url: assetUrl(p), width: p.width, height: p.height }])),
    products: new Map(grids),
    categories: new Map(flat.map((c) => [c.id, c])),
    faqs: new Map(faqRows.map((f) => [f.id, { title: f.title, content: renderStoredHtml(f.content) }])),
    featured,
  };
}

/**
 * Blocks as the public API answers them (GET /api/static-pages/:idOrSlug): the blocks shown
 * (pageBlocks already left hidden ones out and laid the language's texts over them), rich text
 * sanitised again as on render, without the `hidden` flag.
 */
export function publicBlocks(blocks: readonly Block[]): Block[] {
  return blocks.map((block) => {
    const { hidden: _hidden, ...shown } = block;
    return ('html' in shown ? { ...shown, html: renderStoredHtml(shown.html) } : shown) as Block;
  });
}
