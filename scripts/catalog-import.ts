/**
 * npm run catalog:import -- <file.csv> [--zip images.zip] [--dry-run]
 * Checks a catalogue CSV (docs/catalog-csv.md) against the configured database (DATABASE_URL, else
 * PGlite in DATA_DIR; stop the server first when using PGlite), prints every problem with its line,
 * and, when there is none and --dry-run is not given, applies it in batches with a progress bar.
 * Running the same file again after a crash continues where the apply stopped. The images zip is
 * read as the upload's is (services/catalog-io/zip-images.server.ts: limits checked before
 * inflating). Problems with the arguments or files: one line (scripts/lib/cli.ts). On PostgreSQL the
 * running shops see the import at once: applyImport ends with contentChanged, whose pg_notify it
 * awaits before this script closes the database. On PGlite a running shop holds the DATA_DIR
 * lock, so the script refuses to start until the shop is stopped; the next start reads it.
 */
import { basename } from 'node:path';
import { CliError, readFileBytes, readTextFile, runScript, type ScriptSpec } from './lib/cli';
import { SingleBar } from 'cli-progress';

const spec: ScriptSpec = {
  name: 'catalog:import',
  usage: 'npm run catalog:import -- <file.csv> [--zip images.zip] [--dry-run]',
  options: { zip: { type: 'string' }, 'dry-run': { type: 'boolean' } },
  positionals: [1, 1],
};

await runScript(spec, async ({ values, positionals }) => {
  const file = positionals[0]!;
  const text = readTextFile(file);
  if (text.includes('\u0000')) throw new CliError(`${file} is not a CSV text file.`);
  const zip = typeof values.zip === 'string' ? new Uint8Array(readFileBytes(values.zip)) : undefined;
  // The shop's modules only after the arguments and files are good: a refusal comes at once.
  const [{ applyImport }, { checkImport }, { problemText }, { openConfiguredDatabase }] = await Promise.all([
    import('../src/server/services/catalog-io/apply.server'),
    import('../src/server/services/catalog-io/check.server'),
    import('../src/server/services/catalog-io/format'),
    import('../src/server/db/seed/open'),
  ]);
  const database = await openConfiguredDatabase().catch((error: Error) => {
    if (error.name !== 'DataDirLockedError') throw error;
    // PGlite: the running shop holds the database; nothing can tell it about a change made elsewhere.
    throw new CliError(
      `${error.message} A shop on PGlite holds its database while it runs: stop it, import, then start it again.`,
    );
  });
  try {
    const started = performance.now();
    const checked = await checkImport(database.db, text, { fileName: basename(file), createdBy: null, zip });
    if (checked.error_count > 0) {
      for (const problem of checked.errors) console.error(problemText(problem));
      if (checked.error_count > checked.errors.length)
        console.error(`… and ${checked.error_count - checked.errors.length} more.`);
      console.error(
        `${checked.error_count} ${checked.error_count === 1 ? 'problem' : 'problems'} in ${checked.total_rows} rows: nothing was imported.`,
      );
      process.exitCode = 1;
    } else if (values['dry-run']) {
      console.log(
        `${checked.total_rows} rows checked, no problems (${database.describe}). Run without --dry-run to import them.`,
      );
    } else {
      if (checked.applied_rows > 0) console.log(`Resuming import ${checked.id} after row ${checked.applied_rows}.`);
      const bar = progressBar(checked.total_rows, checked.applied_rows);
      const done = await applyImport(database.db, checked.id, {
        editor: null,
        onProgress: (state) => bar.update(state.applied_rows),
      });
      bar.stop();
      const s = done.summary;
      console.log(
        `Imported ${done.total_rows} rows in ${((performance.now() - started) / 1000).toFixed(1)} s: ${s.created ?? 0} created, ${s.updated ?? 0} updated, ${s.unchanged ?? 0} unchanged.`,
      );
    }
  } finally {
    await database.close();
  }
});

/**
 * Redrawn in place on a terminal; as a plain line every 5 s when the output is a file or a pipe,
 * so CI logs stay readable.
 */
function progressBar(total: number, start: number): SingleBar {
  const bar = new SingleBar({
    stream: process.stdout,
    format: '[{bar}] {value}/{total} rows {percentage} % {duration} s',
    barCompleteChar: '#',
    barIncompleteChar: '-',
    barsize: 30,
    hideCursor: false,
    noTTYOutput: true,
    notTTYSchedule: 5_000,
  });
  bar.start(total, start);
  return bar;
}
