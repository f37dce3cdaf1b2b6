/**
 * What `npm run db:backup` writes (ADR 014): one tar file holding the database backup (pg_dump's
 * custom format, or PGlite's gzipped dump) and the uploaded photos of DATA_DIR/media, so one file
 * restores the whole shop. Photos in an S3 bucket are not in it: the bucket holds them, and
 * the script says so. The system's `tar` packs and unpacks (photos are large: never in memory).
 * Older backups, the bare database file, are still restored.
 */
import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { BackupError, type Report } from './backup';

export const MANIFEST = 'shop-backup.json';
export const DATABASE_FILE = { postgres: 'database.pgdump', pglite: 'database.pglite.tar.gz' } as const;

export type Engine = keyof typeof DATABASE_FILE;

export interface Manifest {
  format: 1;
  engine: Engine;
  /** 'files': DATA_DIR/media is in the tar; 's3': the photos are in the bucket; 'none': there were none. */
  media: 'files' | 's3' | 'none';
  created: string;
}

/** A tar file: "ustar" at byte 257 (POSIX and GNU formats). */
export function isBundle(file: string): boolean {
  const head = Buffer.alloc(5);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 5, 257);
  } finally {
    closeSync(fd);
  }
  return head.toString('latin1') === 'ustar';
}

function tar(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('tar', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new BackupError('tar is not installed (backups with photos need it).') : error),
    );
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`tar failed (exit code ${code}): ${stderr.trim() || 'no message'}`)),
    );
  });
}

/** Files under a folder, for the progress line. */
function countFiles(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

/**
 * Writes `file`: `writeDatabase` puts the database backup at the path it is given, then the
 * tar adds the photos of `mediaDir` (undefined: they are in S3). A stage folder beside the file
 * holds the parts; the tar is written as <file>.partial and renamed when complete.
 */
export async function writeBundle(
  file: string,
  engine: Engine,
  photos: { dir: string } | { bucket: string },
  writeDatabase: (path: string) => Promise<void>,
  report: Report,
): Promise<void> {
  const mediaDir = 'dir' in photos ? photos.dir : undefined;
  const stage = join(dirname(file), `.${basename(file)}.parts`);
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage);
  const partial = `${file}.partial`;
  try {
    await writeDatabase(join(stage, DATABASE_FILE[engine]));
    const files = mediaDir && existsSync(mediaDir) ? countFiles(mediaDir) : 0;
    const manifest: Manifest = {
      format: 1,
      engine,
      media: mediaDir === undefined ? 's3' : files > 0 ? 'files' : 'none',
      created: new Date().toISOString(),
    };
    writeFileSync(join(stage, MANIFEST), JSON.stringify(manifest, null, 2));
    const args = ['-cf', partial, '-C', stage, MANIFEST, DATABASE_FILE[engine]];
    if (manifest.media === 'files') {
      report(`Adding ${files} photo file(s) from ${mediaDir}...`);
      args.push('-C', dirname(mediaDir!), basename(mediaDir!));
    }
    await tar(args);
    renameSync(partial, file);
    const written = `Backup written: ${file} (${size(statSync(file).size)})`;
    if (manifest.media === 'files') report(`${written}, the database and ${files} photo file(s).`);
    else if (manifest.media === 'none') report(`${written}, the database (there are no uploaded photos yet).`);
    else
      report(
        `${written}, the database only: the photos are in the S3 bucket ${'bucket' in photos ? photos.bucket : ''}, which holds them; back it up with your storage provider.`,
      );
  } finally {
    rmSync(partial, { force: true });
    rmSync(stage, { recursive: true, force: true });
  }
}

function size(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * Unpacks the manifest and the database backup of a bundle into a stage folder beside
 * `dataDir`; the caller restores the database from it, then `restoreMedia` adds the photos.
 */
export async function openBundle(
  file: string,
  dataDir: string,
): Promise<{ manifest: Manifest; databaseFile: string; stage: string }> {
  mkdirSync(dataDir, { recursive: true });
  const stage = join(dataDir, `.restore-${process.pid}-${Date.now()}`);
  mkdirSync(stage);
  try {
    await tar(['-xf', file, '-C', stage, MANIFEST]);
    const manifest = JSON.parse(readFileSync(join(stage, MANIFEST), 'utf8')) as Manifest;
    if (manifest.format !== 1 || !(manifest.engine in DATABASE_FILE))
      throw new BackupError(`${file} is a backup of a newer or unknown format.`);
    await tar(['-xf', file, '-C', stage, DATABASE_FILE[manifest.engine]]);
    return { manifest, databaseFile: join(stage, DATABASE_FILE[manifest.engine]), stage };
  } catch (error) {
    rmSync(stage, { recursive: true, force: true });
    throw error instanceof BackupError
      ? error
      : new BackupError(`${file} is not a backup made by npm run db:backup: ${(error as Error).message}`);
  }
}

/**
 * The bundle's photos into `mediaDir` (undefined: photos now live in S3). Photo files are named
 * by their content, so files already there are the same and stay; nothing is deleted.
 */
export async function restoreMedia(
  file: string,
  manifest: Manifest,
  mediaDir: string | undefined,
  report: Report,
): Promise<void> {
  if (manifest.media === 's3') {
    report(
      'The photos of this shop were in an S3 bucket when it was backed up: the bucket holds them, nothing to restore here.',
    );
    return;
  }
  if (manifest.media === 'none') return;
  if (mediaDir === undefined) {
    report(
      'This backup holds photos, but S3 is configured now: they were not restored. Restore with S3 unset to unpack them into DATA_DIR/media, then copy them to the bucket.',
    );
    return;
  }
  // The tar holds them under media/, as DATA_DIR does.
  mkdirSync(mediaDir, { recursive: true });
  await tar(['-xf', file, '-C', dirname(mediaDir), basename(mediaDir)]);
  report(`Photos restored into ${mediaDir} (${countFiles(mediaDir)} file(s) there now).`);
}
