/**
 * The images a catalogue CSV names by file name, taken from the zip uploaded beside it (ADR 026):
 * only the entries the file names are inflated, each at most the upload limit (a zip bomb stops at
 * the first entry that claims more), and each goes through the same checks as an upload
 * (storeUpload: content sniffed, metadata stripped, the same photo stored once).
 */
import { basename } from 'node:path';
import { unzipSync } from 'fflate';
import type { Db } from '@/server/db/client';
import { MEDIA_LIMITS } from '@/lib/images/upload-limits';
import { DomainError } from '../errors';
import { storeUpload } from '@/server/media/assets.server';

export interface ZipImages {
  /** File name → the stored asset. */
  files: Record<string, { id: number; url: string }>;
  /** File name → why it cannot be used. */
  problems: Map<string, string>;
}

/** Stores the named images of the zip; names it lacks or cannot use come back as problems. */
export async function storeZipImages(db: Db, zip: Uint8Array, names: ReadonlySet<string>, createdBy: number | null): Promise<ZipImages> {
  const problems = new Map<string, string>();
  const files: ZipImages['files'] = {};
  const tooLarge = new Set<string>();
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(zip, {
      filter: (entry) => {
        const name = basename(entry.name);
        if (!names.has(name) || entry.name.endsWith('/')) return false;
        if (entry.originalSize > MEDIA_LIMITS.maxBytes) {
          tooLarge.add(name);
          return false;
        }
        return true;
      },
    });
  } catch {
    for (const name of names) problems.set(name, 'The images zip could not be read; is it a .zip file?');
    return { files, problems };
  }
  const byName = new Map(Object.entries(entries).map(([path, bytes]) => [basename(path), bytes]));
  for (const name of names) {
    const bytes = byName.get(name);
    if (tooLarge.has(name)) problems.set(name, `${name} is larger than ${MEDIA_LIMITS.maxBytes / 1024 / 1024} MB.`);
    else if (!bytes) problems.set(name, `${name} is not in the images zip.`);
    else {
      try {
        const asset = await storeUpload(db, bytes, { originalName: name, createdBy });
        files[name] = { id: asset.id, url: asset.url };
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        problems.set(name, `${name}: ${error.message}`);
      }
    }
  }
  return { files, problems };
}
