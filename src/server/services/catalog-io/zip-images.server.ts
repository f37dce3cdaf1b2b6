/**
 * The images a catalogue CSV names by file name, taken from the zip uploaded beside it (ADR 026).
 * A zip is a compression bomb until proven otherwise, so everything is decided from its central
 * directory before anything is inflated: at most ZIP_LIMITS.entries entries, each named image at
 * most the upload limit, all named images together at most ZIP_LIMITS.inflatedBytes, and one
 * entry per file name (folders do not count, so `d0/b.png` and `d1/b.png` are the same name and
 * both refused). Then the named entries are inflated one at a time, as a zlib stream on the thread
 * pool (the event loop keeps serving), into a buffer of the declared size that the stream may not
 * outgrow; each goes through the same checks as an upload (storeUpload) and is let go before the
 * next. One zip is read at a time per process, so parallel imports cannot add up.
 */
import { basename } from 'node:path';
import { crc32, createInflateRaw } from 'node:zlib';
import type { Db } from '@/server/db/client';
import { MEDIA_LIMITS } from '@/lib/images/upload-limits';
import { DomainError } from '../errors';
import { storeUpload } from '@/server/media/assets.server';
import { compressedBytes, readZipDirectory, type ZipEntry } from './zip-directory';

export const ZIP_LIMITS = {
  /** Entries in the zip's directory, folders and unnamed files included. */
  entries: 10_000,
  /** The named images' sizes together, as declared and as inflated. */
  inflatedBytes: 512 * 1024 * 1024,
} as const;

const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${Math.ceil(bytes / MB)} MB`;

export const ZIP_MESSAGES = {
  unreadable: 'The images zip could not be read; is it a .zip file?',
  tooManyEntries: (count: number) =>
    `The images zip has ${count} entries; at most ${ZIP_LIMITS.entries} are read: split it.`,
  tooMuch: (bytes: number) =>
    `The images this file names would inflate to ${megabytes(bytes)}; at most ${megabytes(ZIP_LIMITS.inflatedBytes)} are read from one zip: split it.`,
  duplicate: (name: string, paths: string[]) =>
    `${name} is in the images zip ${paths.length} times (${paths.slice(0, 3).join(', ')}${paths.length > 3 ? ', …' : ''}): keep one, or give them different names.`,
  missing: (name: string) => `${name} is not in the images zip.`,
  tooLarge: (name: string) => `${name} is larger than ${MEDIA_LIMITS.maxBytes / MB} MB.`,
  unsupported: (name: string) =>
    `${name} is encrypted or compressed in a way the import cannot read; zip it again without a password.`,
  damaged: (name: string) =>
    `${name} could not be read from the images zip: it is damaged or not what the zip says it is.`,
} as const;

export interface ZipImages {
  /** File name → the stored asset. */
  files: Record<string, { id: number; url: string }>;
  /** File name → why it cannot be used. */
  problems: Map<string, string>;
}

let queue: Promise<unknown> = Promise.resolve();

/** Stores the named images of the zip; names it lacks or cannot use come back as problems. */
export function storeZipImages(
  db: Db,
  zip: Uint8Array,
  names: ReadonlySet<string>,
  createdBy: number | null,
): Promise<ZipImages> {
  const run = queue.then(async () => {
    const stored = await storeNamedImages(db, zip, names, createdBy);
    // Problems in the order the file names the images, whichever step found them.
    return {
      files: stored.files,
      problems: new Map(
        [...names].flatMap((name) => (stored.problems.has(name) ? [[name, stored.problems.get(name)!] as const] : [])),
      ),
    };
  });
  queue = run.catch(() => {});
  return run;
}

async function storeNamedImages(
  db: Db,
  zip: Uint8Array,
  names: ReadonlySet<string>,
  createdBy: number | null,
): Promise<ZipImages> {
  const problems = new Map<string, string>();
  const files: ZipImages['files'] = {};
  const everyName = (message: string) => {
    for (const name of names) problems.set(name, message);
    return { files, problems };
  };
  let directory: ZipEntry[];
  try {
    directory = readZipDirectory(zip);
  } catch {
    return everyName(ZIP_MESSAGES.unreadable);
  }
  if (directory.length > ZIP_LIMITS.entries) return everyName(ZIP_MESSAGES.tooManyEntries(directory.length));
  const byName = new Map<string, ZipEntry[]>();
  for (const entry of directory) {
    const name = basename(entry.path);
    if (entry.path.endsWith('/') || !names.has(name)) continue;
    byName.set(name, [...(byName.get(name) ?? []), entry]);
  }
  const chosen: [string, ZipEntry][] = [];
  for (const name of names) {
    const entries = byName.get(name);
    if (!entries) problems.set(name, ZIP_MESSAGES.missing(name));
    else if (entries.length > 1)
      problems.set(
        name,
        ZIP_MESSAGES.duplicate(
          name,
          entries.map((e) => e.path),
        ),
      );
    else if (entries[0]!.size > MEDIA_LIMITS.maxBytes) problems.set(name, ZIP_MESSAGES.tooLarge(name));
    else if (entries[0]!.encrypted || (entries[0]!.method !== 0 && entries[0]!.method !== 8))
      problems.set(name, ZIP_MESSAGES.unsupported(name));
    else chosen.push([name, entries[0]!]);
  }
  const total = chosen.reduce((sum, [, entry]) => sum + entry.size, 0);
  if (total > ZIP_LIMITS.inflatedBytes) {
    for (const [name] of chosen) problems.set(name, ZIP_MESSAGES.tooMuch(total));
    return { files, problems };
  }
  for (const [name, entry] of chosen) {
    const bytes = await inflateEntry(zip, entry);
    if (!bytes) {
      problems.set(name, ZIP_MESSAGES.damaged(name));
      continue;
    }
    try {
      const asset = await storeUpload(db, bytes, { originalName: name, createdBy });
      files[name] = { id: asset.id, url: asset.url };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      problems.set(name, `${name}: ${error.message}`);
    }
  }
  return { files, problems };
}

/**
 * The entry's bytes, or null when it is damaged: it inflates to more or less than its declared
 * size (the stream is stopped at the first byte too many) or its checksum differs.
 */
async function inflateEntry(zip: Uint8Array, entry: ZipEntry): Promise<Uint8Array | null> {
  let compressed: Uint8Array;
  try {
    compressed = compressedBytes(zip, entry);
  } catch {
    return null;
  }
  if (entry.method === 0)
    return compressed.byteLength === entry.size && crc32(compressed) === entry.crc32 ? compressed : null;
  const out = Buffer.allocUnsafe(entry.size);
  // The checksum grows with each chunk, so no 15 MB pass holds the event loop at the end.
  let checksum = 0;
  const filled = await new Promise<number | null>((resolve) => {
    const inflater = createInflateRaw();
    let length = 0;
    inflater.on('data', (chunk: Buffer) => {
      if (length + chunk.byteLength > entry.size) {
        inflater.destroy();
        resolve(null);
        return;
      }
      chunk.copy(out, length);
      checksum = crc32(chunk, checksum);
      length += chunk.byteLength;
    });
    inflater.on('error', () => resolve(null));
    inflater.on('end', () => resolve(length));
    inflater.end(compressed);
  });
  return filled === entry.size && checksum === entry.crc32 ? out : null;
}
