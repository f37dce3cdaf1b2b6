import { resolve } from 'node:path';
import { config } from '@/server/config';
import { type Database, openDatabase } from '../client';
import { lockDataDir } from '../lock';

/**
 * Opens and migrates the configured database exactly as the server does (DATABASE_URL, else
 * PGlite in DATA_DIR/pglite under the DATA_DIR lock), for the seed scripts.
 */
export async function openConfiguredDatabase(): Promise<Database & { describe: string }> {
  const cfg = config();
  if (cfg.DATABASE_URL) {
    const database = await openDatabase({ engine: 'postgres', url: cfg.DATABASE_URL, max: 2 });
    await database.migrate();
    return { ...database, describe: `PostgreSQL ${new URL(cfg.DATABASE_URL).pathname.slice(1)}` };
  }
  const dataDir = resolve(cfg.DATA_DIR);
  const release = lockDataDir(dataDir);
  try {
    const database = await openDatabase({ engine: 'pglite', dataDir: resolve(dataDir, 'pglite') });
    await database.migrate();
    return {
      ...database,
      describe: `PGlite ${dataDir}`,
      async close() {
        await database.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
