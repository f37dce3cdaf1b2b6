import { resolve } from 'node:path';

/** Start-up problems people cause (bad env, missing file, shop running): one line, no stack. */
const USER_ERRORS = new Set(['BackupError', 'ConfigError', 'DataDirLockedError']);

/**
 * The shared frame of db:backup and db:restore: one file argument, flags, progress lines on
 * stdout, one error line on stderr and exit code 1 on failure.
 */
export async function runCli(
  name: string,
  body: (file: string, flags: Set<string>, report: (line: string) => void) => Promise<void>,
): Promise<void> {
  const args = process.argv.slice(2);
  const flags = new Set(args.filter((a) => a.startsWith('--')));
  const files = args.filter((a) => !a.startsWith('--'));
  if (files.length !== 1) {
    console.error(`Usage: npm run ${name} -- <file>${name === 'db:restore' ? ' [--force]' : ''}`);
    process.exit(2);
  }
  const startedAt = performance.now();
  try {
    await body(resolve(files[0]!), flags, (line) => console.log(line));
    console.log(`Done in ${((performance.now() - startedAt) / 1000).toFixed(1)} s.`);
  } catch (error) {
    const e = error as Error;
    console.error(`${name} failed: ${USER_ERRORS.has(e.name) || (e as NodeJS.ErrnoException).code ? e.message : (e.stack ?? e)}`);
    process.exit(1);
  }
}
