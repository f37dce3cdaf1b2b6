/**
 * Responsive variants of uploaded photos (ADR 026), made on first request and stored beside the
 * original, so each is encoded once per storage. Only the sizes of src/lib/images/variants.ts
 * exist: a request for any other width is a 404, never a resize.
 */
import sharp, { type Sharp } from 'sharp';
import {
  OG_VARIANT,
  VARIANT_CONTENT_TYPES,
  type VariantFormat,
  type VariantSize,
  hasVariant,
} from '@/lib/images/variants';
import type { Db } from '../db/client';
import { assetByHash } from './assets.server';
import { MEDIA_LIMITS } from '@/lib/images/upload-limits';
import { mediaStorage } from './media-storage.server';
import { variantKey } from './storage';

export interface Variant {
  bytes: Uint8Array;
  contentType: string;
}

/**
 * Settings tuned for photos on phones: AVIF about half of the JPEG's bytes at the same look, WebP
 * in between; the JPEG (fallback and Open Graph) progressive, from mozjpeg.
 */
function encode(image: Sharp, format: VariantFormat): Sharp {
  switch (format) {
    case 'avif':
      return image.avif({ quality: 50, effort: 4 });
    case 'webp':
      return image.webp({ quality: 72, effort: 4 });
    case 'jpg':
      return image.jpeg({ quality: 76, mozjpeg: true, progressive: true });
  }
}

async function render(original: Uint8Array, size: VariantSize, format: VariantFormat): Promise<Uint8Array> {
  let image = sharp(original, { limitInputPixels: MEDIA_LIMITS.maxPixels });
  image =
    size === OG_VARIANT.name
      ? image.resize(OG_VARIANT.width, OG_VARIANT.height, {
          fit: 'cover',
          position: 'attention',
          withoutEnlargement: true,
        })
      : image.resize({ width: size, withoutEnlargement: true });
  // JPEG has no alpha: a transparent PNG is laid on white rather than on black.
  if (format === 'jpg') image = image.flatten({ background: '#ffffff' });
  const data = await encode(image, format).toBuffer();
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/** Encodes under way in this process, by storage key: concurrent first requests share one. */
const inFlight = new Map<string, Promise<Uint8Array>>();

/**
 * At most this many encodes at once per process: a page full of new photos (or a crawler) asks
 * for dozens of variants together, and each decode of a large original holds tens of MB.
 */
const MAX_PARALLEL_ENCODES = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function withEncodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL_ENCODES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter, so `running` only drops when nobody waits.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** The variant's bytes (made and stored on first request), or null when the asset or size does not exist. */
export async function mediaVariant(
  db: Db,
  hash: string,
  size: VariantSize,
  format: VariantFormat,
): Promise<Variant | null> {
  const asset = await assetByHash(db, hash);
  if (!asset || !hasVariant(asset.width, size)) return null;
  const contentType = VARIANT_CONTENT_TYPES[format];
  const key = variantKey(hash, size, format);
  const storage = mediaStorage();
  const stored = await storage.get(key);
  if (stored) return { bytes: stored, contentType };
  let pending = inFlight.get(key);
  if (!pending) {
    pending = (async () => {
      const original = await storage.get(asset.storageKey);
      if (!original)
        throw new Error(`The original of media asset ${asset.id} is missing from storage (${asset.storageKey}).`);
      const bytes = await withEncodeSlot(() => render(original, size, format));
      await storage.put(key, bytes, contentType);
      return bytes;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return { bytes: await pending, contentType };
}

/** How many encodes are under way (tests: concurrent first requests make one). */
export const encodesInFlight = () => inFlight.size;
