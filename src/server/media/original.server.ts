import sharp, { type Metadata, type Sharp, type SharpOptions } from 'sharp';
import { InvalidInputError } from '../services/errors';
import { MEDIA_LIMITS, UPLOAD_MESSAGES, dimensionProblem } from '@/lib/images/upload-limits';
import { type ImageKind, sniffImage } from './sniff';

export interface CleanOriginal {
  kind: ImageKind;
  bytes: Uint8Array;
  /** After orientation: what the browser shows. */
  width: number;
  height: number;
}

const refuse = (message: string) => new InvalidInputError(message, { file: [message] });

/** Re-encoded in its own format; quality high enough that variants are made from a clean source. */
function encode(image: Sharp, kind: ImageKind): Sharp {
  switch (kind) {
    case 'jpeg':
      return image.jpeg({ quality: 90, mozjpeg: true });
    case 'png':
      return image.png({ compressionLevel: 8 });
    case 'webp':
      return image.webp({ quality: 90 });
    case 'avif':
      return image.avif({ quality: 70, effort: 3 });
  }
}

/**
 * The upload as the shop keeps it: sniffed from its bytes, its size and dimensions checked from
 * the header before it is decoded, turned upright and re-encoded without metadata (EXIF, GPS,
 * camera serial numbers, XMP, comments never leave the server; the colours are converted to sRGB).
 */
export async function cleanOriginal(bytes: Uint8Array): Promise<CleanOriginal> {
  if (bytes.byteLength === 0) throw refuse(UPLOAD_MESSAGES.empty);
  if (bytes.byteLength > MEDIA_LIMITS.maxBytes) throw refuse(UPLOAD_MESSAGES.tooLarge);
  const kind = sniffImage(bytes);
  if (!kind) throw refuse(UPLOAD_MESSAGES.notImage);
  const options: SharpOptions = { limitInputPixels: MEDIA_LIMITS.maxPixels, sequentialRead: true };
  let metadata: Metadata;
  try {
    // The header only (no limit here, so an oversized image gets its own message below); the
    // decode that follows has the pixel limit as a second guard.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse(UPLOAD_MESSAGES.unreadable);
  }
  if (!metadata.width || !metadata.height) throw refuse(UPLOAD_MESSAGES.unreadable);
  const problem = dimensionProblem(metadata.width, metadata.height);
  if (problem) throw refuse(problem);
  try {
    const { data, info } = await encode(sharp(bytes, options).autoOrient(), kind).toBuffer({ resolveWithObject: true });
    return {
      kind,
      bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      width: info.width,
      height: info.height,
    };
  } catch {
    throw refuse(UPLOAD_MESSAGES.unreadable);
  }
}
