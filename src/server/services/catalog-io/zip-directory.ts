/**
 * The table of contents of a zip (its central directory), read without inflating anything, so the
 * images import can refuse a zip bomb by its entry count, its declared sizes and its duplicate
 * names before a single byte is inflated (ADR 026). Plain ZIP only: a ZIP64 archive (over 65 535
 * entries or 4 GB) is refused, as is an encrypted entry. Pure.
 */

export interface ZipEntry {
  /** The full path in the zip (`d0/b.png`). */
  path: string;
  /** 0 stored, 8 deflated; anything else cannot be read. */
  method: number;
  encrypted: boolean;
  compressedSize: number;
  /** As the zip declares it: the inflater still stops at the limit whatever this says. */
  size: number;
  crc32: number;
  /** Where the entry's local header starts. */
  localOffset: number;
}

export class ZipFormatError extends Error {
  override name = 'ZipFormatError';
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end record is 22 bytes plus a comment of at most 65 535. */
const MAX_END_SEARCH = 22 + 0xffff;

function view(zip: Uint8Array) {
  return new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
}

/** Every entry the central directory lists (folders included: their path ends in `/`). */
export function readZipDirectory(zip: Uint8Array): ZipEntry[] {
  const data = view(zip);
  let end = -1;
  for (let at = zip.byteLength - 22; at >= Math.max(0, zip.byteLength - MAX_END_SEARCH); at--) {
    if (data.getUint32(at, true) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new ZipFormatError('no zip directory');
  const count = data.getUint16(end + 10, true);
  const directorySize = data.getUint32(end + 12, true);
  const directoryOffset = data.getUint32(end + 16, true);
  if (count === 0xffff || directoryOffset === 0xffffffff) throw new ZipFormatError('ZIP64');
  if (directoryOffset + directorySize > end) throw new ZipFormatError('directory out of bounds');
  const names = new TextDecoder('utf-8');
  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || data.getUint32(at, true) !== DIRECTORY_ENTRY) throw new ZipFormatError('damaged directory');
    const nameLength = data.getUint16(at + 28, true);
    const extraLength = data.getUint16(at + 30, true);
    const commentLength = data.getUint16(at + 32, true);
    const entry: ZipEntry = {
      path: names.decode(zip.subarray(at + 46, at + 46 + nameLength)),
      method: data.getUint16(at + 10, true),
      encrypted: (data.getUint16(at + 8, true) & 1) === 1,
      crc32: data.getUint32(at + 16, true),
      compressedSize: data.getUint32(at + 20, true),
      size: data.getUint32(at + 24, true),
      localOffset: data.getUint32(at + 42, true),
    };
    if (entry.compressedSize === 0xffffffff || entry.size === 0xffffffff || entry.localOffset === 0xffffffff)
      throw new ZipFormatError('ZIP64');
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The entry's compressed bytes (a view into the zip, nothing copied). */
export function compressedBytes(zip: Uint8Array, entry: ZipEntry): Uint8Array {
  const data = view(zip);
  const at = entry.localOffset;
  if (at + 30 > zip.byteLength || data.getUint32(at, true) !== LOCAL_HEADER) throw new ZipFormatError('damaged entry');
  const start = at + 30 + data.getUint16(at + 26, true) + data.getUint16(at + 28, true);
  if (start + entry.compressedSize > zip.byteLength) throw new ZipFormatError('entry out of bounds');
  return zip.subarray(start, start + entry.compressedSize);
}
