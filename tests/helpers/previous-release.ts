/**
 * The previous release's database schema and migrations, taken from git, for the rolling-upgrade
 * test (tests/integration/upgrades.test.ts; docs/upgrading.md "Expand and contract").
 *
 * Which release: ROLLING_UPGRADE_FROM (any git revision) when set; else the newest `v*` tag
 * before HEAD; else, while the project has no tags, the state just before the newest migration
 * was added (the first parent of the last commit that changed drizzle's journal), so that the
 * newest migration is always checked against the code that ran before it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './server';

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

export function previousReleaseRef(): string {
  const given = process.env.ROLLING_UPGRADE_FROM;
  if (given) return git('rev-parse', '--verify', `${given}^{commit}`);
  try {
    return git('rev-parse', git('describe', '--tags', '--abbrev=0', '--match', 'v*', 'HEAD^'));
  } catch {
    // No release tag yet.
  }
  const lastMigration = git('log', '-n', '1', '--format=%H', 'HEAD', '--', 'drizzle/meta/_journal.json');
  if (!lastMigration) throw new Error('no commit changed drizzle/meta/_journal.json: is this a shallow clone?');
  return git('rev-parse', `${lastMigration}^1`);
}

/**
 * src/server/db/schema and drizzle/ of `ref`, extracted under .cache/ (inside the repository but
 * not node_modules, so that vitest compiles the old schema and it resolves drizzle-orm as ours).
 */
export function extractRelease(ref: string): { schemaDir: string; migrationsDir: string } {
  const dir = join(ROOT, '.cache', 'previous-release', ref);
  if (!existsSync(join(dir, 'drizzle', 'meta', '_journal.json'))) {
    const partial = `${dir}.partial`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial, { recursive: true });
    const archive = execFileSync('git', ['archive', '--format=tar', ref, 'src/server/db/schema', 'drizzle'], {
      cwd: ROOT,
      maxBuffer: 256 * 1024 * 1024,
    });
    execFileSync('tar', ['-x', '-C', partial], { input: archive });
    rmSync(dir, { recursive: true, force: true });
    renameSync(partial, dir);
  }
  return { schemaDir: join(dir, 'src', 'server', 'db', 'schema'), migrationsDir: join(dir, 'drizzle') };
}
