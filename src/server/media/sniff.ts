/**
 * What an uploaded file is, read from its first bytes (magic numbers): the name and the declared
 * Content-Type are the sender's word and decide nothing (a PNG named photo.jpg is a PNG; a text
 * file named photo.jpg is refused).
 */
export type ImageKind = 'jpeg' | 'png' | 'webp' | 'avif';

export const IMAGE_MIME: Record<ImageKind, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};

export const IMAGE_EXTENSION: Record<ImageKind, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif' };

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const AVIF_BRANDS = new Set(['avif', 'avis']);

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/**
 * AVIF is an ISO-BMFF file whose `ftyp` box names `avif`/`avis` as its major or a compatible brand
 * (HEIC photos share the box with other brands and are not taken: browsers cannot show them).
 */
function isAvif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const end = Math.min(boxSize, bytes.length, 256);
  if (boxSize < 16) return false;
  if (AVIF_BRANDS.has(ascii(bytes, 8, 12))) return true;
  for (let at = 16; at + 4 <= end; at += 4) if (AVIF_BRANDS.has(ascii(bytes, at, at + 4))) return true;
  return false;
}

export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && startsWith(bytes, PNG)) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (isAvif(bytes)) return 'avif';
  return null;
}
