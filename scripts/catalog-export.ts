/**
 * npm run catalog:export -- [file.csv]
 * Writes the whole catalogue in the import's format (docs/catalog-csv.md) to the file, or to
 * standard output, streamed; `npm run catalog:import` of it changes nothing. Problems: one line
 * (scripts/lib/cli.ts).
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { exportCatalogCsv } from '../src/server/services/catalog-io/export.server';
import { openConfiguredDatabase } from '../src/server/db/seed/open';
import { CliError, runScript } from './lib/cli';

/** The file opened for writing, or why it cannot be. */
async function openTarget(file: string): Promise<WriteStream> {
  const out = createWriteStream(file);
  try {
    await once(out, 'open');
    return out;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new CliError(`${file} cannot be written: its folder does not exist.`);
    if (code === 'EISDIR') throw new CliError(`${file} is a folder, not a file.`);
    if (code === 'EACCES' || code === 'EPERM') throw new CliError(`${file} cannot be written (permission denied).`);
    throw error;
  }
}

await runScript(
  { name: 'catalog:export', usage: 'npm run catalog:export -- [file.csv]', positionals: [0, 1] },
  async ({ positionals }) => {
    const file = positionals[0];
    const out = file ? await openTarget(file) : process.stdout;
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
  },
);
