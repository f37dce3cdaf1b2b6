/**
 * The one frame of every npm script (catalog:*, db:*, user:*; ADR 014): arguments read strictly,
 * files read with clear refusals, and whatever goes wrong answered with ONE plain line on stderr
 * and a non-zero exit, never a stack trace (CLI_DEBUG=1 adds it, for a bug report):
 *
 *   await runScript({ name: 'user:create', usage: 'npm run user:create -- <email>', positionals: [1, 1] }, async ({ positionals }) => { … });
 *
 * Exit codes: 2 a bad argument (the line is the usage, after the problem), 1 anything else.
 */
import { readFileSync } from 'node:fs';
import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';

/** A problem the person at the terminal can fix; its message is the whole line. */
export class CliError extends Error {
  override name = 'CliError';
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

export interface ScriptSpec {
  /** The npm script's name, e.g. `catalog:import`. */
  name: string;
  /** What follows `Usage: `, e.g. `npm run catalog:import -- <file.csv> [--dry-run]`. */
  usage: string;
  options?: ParseArgsOptionsConfig;
  /** How many arguments that are no option the script takes: [at least, at most]. */
  positionals?: [number, number];
}

export interface ScriptArgs {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/** Errors whose message already is a plain sentence for the person running the script. */
const PLAIN = new Set([
  'BackupError',
  'ConfigError',
  'DataDirLockedError',
  'DomainError',
  'HttpError',
  'ZipFormatError',
]);

/** A bad argument: the usage line, after what was wrong with it. */
export function usageError(spec: ScriptSpec, problem?: string): CliError {
  return new CliError(`${problem ? `${problem} ` : ''}Usage: ${spec.usage}`, 2);
}

function readArgs(spec: ScriptSpec): ScriptArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2),
      options: spec.options ?? {},
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    // Node's own words, e.g. "Unknown option '--bogus'"; the rest of its text is about `--`.
    throw usageError(spec, `${(error as Error).message.split('. ')[0]!.replace(/\.$/, '')}.`);
  }
  const [least, most] = spec.positionals ?? [0, 0];
  if (parsed.positionals.length < least || parsed.positionals.length > most) throw usageError(spec);
  return { values: parsed.values as ScriptArgs['values'], positionals: parsed.positionals };
}

/** The one line for an error: its own words when it is a known refusal, else `name failed: message`. */
export function errorLine(name: string, error: unknown): string {
  if (error instanceof CliError) return error.message;
  const e = error instanceof Error ? error : new Error(String(error));
  const code = (e as NodeJS.ErrnoException).code;
  const first = e.message.split('\n')[0]!;
  if (PLAIN.has(e.name) || code) return `${name} failed: ${first}`;
  return `${name} failed: ${e.name === 'Error' ? '' : `${e.name}: `}${first}`;
}

/**
 * Runs the script's body with its arguments; any error becomes one line on stderr and exit code
 * 1 (2 for a bad argument). The body closes what it opened in its own `finally`.
 */
export async function runScript(spec: ScriptSpec, body: (args: ScriptArgs) => Promise<void>): Promise<void> {
  try {
    await body(readArgs(spec));
  } catch (error) {
    console.error(errorLine(spec.name, error));
    if (process.env.CLI_DEBUG === '1') console.error(error);
    process.exit(error instanceof CliError ? error.exitCode : 1);
  }
}

/** The file's bytes, or a CliError saying why they cannot be had. */
export function readFileBytes(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new CliError(`${path} does not exist.`);
    if (code === 'EISDIR') throw new CliError(`${path} is a folder, not a file.`);
    if (code === 'EACCES' || code === 'EPERM') throw new CliError(`${path} cannot be read (permission denied).`);
    throw new CliError(`${path} cannot be read: ${(error as Error).message}`);
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The file as UTF-8 text (a byte-order mark dropped, as the upload does), or a CliError: missing, unreadable, not UTF-8. */
export function readTextFile(path: string): string {
  const bytes = readFileBytes(path);
  try {
    return utf8.decode(bytes);
  } catch {
    throw new CliError(`${path} is not UTF-8 text: save it as UTF-8 and run the command again.`);
  }
}
