/**
 * The media library (ADR 027): uploaded photos found by name, their alternative texts per
 * language, where each is used (product photos, page blocks, drafts and earlier versions, sharing
 * photos, category and featured-category photos),
 * and a delete that refuses while a photo is in use, so no page or product loses its picture.
 */
import { keyUnder } from '@/lib/translator';
import { localized } from '@/server/services/localized';
import { transaction } from '@/server/services/transaction';
import { and, desc, eq, ilike, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { mediaAssets } from '@/server/db/schema/index';
import { ConflictError, InvalidInputError, NotFoundError } from '@/server/services/errors';
import { type Editor, recordChange } from '@/server/services/admin/audit';
import { adminLanguages } from '@/server/services/admin/languages';
import { contentChanged } from '@/server/services/content-changed';
import { assetUrl } from './asset-url';

export interface LibraryItem {
  id: number;
  url: string;
  width: number;
  height: number;
  bytes: number;
  original_name: string;
  alt: Record<string, string>;
  /** Products and pages that show it. */
  usage: { products: number; pages: number; categories: number };
  created_at: string;
}

export const ASSET_NOT_FOUND = localized('admin.api.photoNotFound');

/**
 * Where a photo is used, one subquery per kind of place (for one photo or a page of the library).
 * Pages name photos by `asset_id` anywhere in their blocks (hero, image, image-text, featured
 * tiles...): a JSON path search finds every one, whatever block type holds it. A photo in a
 * draft, an earlier version (it can be restored) or a page's sharing photo is in use just as much
 * as one on a published page: deleting it would publish or restore a missing image (issue 27).
 */
const ASSET = sql`"media_assets"."id"`;
const MEDIA_PREFIX = sql`'/media/' || "media_assets"."hash" || '/%'`;
const holds = (json: ReturnType<typeof sql>) =>
  sql`jsonb_path_exists(${json}, '$.**.asset_id ? (@ == $id)', jsonb_build_object('id', ${ASSET}))`;
const places = {
  products: sql<number>`(select count(distinct pi.product_id)::int from product_images pi where pi.asset_id = ${ASSET})`,
  pages: sql<number>`(select count(*)::int from static_pages sp where ${holds(sql`sp.blocks`)})`,
  drafts: sql<number>`(select count(*)::int from static_pages sp where sp.draft is not null and ${holds(sql`sp.draft -> 'blocks'`)})`,
  versions: sql<number>`(select count(distinct v.page_id)::int from static_page_versions v where ${holds(sql`coalesce(v.snapshot -> 'blocks', '[]'::jsonb)`)})`,
  sharing: sql<number>`(select count(*)::int from static_pages sp where (sp.seo ->> 'og_asset_id')::int = ${ASSET})`,
  categories: sql<number>`(select count(*)::int from categories c where c.image_url like ${MEDIA_PREFIX})`,
  featured: sql<number>`(select count(*)::int from featured_categories f where f.image_url like ${MEDIA_PREFIX})`,
};
/** The library's summary: every page that holds the photo in any way, categories with featured ones. */
const usage = {
  products: places.products,
  pages: sql<number>`(select count(*)::int from static_pages sp where ${holds(sql`sp.blocks`)} or (sp.draft is not null and ${holds(sql`sp.draft -> 'blocks'`)}) or (sp.seo ->> 'og_asset_id')::int = ${ASSET} or exists (select 1 from static_page_versions v where v.page_id = sp.id and ${holds(sql`coalesce(v.snapshot -> 'blocks', '[]'::jsonb)`)}))`,
  categories: sql<number>`(${places.categories} + ${places.featured})`,
};

/** The message key of each kind of place, in the order the refusal names them. */
const PLACE_KEYS: [keyof typeof places, string][] = [
  ['products', 'Product'],
  ['pages', 'Page'],
  ['drafts', 'PageDraft'],
  ['versions', 'PageVersion'],
  ['sharing', 'Sharing'],
  ['categories', 'Category'],
  ['featured', 'Featured'],
];

export async function listLibrary(
  db: Db,
  options: { q?: string; before?: number; limit: number },
): Promise<{ items: LibraryItem[]; next: number | null }> {
  const q = (options.q ?? '').trim();
  const rows = await db
    .select({ asset: mediaAssets, products: usage.products, pages: usage.pages, categories: usage.categories })
    .from(mediaAssets)
    .where(
      and(
        options.before ? lt(mediaAssets.id, options.before) : undefined,
        q ? ilike(mediaAssets.originalName, `%${q.replaceAll(/[%_\\]/g, '\\$&')}%`) : undefined,
      ),
    )
    .orderBy(desc(mediaAssets.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  return {
    items: page.map((r) => ({
      id: r.asset.id,
      url: assetUrl(r.asset),
      width: r.asset.width,
      height: r.asset.height,
      bytes: r.asset.bytes,
      original_name: r.asset.originalName,
      alt: r.asset.alt,
      usage: { products: Number(r.products), pages: Number(r.pages), categories: Number(r.categories) },
      created_at: r.asset.createdAt.toISOString(),
    })),
    next: rows.length > options.limit ? page.at(-1)!.asset.id : null,
  };
}

/** Sets the photo's alternative texts; the default language's is required. */
export async function setAssetAlt(
  db: Db,
  editor: Editor,
  id: number,
  alt: Record<string, string>,
): Promise<Record<string, string>> {
  const languages = await adminLanguages(db);
  const codes = new Set(languages.all.map((l) => l.code));
  const unknown = Object.keys(alt).find((code) => !codes.has(code));
  if (unknown)
    throw new InvalidInputError(localized('admin.api.unknownLanguageCode', { code: unknown }), {
      alt: [localized('admin.api.unknownLanguageCode', { code: unknown })],
    });
  const clean = Object.fromEntries(
    Object.entries(alt)
      .map(([code, text]) => [code, text.trim()])
      .filter(([, text]) => text !== ''),
  );
  if (!clean[languages.default.code]) {
    const message = localized('admin.api.altRequired', { language: languages.default.title });
    throw new InvalidInputError(message, { [`alt.${languages.default.code}`]: [message] });
  }
  const [row] = await db
    .update(mediaAssets)
    .set({ alt: clean })
    .where(eq(mediaAssets.id, id))
    .returning({ id: mediaAssets.id });
  if (!row) throw new NotFoundError(ASSET_NOT_FOUND);
  await recordChange(db, editor, 'media_asset', id, 'alt', Object.keys(clean).join(', '));
  contentChanged(db, 'content');
  return clean;
}

/**
 * Deletes a photo nothing uses (its stored files stay: content-addressed, harmless, reused if it
 * comes back); 409 naming every kind of place that still uses it. The photo's row is locked first:
 * a page's blocks and sharing photo are saved under shared locks of the photos they name
 * (page-blocks-admin checkReferences, page-seo), and product photos refer to it by foreign key,
 * so a save and this delete take turns and the check sees the committed save.
 */
export async function deleteAsset(db: Db, editor: Editor, id: number): Promise<void> {
  await transaction(db, async (tx) => {
    const [asset] = await tx.select().from(mediaAssets).where(eq(mediaAssets.id, id)).for('update');
    if (!asset) throw new NotFoundError(ASSET_NOT_FOUND);
    const [counts] = await tx.select(places).from(mediaAssets).where(eq(mediaAssets.id, id));
    const used = PLACE_KEYS.map(([place, what]) => [Number(counts![place]), what] as const)
      .filter(([n]) => n > 0)
      .map(([n, what]) => localized(keyUnder('admin.api.used', what), { count: n }));
    // "2 products and the draft of 1 page": each part and each "and" in the admin's language.
    if (used.length)
      throw new ConflictError(
        localized('admin.api.photoInUse', {
          uses: used.reduce((list, part) => localized('admin.api.usedAnd', { list, part })),
        }),
      );
    await tx.delete(mediaAssets).where(eq(mediaAssets.id, id));
    await recordChange(tx, editor, 'media_asset', id, 'delete', asset.originalName || asset.hash.slice(0, 12));
  });
}

/** Photos by id as the editors' pickers show them: URL, file name, the default language's alternative text. */
export async function photosByIds(
  db: Db,
  ids: readonly number[],
  defaultCode: string,
): Promise<{ id: number; url: string; name: string; alt: string }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(mediaAssets)
    .where(inArray(mediaAssets.id, [...ids]));
  return rows.map((a) => ({ id: a.id, url: assetUrl(a), name: a.originalName, alt: a.alt[defaultCode] ?? '' }));
}
