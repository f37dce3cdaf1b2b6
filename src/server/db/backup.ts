import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  openAsBlob,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { isAlive, lockDataDir } from './lock';
import { openDatabase } from './client';

/**
 * `npm run db:backup` / `db:restore` (docs/decisions/014-input-limits-xss-backups.md):
 * - PostgreSQL: pg_dump/pg_restore in the custom format, with the client of the server's major
 *   version when it is installed (/usr/lib/postgresql/<major>/bin), else the one on the PATH.
 * - PGlite: PGlite's own dump of the data directory (a gzipped tarball). PGlite lives inside one
 *   process: when the shop runs on DATA_DIR, the shop itself writes the dump on request
 *   (SIGUSR2, see serveBackupRequests), between two queries, so it is as consistent as a stop.
 *   A restore needs the shop stopped (it replaces the folder under the DATA_DIR lock).
 */

export class BackupError extends Error {
  override name = 'BackupError';
}

export type Report = (line: string) => void;

/** The first bytes of each kind of file, so a restore refuses the wrong engine's backup clearly. */
const PG_DUMP_MAGIC = 'PGDMP';
const GZIP_MAGIC = [0x1f, 0x8b];

export function backupKind(file: string): 'postgres' | 'pglite' | 'unknown' {
  const head = Buffer.alloc(5);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') === PG_DUMP_MAGIC) return 'postgres';
  if (head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1]) return 'pglite';
  return 'unknown';
}

function size(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Writes next to the target and renames, so a failed run never leaves a half-written backup. */
function partialOf(file: string): string {
  return `${file}.partial`;
}

// ------------------------------------------------------------------------------ PostgreSQL

function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'], env });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      fail(
        error.code === 'ENOENT'
          ? new BackupError(`${command} is not installed (it comes with the PostgreSQL client packages).`)
          : error,
      ),
    );
    child.on('exit', (code) => done({ code: code ?? 1, stderr: stderr.trim() }));
  });
}

async function serverMajor(url: string): Promise<number> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ v: string }>("select current_setting('server_version_num') as v");
    return Math.floor(Number(rows[0]!.v) / 10_000);
  } catch (error) {
    throw new BackupError(`Cannot reach the PostgreSQL server of DATABASE_URL: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

/** pg_dump/pg_restore of the server's major version if installed side by side (Debian layout). */
export function pgTool(tool: 'pg_dump' | 'pg_restore', major: number): string {
  const versioned = `/usr/lib/postgresql/${major}/bin/${tool}`;
  return existsSync(versioned) ? versioned : tool;
}

async function countTables(url: string): Promise<number> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    return rows[0]!.n;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Connection settings as libpq variables, so the password never shows in the process list. */
function libpqEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  return {
    ...process.env,
    PGHOST: decodeURIComponent(u.hostname) || 'localhost',
    PGPORT: u.port || '5432',
    PGDATABASE: decodeURIComponent(u.pathname.slice(1)),
    PGUSER: decodeURIComponent(u.username) || process.env.PGUSER || 'postgres',
    ...(u.password ? { PGPASSWORD: decodeURIComponent(u.password) } : {}),
    ...(u.searchParams.get('sslmode') ? { PGSSLMODE: u.searchParams.get('sslmode')! } : {}),
  };
}

export async function backupPostgres(url: string, file: string, report: Report): Promise<void> {
  const major = await serverMajor(url);
  const tool = pgTool('pg_dump', major);
  report(`Dumping PostgreSQL ${major} database "${new URL(url).pathname.slice(1)}" with ${tool} (custom format)...`);
  const partial = partialOf(file);
  const { code, stderr } = await run(
    tool,
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`],
    libpqEnv(url),
  );
  if (code !== 0) {
    rmSync(partial, { force: true });
    throw new BackupError(`pg_dump failed (exit code ${code}): ${stderr || 'no message'}`);
  }
  renameSync(partial, file);
  report(`Database dumped (${size(statSync(file).size)}).`);
}

export async function restorePostgres(
  url: string,
  file: string,
  options: { force: boolean },
  report: Report,
): Promise<void> {
  const major = await serverMajor(url);
  const tables = await countTables(url);
  if (tables > 0 && !options.force) {
    throw new BackupError(
      `The database "${new URL(url).pathname.slice(1)}" is not empty (${tables} tables). Restore into an empty database, or add --force to replace its contents.`,
    );
  }
  const tool = pgTool('pg_restore', major);
  report(
    `Restoring ${file} into PostgreSQL ${major} database "${new URL(url).pathname.slice(1)}" with ${tool}${tables > 0 ? ' (replacing its contents)' : ''}...`,
  );
  const args = [
    '--no-owner',
    '--no-privileges',
    '--single-transaction',
    '--exit-on-error',
    `--dbname=${libpqEnv(url).PGDATABASE}`,
  ];
  if (tables > 0) args.push('--clean', '--if-exists');
  const { code, stderr } = await run(tool, [...args, file], libpqEnv(url));
  if (code !== 0)
    throw new BackupError(`pg_restore failed (exit code ${code}); nothing was changed: ${stderr || 'no message'}`);
  report('Restore complete.');
}

// ------------------------------------------------------------------------------ PGlite

const REQUEST_FILE = 'backup-request.json';
const doneFile = (id: string) => `backup-done-${id}.json`;
const ONLINE_TIMEOUT_MS = 5 * 60_000;

function lockHolder(dataDir: string): number | null {
  const path = join(dataDir, 'shop.lock');
  if (!existsSync(path)) return null;
  const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
  return Number.isInteger(pid) && pid !== process.pid && isAlive(pid) ? pid : null;
}

