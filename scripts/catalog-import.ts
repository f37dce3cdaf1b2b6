/**
 * npm run catalog:import -- <file.csv> [--zip images.zip] [--dry-run]
 * Checks a catalogue CSV (docs/catalog-csv.md) against the configured database (DATABASE_URL, else
 * PGlite in DATA_DIR; stop the server first when using PGlite), prints every problem with its line,
 * and, when there is none and --dry-run is not given, applies it in batches with a progress bar.
 * Running the same file again after a crash continues where the apply stopped. On PostgreSQL the
 * running shops see the import at once: applyImport ends with contentChanged, whose pg_notify it
 * awaits before this script closes the database. On PGlite a running shop holds the DATA_DIR
 * lock, so the script refuses to start until the shop is stopped; the next start reads it.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { applyImport } from '../src/server/services/catalog-io/apply.server';
import { checkImport } from '../src/server/services/catalog-io/check.server';
import { problemText } from '../src/server/services/catalog-io/format';
import { openConfiguredDatabase } from '../src/server/db/seed/open';
import { progressLine } from './lib/progress';

const args = process.argv.slice(2);
const zipAt = args.indexOf('--zip');
const zipPath = zipAt >= 0 ? args[zipAt + 1] : undefined;
const file = args.find((a, i) => !a.startsWith('--') && (zipAt < 0 || i !== zipAt + 1));
const dryRun = args.includes('--dry-run');
if (!file || (zipAt >= 0 && !zipPath)) {
  console.error('Usage: npm run catalog:import -- <file.csv> [--zip images.zip] [--dry-run]');
  process.exit(2);
}
const text = readFileSync(file, 'utf8');
const database = await openConfiguredDatabase().catch((error: Error) => {
  if (error.name !== 'DataDirLockedError') throw error;
  // PGlite: the running shop holds the database; nothing can tell it about a change made elsewhere.
  console.error(`${error.message} A shop on PGlite holds its database while it runs: stop it, import, then start it again.`);
  process.exit(1);
});
try {
  const started = performance.now();
  const zip = zipPath ? new Uint8Array(readFileSync(zipPath)) : undefined;
  const checked = await checkImport(database.db, text, { fileName: basename(file), createdBy: null, zip });
  if (checked.error_count > 0) {
    for (const problem of checked.errors) console.error(problemText(problem));
    if (checked.error_count > checked.errors.length) console.error(`… and ${checked.error_count - checked.errors.length} more.`);
    console.error(`${checked.error_count} ${checked.error_count === 1 ? 'problem' : 'problems'} in ${checked.total_rows} rows: nothing was imported.`);
    process.exitCode = 1;
  } else if (dryRun) {
    console.log(`${checked.total_rows} rows checked, no problems (${database.describe}). Run without --dry-run to import them.`);
  } else {
    if (checked.applied_rows > 0) console.log(`Resuming import ${checked.id} after row ${checked.applied_rows}.`);
    const bar = progressLine(process.stdout, checked.total_rows);
    const done = await applyImport(database.db, checked.id, { editor: null, onProgress: (state) => bar.update(state.applied_rows) });
    bar.finish();
    const s = done.summary;
    console.log(`Imported ${done.total_rows} rows in ${((performance.now() - started) / 1000).toFixed(1)} s: ${s.created ?? 0} created, ${s.updated ?? 0} updated, ${s.unchanged ?? 0} unchanged.`);
  }
} finally {
  await database.close();
}
