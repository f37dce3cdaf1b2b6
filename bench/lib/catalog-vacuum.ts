/** `npx tsx bench/lib/catalog-vacuum.ts`: VACUUM ANALYZE of the configured database (bench/catalog.mjs). */
import { sql } from 'drizzle-orm';
import { openConfiguredDatabase } from '@/server/db/seed/open';

const database = await openConfiguredDatabase();
try {
  await database.db.execute(sql`vacuum analyze`);
} finally {
  await database.close();
}
