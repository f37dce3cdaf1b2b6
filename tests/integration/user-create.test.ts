/**
 * `npm run user:create -- <email> <role>` against a database of the run's engine: it creates the
 * account (or gives an existing one the role), records it as a change by the command line, and
 * prints a link where the person chooses the password: the reset page worded as a first
 * password, single use, valid 24 hours. Wrong arguments and a running PGlite shop are one line
 * and a non-zero exit. `npm run user:role` is the same script.
 */
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import type { Database } from '@/server/db/client';
import { contentChanges, passwordResetTokens, users } from '@/server/db/schema/index';
import { seedBaseIfEmpty } from '@/server/db/seed/index';
import { shutdown, useDatabase } from '@/server/runtime';
import { sha256Hex } from '@/server/services/auth/crypto';
import { emptyServerTarget, testEngine } from '../helpers/db';
import { ROOT, cleanupServers, tempDir } from '../helpers/server';
import { createApiSession, createUser } from '../helpers/session';

const USAGE = 'Usage: npm run user:create -- <email> admin|editor|staff|customer';
const INVALID = 'This password reset link is invalid or has expired.';
let target: Awaited<ReturnType<typeof emptyServerTarget>>;
let dataDir: string;

beforeAll(async () => {
  dataDir = tempDir();
  target = await emptyServerTarget(dataDir);
  const database = await target.open();
  await database.migrate();
  await seedBaseIfEmpty(database.db);
  await createUser(database.db, { email: 'Maria.Editor@example.com', password: 'Maria1234!' });
  await database.close();
}, 120_000);

afterAll(async () => {
  cleanupServers();
  await target?.drop();
});

