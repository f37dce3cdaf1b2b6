/**
 * The URL scheme of uploaded photos (ADR 026, "Images"): every variant lives at
 * `/media/{sha256 of the original}/{width|og}.{avif|webp|jpg}`, so a URL names its bytes forever
 * and is served `immutable`. Only these widths exist (no resize on demand: each one costs an
 * encode, and arbitrary widths would let anyone make the server encode without end). Shared by
 * the server (which renders and serves them) and the pages (which write srcset).
 */

/** Cards (160–480 on phones), gallery (640–1280), thumbnails (160). */
export const VARIANT_WIDTHS = [160, 320, 480, 640, 960, 1280] as const;
export const VARIANT_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

/** Open Graph / JSON-LD: 1200×630, cropped to cover (never enlarged). */
export const OG_VARIANT = { name: 'og', width: 1200, height: 630 } as const;

export type VariantSize = number | typeof OG_VARIANT.name;

export const VARIANT_CONTENT_TYPES: Record<VariantFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
};

const HASH = /^[0-9a-f]{64}$/;

/**
 * The widths an original of `originalWidth` pixels has: the fixed ones not wider than it, and the
 * original width itself when it is narrower than the largest (so the best variant is never blurred
 * by a downscale to the width below). Never wider than the original.
 */
export function variantWidths(originalWidth: number): number[] {
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w <= originalWidth);
  const largest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!;
  if (originalWidth < largest && !widths.includes(originalWidth) && originalWidth > 0) widths.push(originalWidth);
  return widths;
}

export function largestVariantWidth(originalWidth: number): number {
  return variantWidths(originalWidth).at(-1) ?? originalWidth;
}

export function variantUrl(hash: string, size: VariantSize, format: VariantFormat): string {
  return `/media/${hash}/${size}.${format}`;
}

/** The variant a path under /media/ names (`{hash}/{size}.{format}`), or null. */
export function parseVariantPath(path: string): { hash: string; size: VariantSize; format: VariantFormat } | null {
  const match = /^([0-9a-f]{64})\/(og|[1-9]\d{0,4})\.(avif|webp|jpg)$/.exec(path);
  if (!match) return null;
  const size = match[2] === OG_VARIANT.name ? OG_VARIANT.name : Number(match[2]);
  return { hash: match[1]!, size, format: match[3] as VariantFormat };
}

/** Whether `size` is a variant an original of this width has. */
export function hasVariant(originalWidth: number, size: VariantSize): boolean {
  return size === OG_VARIANT.name || variantWidths(originalWidth).includes(size);
}

/** The hash of a `/media/{hash}/…` URL (product_images.url of an upload), or null. */
export function mediaHashOf(url: string): string | null {
  const match = /^\/media\/([0-9a-f]{64})\//.exec(url);
  return match && HASH.test(match[1]!) ? match[1]! : null;
}
