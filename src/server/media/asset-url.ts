/**
 * The URL product_images.url (and category and page images) store for an uploaded photo: the
 * JPEG fallback of its largest variant (ADR 026), so anything that only knows a URL (cart lines,
 * order snapshots, feeds) shows a real image; pages derive the AVIF/WebP srcset from the asset.
 * The image pipeline (src/server/media/*) owns the URL scheme and may change this function.
 */
export function assetUrl(asset: { hash: string; width: number }): string {
  return `/media/${asset.hash}/original.jpg`;
}
