/**
 * npm run db:backup -- <file>
 * Backs up the whole shop into one tar file: the configured database (pg_dump custom format of
 * DATABASE_URL, else a consistent dump of the PGlite database in DATA_DIR, written by the running
 * shop itself when it runs) and the uploaded photos in DATA_DIR/media (photos in an S3 bucket
 * stay there: the bucket holds them, and the script says so).
 * See docs/decisions/014-input-limits-xss-backups.md. Problems: one line (scripts/lib/cli.ts).
 */
import { resolve } from 'node:path';
import { config } from '../src/server/config';
import { backupPglite, backupPostgres, ensureWritableTarget } from '../src/server/db/backup';
import { writeBundle } from '../src/server/db/backup-bundle';
import { runScript } from './lib/cli';

await runScript(
  { name: 'db:backup', usage: 'npm run db:backup -- <file>', positionals: [1, 1] },
  async ({ positionals }) => {
    const startedAt = performance.now();
    const file = resolve(positionals[0]!);
    const report = (line: string) => console.log(line);
    const cfg = config();
    ensureWritableTarget(file);
    const dataDir = resolve(cfg.DATA_DIR);
    const photos = cfg.S3_BUCKET ? { bucket: cfg.S3_BUCKET } : { dir: resolve(dataDir, 'media') };
    if (cfg.DATABASE_URL) {
      const url = cfg.DATABASE_URL;
      await writeBundle(file, 'postgres', photos, (path) => backupPostgres(url, path, report), report);
    } else {
      await writeBundle(file, 'pglite', photos, (path) => backupPglite(dataDir, path, report), report);
    }
    console.log(`Done in ${((performance.now() - startedAt) / 1000).toFixed(1)} s.`);
  },
);
