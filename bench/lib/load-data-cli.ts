/**
 * bench/load.mjs's access to the configured database (DATABASE_URL, else PGlite in DATA_DIR, with
 * the shop stopped), JSON on stdout:
 *   npx tsx bench/lib/load-data-cli.ts prepare <customers>
 *   npx tsx bench/lib/load-data-cli.ts snapshot <id,id,...> [sinceOrderId]
 */
import { seedIfEmpty } from '@/server/db/seed/index';
import { openConfiguredDatabase } from '@/server/db/seed/open';
import { loadSnapshot, prepareLoadData } from './load-data';

const [command, arg, since] = process.argv.slice(2);
const database = await openConfiguredDatabase();
try {
  if (command === 'prepare') {
    await seedIfEmpty(database.db);
    process.stdout.write(JSON.stringify(await prepareLoadData(database.db, Number(arg ?? 200))));
  } else if (command === 'snapshot') {
    const ids = (arg ?? '').split(',').filter(Boolean).map(Number);
    process.stdout.write(JSON.stringify(await loadSnapshot(database.db, ids, Number(since ?? 0))));
  } else {
    throw new Error('usage: load-data-cli.ts prepare <customers> | snapshot <id,id,...> [sinceOrderId]');
  }
} finally {
  await database.close();
}