async function writeDump(dump: () => Promise<Blob>, file: string): Promise<number> {
  const bytes = new Uint8Array(await (await dump()).arrayBuffer());
  const partial = partialOf(file);
  writeFileSync(partial, bytes);
  renameSync(partial, file);
  return bytes.byteLength;
}

/**
 * In the shop process that holds a PGlite DATA_DIR: on SIGUSR2, write the backup that
 * `npm run db:backup` asked for in DATA_DIR/backup-request.json, and answer in a done file.
 * PGlite dumps between two queries, so the copy is crash-consistent: opening it replays the
 * write-ahead log to the last committed transaction, like a restart after a power cut.
 */
export function serveBackupRequests(
  dataDir: string,
  dump: () => Promise<Blob>,
  log: (line: string) => void,
): () => void {
  let busy = false;
  const handler = () => {
    if (busy) return;
    const path = join(dataDir, REQUEST_FILE);
    let request: { id: string; target: string };
    try {
      request = JSON.parse(readFileSync(path, 'utf8')) as typeof request;
      rmSync(path, { force: true });
    } catch {
      return; // a stray signal: nothing was asked
    }
    if (!/^[\w-]{1,64}$/.test(request.id)) return;
    busy = true;
    const answer = (body: object) => writeFileSync(join(dataDir, doneFile(request.id)), JSON.stringify(body));
    log(`writing a backup to ${request.target}`);
    writeDump(dump, resolve(request.target))
      .then((bytes) => answer({ ok: true, bytes }))
      .catch((error: unknown) => answer({ ok: false, error: (error as Error).message }))
      .finally(() => {
        busy = false;
      });
  };
  if (process.platform === 'win32') return () => {};
  process.on('SIGUSR2', handler);
  return () => process.off('SIGUSR2', handler);
}

async function askRunningShop(dataDir: string, pid: number, file: string, report: Report): Promise<void> {
  const id = `${process.pid}-${Date.now()}`;
  const request = join(dataDir, REQUEST_FILE);
  writeFileSync(`${request}.tmp`, JSON.stringify({ id, target: file }));
  renameSync(`${request}.tmp`, request);
  report(`The shop (pid ${pid}) is running on ${dataDir}: asking it to write the backup between two queries...`);
  process.kill(pid, 'SIGUSR2');
  const done = join(dataDir, doneFile(id));
  const deadline = Date.now() + ONLINE_TIMEOUT_MS;
  while (!existsSync(done)) {
    if (Date.now() > deadline || !isAlive(pid)) {
      rmSync(request, { force: true });
      throw new BackupError(
        `The running shop (pid ${pid}) did not write the backup${isAlive(pid) ? ' within 5 minutes' : ': it stopped'}.`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const answer = JSON.parse(readFileSync(done, 'utf8')) as { ok: boolean; bytes?: number; error?: string };
  rmSync(done, { force: true });
  if (!answer.ok) throw new BackupError(`The running shop could not write the backup: ${answer.error}`);
  report(`Database dumped by the shop (${size(answer.bytes ?? 0)}).`);
}

export async function backupPglite(dataDir: string, file: string, report: Report): Promise<void> {
  const folder = join(dataDir, 'pglite');
  if (!existsSync(join(folder, 'PG_VERSION'))) throw new BackupError(`There is no database in ${folder} to back up.`);
  const pid = lockHolder(dataDir);
  if (pid !== null) return askRunningShop(dataDir, pid, file, report);
  const release = lockDataDir(dataDir);
  try {
    report(`Dumping the PGlite database in ${folder}...`);
    const database = await openDatabase({ engine: 'pglite', dataDir: folder });
    try {
      const bytes = await writeDump(database.dump!, file);
      report(`Database dumped (${size(bytes)}).`);
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

export async function restorePglite(
  dataDir: string,
  file: string,
  options: { force: boolean },
  report: Report,
): Promise<void> {
  // Throws DataDirLockedError naming the running shop: its folder cannot be replaced under it.
  const release = lockDataDir(dataDir);
  const folder = join(dataDir, 'pglite');
  const incoming = `${folder}.restoring`;
  try {
    const exists = existsSync(folder) && readdirSync(folder).length > 0;
    if (exists && !options.force) {
      throw new BackupError(
        `${folder} already holds a database. Add --force to replace it (it is kept as ${folder}.before-restore-<time>).`,
      );
    }
    rmSync(incoming, { recursive: true, force: true });
    report(`Unpacking ${file} into ${incoming}...`);
    // Opening the tarball checks it too: PGlite replays its log and must answer a query.
    const database = await openDatabase({
      engine: 'pglite',
      dataDir: incoming,
      loadDataDir: await openAsBlob(file),
    }).catch((error: Error) => {
      throw new BackupError(`${file} is not a PGlite backup that can be opened: ${error.message}`);
    });
    try {
      await database.db.execute(sql`select count(*) from pg_tables`);
    } finally {
      await database.close();
    }
    if (exists) {
      const kept = `${folder}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(folder, kept);
      report(`The previous database was moved to ${kept}.`);
    } else {
      rmSync(folder, { recursive: true, force: true });
    }
    renameSync(incoming, folder);
    report(`Restore complete: ${folder}.`);
  } catch (error) {
    rmSync(incoming, { recursive: true, force: true });
    throw error;
  } finally {
    release();
  }
}

export function ensureWritableTarget(file: string): void {
  if (!existsSync(dirname(resolve(file))))
    throw new BackupError(`The folder ${dirname(resolve(file))} does not exist.`);
}
