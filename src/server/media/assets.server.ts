/**
 * Uploaded photos (ADR 026): the one way an image enters the shop, for the upload API, the
 * catalogue import and the demo seed. The stripped original is stored under its sha256
 * (`media_assets.hash` is unique), so the same photo uploaded twice, or by two people at once,
 * is one asset. Variants are made later, on first request (variants.server.ts).
 */
import { createHash } from 'node:crypto';
import { transaction } from '@/server/services/transaction';
import { desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mediaAssets } from '../db/schema/index';
import { recordChange } from '../services/admin/audit';
import { assetUrl } from './asset-url';
import { mediaStorage } from './media-storage.server';
import { cleanOriginal } from './original.server';
import { IMAGE_EXTENSION, IMAGE_MIME } from './sniff';
import { originalKey } from './storage';

export { assetUrl };

export type MediaAssetRow = typeof mediaAssets.$inferSelect;

export interface MediaAsset {
  id: number;
  hash: string;
  /** What product_images.url stores (assetUrl): the largest JPEG variant. */
  url: string;
  mime: string;
  width: number;
  height: number;
  bytes: number;
  originalName: string;
  createdAt: Date;
}

export interface UploadOptions {
  /** The file name the person chose (kept for the media library; decides nothing). */
  originalName?: string;
  /** The staff member uploading; null for the seed. An upload by a person is audited. */
  createdBy?: number | null;
}

export function toMediaAsset(row: MediaAssetRow): MediaAsset {
  return {
    id: row.id,
    hash: row.hash,
    url: assetUrl(row),
    mime: row.mime,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    originalName: row.originalName,
    createdAt: row.createdAt,
  };
}

/** Names are shown in the back office only; control characters and overlong names are cut. */
function cleanName(name: string | undefined): string {
  return (name ?? '')
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255);
}

/**
 * Checks, strips and stores an image; answers the existing asset for a photo already uploaded.
 * Throws InvalidInputError (422, field `file`) for anything that is not an acceptable image.
 */
export async function storeUpload(db: Db, bytes: Uint8Array, options: UploadOptions = {}): Promise<MediaAsset> {
  const original = await cleanOriginal(bytes);
  const hash = createHash('sha256').update(original.bytes).digest('hex');
  const key = originalKey(hash, IMAGE_EXTENSION[original.kind]);
  const storage = mediaStorage();
  // Stored before the row, so a row never names a missing file; a second writer writes the same bytes.
  if (!(await storage.has(key))) await storage.put(key, original.bytes, IMAGE_MIME[original.kind]);
  const createdBy = options.createdBy ?? null;
  await transaction(db, async (tx) => {
    const inserted = await tx
      .insert(mediaAssets)
      .values({
        hash,
        mime: IMAGE_MIME[original.kind],
        width: original.width,
        height: original.height,
        bytes: original.bytes.byteLength,
        storageKey: key,
        originalName: cleanName(options.originalName),
        createdBy,
      })
      .onConflictDoNothing({ target: mediaAssets.hash })
      .returning({ id: mediaAssets.id });
    if (inserted[0] && createdBy !== null) {
      await recordChange(
        tx,
        { id: createdBy },
        'media_asset',
        inserted[0].id,
        'upload',
        `${cleanName(options.originalName) || hash.slice(0, 12)} (${original.width}×${original.height})`,
      );
    }
  });
  const [row] = await db.select().from(mediaAssets).where(eq(mediaAssets.hash, hash));
  return toMediaAsset(row!);
}

export async function assetByHash(db: Db, hash: string): Promise<MediaAssetRow | null> {
  const [row] = await db.select().from(mediaAssets).where(eq(mediaAssets.hash, hash)).limit(1);
  return row ?? null;
}

export interface AssetPage {
  assets: MediaAsset[];
  /** `before` of the next (older) page, or null at the end. */
  next: number | null;
}

/** Newest first, keyset pages on the id (ids grow with upload time): `before` is the previous page's `next`. */
export async function listAssets(db: Db, options: { limit: number; before?: number }): Promise<AssetPage> {
  const rows = await db
    .select()
    .from(mediaAssets)
    .where(options.before ? lt(mediaAssets.id, options.before) : undefined)
    .orderBy(desc(mediaAssets.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  return { assets: page.map(toMediaAsset), next: rows.length > options.limit ? page.at(-1)!.id : null };
}
