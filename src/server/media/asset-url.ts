import { largestVariantWidth, variantUrl } from '@/lib/images/variants';

/**
 * The URL product_images.url (and category and page images) store for an uploaded photo: the
 * JPEG fallback of its largest variant (ADR 026), so anything that only knows a URL (cart lines,
 * order snapshots, feeds) shows a real image; pages derive the AVIF/WebP srcset from the asset.
 */
export function assetUrl(asset: { hash: string; width: number }): string {
  return variantUrl(asset.hash, largestVariantWidth(asset.width), 'jpg');
}
