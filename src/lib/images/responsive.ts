/**
 * How a product image is written into a page (ADR 026): an uploaded photo becomes a <picture>
 * with AVIF and WebP sources and a JPEG <img> fallback, each with a srcset of the photo's
 * variants and the layout's `sizes`, so a phone fetches a phone-sized file; a generated SVG or an
 * outside URL stays a plain <img>. width/height are always set, so nothing shifts when it loads.
 */
import { type VariantFormat, mediaHashOf, variantUrl, variantWidths } from './variants';

export interface ImageInput {
  url: string;
  /** The uploaded original's dimensions; null for a generated drawing or an outside URL. */
  width?: number | null;
  height?: number | null;
}

export interface ResponsiveOptions {
  /** The `sizes` attribute: how wide the image is drawn, per layout. */
  sizes: string;
  /** The box a non-photo is drawn in (its width/height attributes). */
  fallback: { width: number; height: number };
  /** Widest variant worth offering (a 72 px thumbnail needs no 1280 px file). */
  maxWidth?: number;
}

export interface PictureSource {
  type: 'image/avif' | 'image/webp';
  srcset: string;
}

export interface ResponsiveImage {
  /** AVIF then WebP; empty: a plain <img>. */
  sources: PictureSource[];
  src: string;
  srcset?: string;
  sizes?: string;
  width: number;
  height: number;
}

/** The JPEG a browser without srcset gets: a middling width, enough for a card or a phone. */
const FALLBACK_SRC_WIDTH = 640;

function srcsetOf(hash: string, widths: number[], format: VariantFormat): string {
  return widths.map((w) => `${variantUrl(hash, w, format)} ${w}w`).join(', ');
}

export function responsiveImage(image: ImageInput, options: ResponsiveOptions): ResponsiveImage {
  const hash = mediaHashOf(image.url);
  if (!hash || !image.width || !image.height) {
    return { sources: [], src: image.url, width: options.fallback.width, height: options.fallback.height };
  }
  const all = variantWidths(image.width);
  const cap = options.maxWidth ?? Infinity;
  // At least the smallest variant, even when it is over the cap.
  const widths = all.filter((w) => w <= cap);
  if (widths.length === 0) widths.push(all[0]!);
  const srcWidth = [...widths].reverse().find((w) => w <= FALLBACK_SRC_WIDTH) ?? widths[0]!;
  return {
    sources: [
      { type: 'image/avif', srcset: srcsetOf(hash, widths, 'avif') },
      { type: 'image/webp', srcset: srcsetOf(hash, widths, 'webp') },
    ],
    src: variantUrl(hash, srcWidth, 'jpg'),
    srcset: srcsetOf(hash, widths, 'jpg'),
    sizes: options.sizes,
    width: image.width,
    height: image.height,
  };
}

/**
 * The image for Open Graph and JSON-LD: an uploaded photo's 1200×630 JPEG crop (what link previews
 * want), anything else as it is. Relative; the page makes it absolute.
 */
export function shareImageUrl(image: ImageInput): string {
  const hash = mediaHashOf(image.url);
  return hash && image.width ? variantUrl(hash, 'og', 'jpg') : image.url;
}

/** A small JPEG of an upload for thumbnails that only know a URL (cart lines); other URLs unchanged. */
export function thumbnailUrl(url: string, width = 160): string {
  const match = /^\/media\/([0-9a-f]{64})\/(\d+)\.jpg$/.exec(url);
  if (!match) return url;
  const largest = Number(match[2]);
  // product_images.url names the largest variant: when it is wider, `width` is a variant too.
  return largest > width ? variantUrl(match[1]!, width, 'jpg') : url;
}