function userCreate(...args: string[]) {
  const tsx = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const result = spawnSync(process.execPath, [tsx, join(ROOT, 'scripts', 'user-create.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...target.env, PUBLIC_URL: 'https://shop.example.test', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
}

/** The printed link, checked for its form. */
function linkOf(out: string): URL {
  const lines = out.split('\n');
  expect(lines[1]).toBe('Open this link within 24 hours to choose the password (it works once):');
  const link = new URL(lines[2]!.trim());
  expect(link.origin + link.pathname).toBe('https://shop.example.test/reset-password');
  expect(link.searchParams.get('welcome')).toBe('1');
  return link;
}

/** With the script's database closed (PGlite: one process at a time), through the API in process. */
async function withApi<T>(run: (api: ReturnType<typeof createApi>, database: Database) => Promise<T>): Promise<T> {
  const database = await target.open();
  useDatabase(database);
  try {
    return await run(createApi(), database);
  } finally {
    // Closes the process database, which is this one.
    await shutdown();
  }
}

const choose = (api: ReturnType<typeof createApi>, link: URL, password: string) =>
  createApiSession(api).post('/api/reset-password', {
    token: link.searchParams.get('token'),
    email: link.searchParams.get('email'),
    password,
    password_confirmation: password,
  });

describe('npm run user:create', () => {
  it('creates the first admin: the link sets the password once, then the admin signs in', async () => {
    const created = userCreate('Owner@Example.com', 'admin');
    expect(created.err).toBe('');
    expect(created.status).toBe(0);
    expect(created.out.split('\n')[0]).toMatch(
      /^Owner@Example\.com was created as admin \((PGlite|PostgreSQL) .+\)\.$/,
    );
    const link = linkOf(created.out);
    expect(link.searchParams.get('email')).toBe('Owner@Example.com');
    // No password on the command line or in the output: only the link's token.
    expect(created.out).not.toMatch(/password:/i);

    await withApi(async (api, database) => {
      const [row] = await database.db.select().from(users).where(eq(users.email, 'Owner@Example.com'));
      expect(row).toMatchObject({ role: 'admin', name: '', surname: '', emailVerifiedAt: null });
      const [token] = await database.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, row!.id));
      expect(token!.tokenHash).toBe(sha256Hex(link.searchParams.get('token')!));
      expect((token!.expiresAt.getTime() - token!.createdAt.getTime()) / 3_600_000).toBeCloseTo(24, 1);
      // Before the link is used, nothing opens the account.
      expect((await createApiSession(api).signIn('owner@example.com', 'Owner1234!')).status).toBe(422);

      const set = await choose(api, link, 'Owner1234!');
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      const session = createApiSession(api);
      expect((await session.signIn('owner@example.com', 'Owner1234!')).status).toBe(200);
      expect((await session.get('/api/admin/settings')).status).toBe(200);
      // Used once: the same link again is refused, and the password stays.
      const again = await choose(api, link, 'Other1234!');
      expect(again.status).toBe(422);
      expect(again.body.message).toBe(INVALID);
      expect((await createApiSession(api).signIn('owner@example.com', 'Owner1234!')).status).toBe(200);
      // The link proved the address.
      const [after] = await database.db
        .select({ verified: users.emailVerifiedAt })
        .from(users)
        .where(eq(users.id, row!.id));
      expect(after!.verified).not.toBeNull();
    });
  }, 120_000);

  it('a link older than 24 hours is refused', async () => {
    const created = userCreate('late@example.com', 'staff');
    expect(created.status).toBe(0);
    const link = linkOf(created.out);
    await withApi(async (api, database) => {
      // 24 hours have passed: the token's times moved back a day and a minute.
      await database.db
        .update(passwordResetTokens)
        .set({
          createdAt: sql`${passwordResetTokens.createdAt} - interval '24 hours 1 minute'`,
          expiresAt: sql`${passwordResetTokens.expiresAt} - interval '24 hours 1 minute'`,
        })
        .where(eq(passwordResetTokens.tokenHash, sha256Hex(link.searchParams.get('token')!)));
      const late = await choose(api, link, 'Late1234!');
      expect(late.status).toBe(422);
      expect(late.body.message).toBe(INVALID);
      expect((await createApiSession(api).signIn('late@example.com', 'Late1234!')).status).toBe(422);
    });
    // A new link works.
    const fresh = linkOf(userCreate('late@example.com', 'staff').out);
    await withApi(async (api) => {
      expect((await choose(api, fresh, 'Late1234!')).status).toBe(200);
    });
  }, 120_000);

  it('gives an existing account the role (any case of the address), keeps its password, and records both changes', async () => {
    const granted = userCreate('maria.editor@EXAMPLE.com', 'editor');
    expect(granted.err).toBe('');
    expect(granted.status).toBe(0);
    expect(granted.out.split('\n')[0]).toMatch(
      /^Maria\.Editor@example\.com is now editor \((PGlite|PostgreSQL) .+\)\.$/,
    );
    linkOf(granted.out);
    // The old name of the command is the same script.
    expect(userCreate('maria.editor@example.com', 'customer').status).toBe(0);
    await withApi(async (api, database) => {
      const [row] = await database.db
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(eq(users.email, 'Maria.Editor@example.com'));
      expect(row?.role).toBe('customer');
      expect((await createApiSession(api).signIn('maria.editor@example.com', 'Maria1234!')).status).toBe(200);
      const changes = await database.db
        .select()
        .from(contentChanges)
        .where(eq(contentChanges.entityId, String(row!.id)));
      expect(changes.map((c) => [c.entity, c.action, c.userId, c.summary])).toEqual([
        ['user_role', 'update', null, 'Maria.Editor@example.com → editor'],
        ['user_role', 'update', null, 'Maria.Editor@example.com → customer'],
      ]);
    });
  }, 120_000);

  it('bad arguments: one line, exit 2, no stack trace', () => {
    expect(userCreate('nobody@example.com', 'boss')).toEqual({
      status: 2,
      out: '',
      err: `Unknown role: boss. ${USAGE}`,
    });
    expect(userCreate('not-an-address', 'admin')).toEqual({
      status: 2,
      out: '',
      err: `Not an email address: not-an-address. ${USAGE}`,
    });
    expect(userCreate('owner@example.com')).toEqual({ status: 2, out: '', err: USAGE });
    expect(userCreate()).toEqual({ status: 2, out: '', err: USAGE });
  }, 120_000);

  it('while the shop runs: on PGlite one line saying to stop it (exit 1); on PostgreSQL it just works', () => {
    // A running shop holds DATA_DIR/shop.lock with its pid; this test process stands in for it.
    const lock = join(dataDir, 'shop.lock');
    writeFileSync(lock, String(process.pid));
    try {
      const result = userCreate('someone@example.com', 'admin');
      if (testEngine() === 'pglite') {
        expect(result).toEqual({
          status: 1,
          out: '',
          err: `The shop is running on ${dataDir} (pid ${process.pid}) and PGlite lets one process open it: stop the shop, run npm run user:create again, then start the shop.`,
        });
      } else {
        expect(result.err).toBe('');
        expect(result.status).toBe(0);
        linkOf(result.out);
      }
    } finally {
      rmSync(lock, { force: true });
    }
  });
});
