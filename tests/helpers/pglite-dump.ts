import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '@/server/db/client';

/** The raw PGlite behind a Database opened with engine 'pglite' (drizzle keeps it as $client). */
export function pgliteOf(database: Database): PGlite {
  if (database.engine !== 'pglite') throw new Error('not a PGlite database');
  return (database.db as unknown as { $client: PGlite }).$client;
}

/**
 * An uncompressed tarball of the data directory: about 40 MB, but loading it skips gunzip,
 * which would cost more than the disk it saves for a file that lives for one run.
 */
export async function dumpPglite(database: Database): Promise<Uint8Array> {
  const blob = await pgliteOf(database).dumpDataDir('none');
  return new Uint8Array(await blob.arrayBuffer());
}
