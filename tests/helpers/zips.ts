/**
 * Zips of the shapes the issue-27 review used against the catalogue import: compression bombs of
 * zeros, many small entries, and a zip whose directory lies about an entry's size.
 */
import { randomBytes } from 'node:crypto';
import { crc32, deflateRawSync } from 'node:zlib';
import { zipSync, type Zippable } from 'fflate';

export const MiB = 1024 * 1024;

/**
 * A zip of entries that all hold the same bytes, deflated once (native zlib) and written under
 * each path: what a bomb is, built in milliseconds even on a loaded machine.
 */
export function sameBytesZip(paths: string[], data: Uint8Array): Uint8Array {
  const deflated = deflateRawSync(data, { level: 9 });
  const crc = crc32(data);
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const path of paths) {
    const name = Buffer.from(path);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(deflated.byteLength, 18);
    local.writeUInt32LE(data.byteLength, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(deflated.byteLength, 20);
    entry.writeUInt32LE(data.byteLength, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, deflated);
    central.push(entry, name);
    offset += 30 + name.length + deflated.byteLength;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(paths.length, 8);
  end.writeUInt16LE(paths.length, 10);
  end.writeUInt32LE(directory.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/** `count` entries of `size` zeros at the paths `path(i)`: ~1000:1 compressed. */
export function zerosZip(count: number, path: (i: number) => string, size = 15 * MiB): Uint8Array {
  return sameBytesZip(
    Array.from({ length: count }, (_, i) => path(i)),
    new Uint8Array(size),
  );
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
    if (signature === 0x04034b50 && data.getUint16(at + 26, true) === name.length && nameAt(at + 30))
      data.setUint32(at + 22, size, true);
    if (signature === 0x02014b50 && data.getUint16(at + 28, true) === name.length && nameAt(at + 46))
      data.setUint32(at + 24, size, true);
  }
  return copy;
}
