/**
 * npm run db:backup -- <file>
 * Backs up the configured database: pg_dump (custom format) of DATABASE_URL, else a consistent
 * dump of the PGlite database in DATA_DIR (written by the running shop itself when it runs).
 * See docs/decisions/014-input-limits-xss-backups.md. Problems: one line (scripts/lib/cli.ts).
 */
import { resolve } from 'node:path';
import { config } from '../src/server/config';
import { backupPglite, backupPostgres, ensureWritableTarget } from '../src/server/db/backup';
import { runScript } from './lib/cli';

await runScript({ name: 'db:backup', usage: 'npm run db:backup -- <file>', positionals: [1, 1] }, async ({ positionals }) => {
  const startedAt = performance.now();
  const file = resolve(positionals[0]!);
  const report = (line: string) => console.log(line);
  const cfg = config();
  ensureWritableTarget(file);
  if (cfg.DATABASE_URL) await backupPostgres(cfg.DATABASE_URL, file, report);
  else await backupPglite(resolve(cfg.DATA_DIR), file, report);
  console.log(`Done in ${((performance.now() - startedAt) / 1000).toFixed(1)} s.`);
});
