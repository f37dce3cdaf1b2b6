/**
 * npm run db:seed [-- --reset]
 * Seeds the configured database (DATABASE_URL, else PGlite in DATA_DIR) with the demo shop if it
 * is empty; --reset empties every shop table first. Stop the server first when using PGlite.
 * With NODE_ENV=production the demo accounts get random passwords, printed once here.
 * Problems: one line (scripts/lib/cli.ts).
 */
import { generatedLoginsNotice, seedIfEmpty } from '../src/server/db/seed/index';
import { openConfiguredDatabase } from '../src/server/db/seed/open';
import { countRows, truncateAll } from '../src/server/db/seed/reset';
import { contentChanged } from '../src/server/services/content-changed';
import { runScript } from './lib/cli';

await runScript(
  { name: 'db:seed', usage: 'npm run db:seed [-- --reset]', options: { reset: { type: 'boolean' } } },
  async ({ values }) => {
    const reset = values.reset === true;
    const startedAt = performance.now();
    const database = await openConfiguredDatabase();
    try {
      if (reset) await truncateAll(database.db);
      const seeded = await seedIfEmpty(database.db);
      const counts = await countRows(database.db, [
        'products',
        'variations',
        'categories',
        'product_images',
        'reviews',
        'users',
        'orders',
        'countries',
        'localizations',
      ]);
      const summary = Object.entries(counts)
        .map(([table, n]) => `${n} ${table}`)
        .join(', ');
      const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
      console.log(
        `${seeded ? 'Seeded' : 'Already seeded, left unchanged'} (${database.describe}${reset ? ', reset' : ''}) in ${seconds}s: ${summary}`,
      );
      if (seeded && seeded.generated.length > 0) console.log(generatedLoginsNotice(seeded.generated));
      // Running shops on the same PostgreSQL drop their caches and catalogue index at once.
      if (seeded || reset) await contentChanged(database.db);
    } finally {
      await database.close();
    }
  },
);
