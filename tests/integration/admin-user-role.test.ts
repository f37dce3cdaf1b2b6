/**
 * `npm run user:role -- <email> <role>` (ADR 013) against a database of the run's engine: it
 * grants the role by address (any case), records who did it (the command line: no user), and
 * says clearly when the address or the role is wrong.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentChanges, users } from '@/server/db/schema/index';
import { emptyServerTarget } from '../helpers/db';
import { ROOT, cleanupServers, tempDir } from '../helpers/server';
import { createUser } from '../helpers/session';

let target: Awaited<ReturnType<typeof emptyServerTarget>>;

beforeAll(async () => {
  target = await emptyServerTarget(tempDir());
  const database = await target.open();
  await database.migrate();
  await createUser(database.db, { email: 'Maria.Editor@example.com', password: 'Maria1234!' });
  await database.close();
}, 120_000);

afterAll(async () => {
  cleanupServers();
  await target?.drop();
});

function userRole(...args: string[]) {
  const tsx = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const result = spawnSync(process.execPath, [tsx, join(ROOT, 'scripts', 'user-role.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...target.env, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
}

describe('npm run user:role', () => {
  it('grants and takes the editor role by address, recorded as a change by the command line', async () => {
    const granted = userRole('maria.editor@EXAMPLE.com', 'editor');
    expect(granted.err).toBe('');
    expect(granted.status).toBe(0);
    expect(granted.out).toMatch(/^Maria\.Editor@example\.com is now editor \((PGlite|PostgreSQL) .+\)\.$/);
    expect(userRole('maria.editor@example.com', 'customer').status).toBe(0);

    const database = await target.open();
    try {
      const [row] = await database.db.select({ role: users.role }).from(users).where(eq(users.email, 'Maria.Editor@example.com'));
      expect(row?.role).toBe('customer');
      const changes = await database.db.select().from(contentChanges);
      expect(changes.map((c) => [c.entity, c.userId, c.summary])).toEqual([
        ['user_role', null, 'Maria.Editor@example.com → editor'],
        ['user_role', null, 'Maria.Editor@example.com → customer'],
      ]);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('an unknown address exits 1, a wrong role or missing argument 2, each with one clear line', () => {
    expect(userRole('nobody@example.com', 'editor')).toEqual({ status: 1, out: '', err: 'No account has the email address nobody@example.com.' });
    expect(userRole('maria.editor@example.com', 'boss')).toEqual({ status: 2, out: '', err: 'Usage: npm run user:role -- <email> staff|editor|admin|customer' });
    expect(userRole()).toMatchObject({ status: 2 });
  }, 120_000);
});
