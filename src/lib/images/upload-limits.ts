/**
 * What an upload may be (ADR 026): small enough to keep in memory and decode without exhausting
 * the server. The byte limit is checked before anything is read into sharp, the side and pixel
 * limits from the header alone (sharp `metadata()`), before the image is decoded.
 */
export const MEDIA_LIMITS = {
  maxBytes: 15 * 1024 * 1024,
  maxPixels: 40_000_000,
  maxSide: 12_000,
} as const;

export const UPLOAD_MESSAGES = {
  missing: 'Choose an image file to upload (form field "file").',
  empty: 'The file is empty.',
  tooLarge: `The file is larger than ${MEDIA_LIMITS.maxBytes / 1024 / 1024} MB.`,
  notImage: 'The file must be a JPEG, PNG, WebP or AVIF image.',
  unreadable: 'The image could not be read; the file may be damaged.',
  tooWide: (width: number, height: number) =>
    `The image may be at most ${MEDIA_LIMITS.maxSide} pixels wide and high (this one is ${width}×${height}).`,
  tooManyPixels: (width: number, height: number) =>
    `The image may have at most ${MEDIA_LIMITS.maxPixels / 1_000_000} megapixels (this one has ${((width * height) / 1_000_000).toFixed(1)}).`,
} as const;

/** The first limit an image of these dimensions breaks, or null. */
export function dimensionProblem(width: number, height: number): string | null {
  if (width > MEDIA_LIMITS.maxSide || height > MEDIA_LIMITS.maxSide) return UPLOAD_MESSAGES.tooWide(width, height);
  if (width * height > MEDIA_LIMITS.maxPixels) return UPLOAD_MESSAGES.tooManyPixels(width, height);
  return null;
}
