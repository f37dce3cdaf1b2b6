/**
 * npm run db:backup -- <file>
 * Backs up the configured database: pg_dump (custom format) of DATABASE_URL, else a consistent
 * dump of the PGlite database in DATA_DIR (written by the running shop itself when it runs).
 * See docs/decisions/014-input-limits-xss-backups.md.
 */
import { resolve } from 'node:path';
import { config } from '../src/server/config';
import { backupPglite, backupPostgres, ensureWritableTarget } from '../src/server/db/backup';
import { runCli } from './db-cli';

await runCli('db:backup', async (file, _flags, report) => {
  const cfg = config();
  ensureWritableTarget(file);
  if (cfg.DATABASE_URL) await backupPostgres(cfg.DATABASE_URL, file, report);
  else await backupPglite(resolve(cfg.DATA_DIR), file, report);
});
