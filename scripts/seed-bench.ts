/**
 * npm run db:seed:bench -- --products 100000
 * Seeds the demo shop if the configured database (DATABASE_URL, else PGlite in DATA_DIR) is empty,
 * then adds generated BENCH-* products until there are N of them. Stop the server first on PGlite.
 * Problems: one line (scripts/lib/cli.ts).
 */
import { z } from 'zod';
import { seedBench } from '../src/server/db/seed/bench';
import { generatedLoginsNotice, seedIfEmpty } from '../src/server/db/seed/index';
import { openConfiguredDatabase } from '../src/server/db/seed/open';
import { countRows } from '../src/server/db/seed/reset';
import { contentChanged } from '../src/server/services/content-changed';
import { runScript, type ScriptSpec, usageError } from './lib/cli';

const spec: ScriptSpec = {
  name: 'db:seed:bench',
  usage: 'npm run db:seed:bench -- --products 100000',
  options: { products: { type: 'string' } },
};

await runScript(spec, async ({ values }) => {
  const raw = values.products ?? '100000';
  const parsed = z.coerce.number().int().min(1).max(5_000_000).safeParse(raw);
  if (!parsed.success)
    throw usageError(spec, `--products must be a whole number between 1 and 5000000 (got ${JSON.stringify(raw)}).`);
  const target = parsed.data;
  const startedAt = performance.now();
  const elapsed = () => `${((performance.now() - startedAt) / 1000).toFixed(1)}s`;
  const database = await openConfiguredDatabase();
  try {
    console.log(`Bench seed on ${database.describe}: ${target} generated products`);
    const seeded = await seedIfEmpty(database.db);
    if (seeded) console.log(`  demo shop seeded (${elapsed()})`);
    if (seeded && seeded.generated.length > 0) console.log(generatedLoginsNotice(seeded.generated));
    const result = await seedBench(database.db, target, (line) => console.log(line));
    const counts = await countRows(database.db, [
      'products',
      'variations',
      'product_images',
      'product_categories',
      'reviews',
    ]);
    console.log(
      `Done in ${elapsed()}: ${result.inserted} products added (${result.existing} existed); ` +
        Object.entries(counts)
          .map(([table, n]) => `${n} ${table}`)
          .join(', '),
    );
    // Running shops on the same PostgreSQL drop their caches and catalogue index at once.
    await contentChanged(database.db);
  } finally {
    await database.close();
  }
});
