/**
 * Zips of the shapes the issue-27 review used against the catalogue import: compression bombs of
 * zeros, many small entries, and a zip whose directory lies about an entry's size.
 */
import { randomBytes } from 'node:crypto';
import { zipSync, type Zippable } from 'fflate';

export const MiB = 1024 * 1024;

/** `count` entries of `size` zeros at the paths `path(i)`: ~1000:1 compressed. */
export function zerosZip(count: number, path: (i: number) => string, size = 15 * MiB): Uint8Array {
  const zeros = new Uint8Array(size);
  const files: Zippable = {};
  for (let i = 0; i < count; i++) files[path(i)] = [zeros, { level: 9 }];
  return zipSync(files);
}

/** `count` entries `small-{i}.png` of `size` random bytes (incompressible), plus `extra` as they are. */
export function smallEntriesZip(count: number, size: number, extra: Record<string, Uint8Array> = {}): Uint8Array {
  const files: Zippable = { ...extra };
  for (let i = 0; i < count; i++) files[`small/small-${i}.png`] = [new Uint8Array(randomBytes(size)), { level: 0 }];
  return zipSync(files);
}

/**
 * The zip with `path`'s declared (inflated) size changed to `size`, in its local header and in
 * the central directory: a zip that lies, as a crafted bomb does.
 */
export function withDeclaredSize(zip: Uint8Array, path: string, size: number): Uint8Array {
  const copy = new Uint8Array(zip);
  const data = new DataView(copy.buffer);
  const name = new TextEncoder().encode(path);
  const nameAt = (at: number) => name.every((b, i) => copy[at + i] === b);
  for (let at = 0; at + 46 < copy.length; at++) {
    const signature = data.getUint32(at, true);
    if (signature === 0x04034b50 && data.getUint16(at + 26, true) === name.length && nameAt(at + 30)) data.setUint32(at + 22, size, true);
    if (signature === 0x02014b50 && data.getUint16(at + 28, true) === name.length && nameAt(at + 46)) data.setUint32(at + 24, size, true);
  }
  return copy;
}
