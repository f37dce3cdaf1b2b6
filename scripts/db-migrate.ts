/**
 * npm run db:migrate [-- --dry-run]
 * Applies the migrations in drizzle/ that the configured database (DATABASE_URL, else the PGlite
 * database in DATA_DIR) has not run yet, in one transaction; with --dry-run lists them and changes
 * nothing. The shop also migrates when it starts; this runs that step on its own, before a
 * rolling upgrade (docs/upgrading.md). Problems: one line (scripts/lib/cli.ts).
 */
import { resolve } from 'node:path';
import { config } from '../src/server/config';
import { type Database, migrationsFolder, openDatabase } from '../src/server/db/client';
import { lockDataDir } from '../src/server/db/lock';
import { pendingMigrations } from '../src/server/db/migrations';
import { runScript } from './lib/cli';

async function open(): Promise<{ database: Database; release: () => void }> {
  const cfg = config();
  if (cfg.DATABASE_URL) {
    return { database: await openDatabase({ engine: 'postgres', url: cfg.DATABASE_URL, max: 1 }), release: () => {} };
  }
  const dataDir = resolve(cfg.DATA_DIR);
  // A running shop holds the folder: PGlite has one process per data directory.
  const release = lockDataDir(dataDir);
  try {
    return { database: await openDatabase({ engine: 'pglite', dataDir: resolve(dataDir, 'pglite') }), release };
  } catch (error) {
    release();
    throw error;
  }
}

await runScript(
  {
    name: 'db:migrate',
    usage: 'npm run db:migrate [-- --dry-run]',
    options: { 'dry-run': { type: 'boolean' } },
    positionals: [0, 0],
  },
  async ({ values }) => {
    const { database, release } = await open();
    try {
      const folder = migrationsFolder();
      const pending = await pendingMigrations(database.db, folder);
      if (pending.length === 0) {
        console.log(`The ${database.engine} database is up to date: no migration to run.`);
        return;
      }
      const list = pending.map((m) => `  ${m.tag}`).join('\n');
      if (values['dry-run']) {
        console.log(`${pending.length} migration(s) would run on the ${database.engine} database:\n${list}`);
        console.log('Dry run: nothing was changed.');
        return;
      }
      const startedAt = performance.now();
      await database.migrate(folder);
      const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
      console.log(`Ran ${pending.length} migration(s) on the ${database.engine} database in ${seconds} s:\n${list}`);
    } finally {
      await database.close();
      release();
    }
  },
);
