/**
 * npm run db:restore -- <file> [--force]
 * Restores a backup of npm run db:backup: the database into DATABASE_URL (pg_restore), else into
 * the PGlite database in DATA_DIR (the shop must be stopped), then the photos into
 * DATA_DIR/media. A database that is not empty is only replaced with --force. Backups of older
 * versions (the bare database file) are restored too.
 * See docs/decisions/014-input-limits-xss-backups.md. Problems: one line (scripts/lib/cli.ts).
 */
import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { config } from '../src/server/config';
import { BackupError, backupKind, restorePglite, restorePostgres } from '../src/server/db/backup';
import { isBundle, openBundle, restoreMedia } from '../src/server/db/backup-bundle';
import { openDatabase } from '../src/server/db/client';
import { contentChanged } from '../src/server/services/content-changed';
import { runScript } from './lib/cli';

const options = { force: { type: 'boolean' } } as const;

await runScript(
  { name: 'db:restore', usage: 'npm run db:restore -- <file> [--force]', options, positionals: [1, 1] },
  async ({ values, positionals }) => {
    const startedAt = performance.now();
    const file = resolve(positionals[0]!);
    const report = (line: string) => console.log(line);
    const cfg = config();
    if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
    const dataDir = resolve(cfg.DATA_DIR);
    const bundle = isBundle(file) ? await openBundle(file, dataDir) : undefined;
    try {
      const databaseFile = bundle?.databaseFile ?? file;
      const kind = bundle?.manifest.engine ?? backupKind(file);
      const engine = cfg.DATABASE_URL ? 'postgres' : 'pglite';
      if (kind === 'unknown') throw new BackupError(`${file} is not a backup made by npm run db:backup.`);
      if (kind !== engine) {
        throw new BackupError(
          kind === 'postgres'
            ? `${file} is a PostgreSQL backup (pg_dump); set DATABASE_URL to the database to restore it into.`
            : `${file} is a PGlite backup; unset DATABASE_URL to restore it into DATA_DIR.`,
        );
      }
      const force = values.force === true;
      if (cfg.DATABASE_URL) {
        await restorePostgres(cfg.DATABASE_URL, databaseFile, { force }, report);
        // Shops still running on this database drop their caches and catalogue index at once.
        const database = await openDatabase({ engine: 'postgres', url: cfg.DATABASE_URL, max: 1 });
        try {
          await contentChanged(database.db);
        } finally {
          await database.close();
        }
      } else await restorePglite(dataDir, databaseFile, { force }, report);
      if (bundle)
        await restoreMedia(file, bundle.manifest, cfg.S3_BUCKET ? undefined : resolve(dataDir, 'media'), report);
    } finally {
      if (bundle) rmSync(bundle.stage, { recursive: true, force: true });
    }
    console.log(`Done in ${((performance.now() - startedAt) / 1000).toFixed(1)} s.`);
  },
);
