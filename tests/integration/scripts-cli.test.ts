/**
 * Issue 27: every npm script (catalog:*, db:*, user:*) answers a bad argument, a missing or
 * unreadable file, a file that is no UTF-8 text and a busy import with ONE plain line on stderr
 * and a non-zero exit, never a stack trace (scripts/lib/cli.ts). The scripts run as child
 * processes against a database of the run's engine.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogImports } from '@/server/db/schema/index';
import { emptyServerTarget } from '../helpers/db';
import { ROOT, cleanupServers, tempDir } from '../helpers/server';

let target: Awaited<ReturnType<typeof emptyServerTarget>>;
let dir: string;
const BUSY_CSV = 'sku,name,price\nBUSY-1,Busy,9.00\n';

beforeAll(async () => {
  dir = tempDir();
  mkdirSync(join(dir, 'data'), { recursive: true });
  target = await emptyServerTarget(join(dir, 'data'));
  const database = await target.open();
  await database.migrate();
  // An apply another process holds (fresh runner): the same file again is a busy import.
  await database.db.insert(catalogImports).values({
    fileHash: createHash('sha256').update(BUSY_CSV).digest('hex'),
    fileName: 'busy.csv',
    status: 'applying',
    runner: 'elsewhere:1',
    totalRows: 1,
    errorCount: 0,
    content: BUSY_CSV,
    updatedAt: sql`now() + interval '1 hour'`,
  });
  await database.close();
  writeFileSync(join(dir, 'busy.csv'), BUSY_CSV);
  writeFileSync(join(dir, 'latin1.csv'), new Uint8Array([...Buffer.from('sku,name\nA-1,Caf'), 0xe9, 0x0a]));
  writeFileSync(join(dir, 'nul.csv'), 'sku\u0000\nA\n');
  writeFileSync(join(dir, 'locked.csv'), 'sku\nA\n');
  chmodSync(join(dir, 'locked.csv'), 0o000);
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, 'folder.csv'));
}, 120_000);

afterAll(async () => {
  cleanupServers();
  await target?.drop();
});

const SCRIPTS: Record<string, string> = {
  'catalog:import': 'catalog-import.ts',
  'catalog:export': 'catalog-export.ts',
  'db:seed': 'seed.ts',
  'db:seed:bench': 'seed-bench.ts',
  'db:backup': 'db-backup.ts',
  'db:restore': 'db-restore.ts',
  'user:create': 'user-create.ts',
};

/** The script as `npm run` starts it (tsx), in a child process; root runs it as nobody, so a mode-000 file is unreadable. */
function run(script: string, ...args: string[]): Promise<{ status: number | null; stderr: string }> {
  const tsx = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsx, join(ROOT, 'scripts', SCRIPTS[script]!), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...target.env, LOG_LEVEL: 'silent', HOME: dir },
      stdio: ['ignore', 'ignore', 'pipe'],
      ...(args.includes(at('locked.csv')) ? asNobody : {}),
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (status) => resolve({ status, stderr }));
  });
}

const at = (name: string) => join(dir, name);
const IMPORT_USAGE = 'Usage: npm run catalog:import -- <file.csv> [--zip images.zip] [--dry-run]';

/** [script, arguments, exit code, the one line]. */
const cases = (): [string, string[], number, string][] => [
  ['catalog:import', [], 2, IMPORT_USAGE],
  ['catalog:import', ['--bogus', 'a.csv'], 2, `Unknown option '--bogus'. ${IMPORT_USAGE}`],
  ['catalog:import', ['a.csv', 'b.csv'], 2, IMPORT_USAGE],
  ['catalog:import', ['a.csv', '--zip'], 2, `Option '--zip <value>' argument missing. ${IMPORT_USAGE}`],
  ['catalog:import', ['missing.csv'], 1, 'missing.csv does not exist.'],
  ['catalog:import', [at('locked.csv')], 1, `${at('locked.csv')} cannot be read (permission denied).`],
  ['catalog:import', [at('folder.csv')], 1, `${at('folder.csv')} is a folder, not a file.`],
  [
    'catalog:import',
    [at('latin1.csv')],
    1,
    `${at('latin1.csv')} is not UTF-8 text: save it as UTF-8 and run the command again.`,
  ],
  ['catalog:import', [at('nul.csv')], 1, `${at('nul.csv')} is not a CSV text file.`],
  ['catalog:import', [at('busy.csv'), '--zip', 'missing.zip'], 1, 'missing.zip does not exist.'],
  [
    'catalog:import',
    [at('busy.csv')],
    1,
    'catalog:import failed: This import is being applied by another process; its progress is shown here.',
  ],
  ['catalog:export', ['a.csv', 'b.csv'], 2, 'Usage: npm run catalog:export -- [file.csv]'],
  [
    'catalog:export',
    ['no-such-folder/out.csv'],
    1,
    'no-such-folder/out.csv cannot be written: its folder does not exist.',
  ],
  ['db:seed', ['--rest'], 2, "Unknown option '--rest'. Usage: npm run db:seed [-- --reset]"],
  [
    'db:seed:bench',
    ['--products', 'many'],
    2,
    '--products must be a whole number between 1 and 5000000 (got "many"). Usage: npm run db:seed:bench -- --products 100000',
  ],
  ['db:backup', [], 2, 'Usage: npm run db:backup -- <file>'],
  ['db:restore', ['missing.tar'], 1, `db:restore failed: ${join(ROOT, 'missing.tar')} does not exist.`],
  [
    'db:restore',
    [at('busy.csv'), '--forse'],
    2,
    "Unknown option '--forse'. Usage: npm run db:restore -- <file> [--force]",
  ],
  ['user:create', ['someone@example.com'], 2, 'Usage: npm run user:create -- <email> admin|editor|staff|customer'],
];

describe('npm scripts refuse with one plain line', () => {
  it('a bad argument, a missing, unreadable, non-UTF-8 or NUL file, a busy import: one line on stderr, exit 1 or 2, no stack', async () => {
    // Three at a time: each is a Node process of its own (a loaded machine only makes this slower).
    const pending = cases().map(([script, args]) => async () => {
      const { status, stderr } = await run(script, ...args);
      return [`${script} ${args.join(' ')}`, status, stderr] as const;
    });
    const answers: (readonly [string, number | null, string])[] = [];
    for (let i = 0; i < pending.length; i += 3)
      answers.push(...(await Promise.all(pending.slice(i, i + 3).map((start) => start()))));
    expect(answers).toEqual(
      cases().map(([script, args, status, line]) => [`${script} ${args.join(' ')}`, status, `${line}\n`]),
    );
  }, 600_000);
});
