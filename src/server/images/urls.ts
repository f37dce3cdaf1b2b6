/**
 * Generated images are served with `Cache-Control: immutable`, so their URLs carry the renderer
 * version: bump IMAGE_VERSION whenever the drawings change, and browsers fetch the new ones.
 * (A product renamed later keeps its old picture until the version changes; acceptable for
 * generated placeholders.)
 */
export const IMAGE_VERSION = 1;

export const productImageUrl = (productId: number, n: number) =>
  `/images/products/${productId}/${n}.svg?v=${IMAGE_VERSION}`;

export const categoryImageUrl = (slug: string) => `/images/categories/${slug}.svg?v=${IMAGE_VERSION}`;

export const FALLBACK_IMAGE_URL = `/images/fallback.svg?v=${IMAGE_VERSION}`;
