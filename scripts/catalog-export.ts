/**
 * npm run catalog:export -- [file.csv]
 * Writes the whole catalogue in the import's format (docs/catalog-csv.md) to the file, or to
 * standard output, streamed; `npm run catalog:import` of it changes nothing.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { exportCatalogCsv } from '../src/server/services/catalog-io/export.server';
import { openConfiguredDatabase } from '../src/server/db/seed/open';

const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
const out = file ? createWriteStream(file) : process.stdout;
const database = await openConfiguredDatabase();
try {
  for await (const chunk of exportCatalogCsv(database.db)) {
    if (!out.write(chunk)) await once(out, 'drain');
  }
  if (file) {
    out.end();
    await once(out, 'finish');
    console.error(`The catalogue is in ${file} (${database.describe}).`);
  }
} finally {
  await database.close();
}
