/**
 * Reads from a streaming replica (DATABASE_READ_URL, issue 18, ADR 015) on a private primary and
 * its pg_basebackup replica of this test (the machine's shared server is never touched): with the
 * replica's replay paused, a visitor who changed nothing reads the replica's older data (so
 * catalogue reads go there), a browser that has just changed something reads the primary at once,
 * and when the replica stops the shop keeps serving every read from the primary.
 */
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '@/server/db/client';
import { READ_PRIMARY_COOKIE } from '@/server/db/read-replica';
import { products } from '@/server/db/schema/index';
import { seedIfEmpty } from '@/server/db/seed/index';
import { type PrivatePostgres, startPrivatePostgres } from '../helpers/private-postgres';
import { cleanupServers, ensureBuilt, freePort, type Started, startServer, waitReady } from '../helpers/server';
import { createHttpSession } from '../helpers/session';

let primary: PrivatePostgres;
let replica: PrivatePostgres;
let database: Database;
let server: Started;
let base: string;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function onReplica<T>(query: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: replica.url('shop') });
  await client.connect();
  try {
    return (await client.query(query, params)).rows as T[];
  } finally {
    await client.end();
  }
}

async function nameOf(id: number, cookie = ''): Promise<{ status: number; name?: string }> {
  const res = await fetch(`${base}/api/products/${id}/info`, {
    headers: cookie ? { Cookie: cookie } : {},
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await res.json().catch(() => ({}))) as { payload?: { name: string } };
  return { status: res.status, ...(body.payload && { name: body.payload.name }) };
}

beforeAll(async () => {
  await ensureBuilt();
  primary = await startPrivatePostgres();
  const url = await primary.createDatabase('shop');
  database = await openDatabase({ engine: 'postgres', url, max: 2 });
  await database.migrate();
  await seedIfEmpty(database.db);
  replica = await startPrivatePostgres({ replicaOf: primary });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = startServer({
    DATABASE_URL: url,
    DATABASE_READ_URL: replica.url('shop'),
    PORT: String(port),
    PUBLIC_URL: base,
  });
  await waitReady(server, 120_000);
}, 300_000);

afterAll(async () => {
  cleanupServers();
  await database?.close().catch(() => {});
  replica?.remove();
  primary?.remove();
});

describe('a read replica', () => {
  it("serves visitors' catalogue reads, the writer reads the primary at once, and the shop serves on when the replica stops", async () => {
    const [product] = await database.db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(eq(products.active, true))
      .orderBy(products.id)
      .limit(1);
    expect(product).toBeDefined();
    const { id, name } = product!;
    // The replica is in recovery and has the seed.
    expect((await onReplica<{ standby: boolean }>('select pg_is_in_recovery() as standby'))[0]!.standby).toBe(true);
    expect((await onReplica<{ name: string }>('select name from products where id = $1', [id]))[0]!.name).toBe(name);

    // Replay paused: what is written on the primary from now on is not on the replica.
    await onReplica('select pg_wal_replay_pause()');
    const renamed = `${name} (renamed on the primary)`;
    await database.db.update(products).set({ name: renamed }).where(eq(products.id, id));

    // A visitor who changed nothing reads the replica: the name before the change.
    expect(await nameOf(id)).toEqual({ status: 200, name });
    const page = await fetch(`${base}/products/all/all`, { signal: AbortSignal.timeout(10_000) });
    expect(page.status).toBe(200);

    // A browser that has just changed something (here: subscribed to the newsletter) reads the primary.
    const writer = createHttpSession(base);
    const subscribed = await writer.post('/api/newsletter/subscribe', { email: 'replica-writer@example.com' });
    expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(200);
    expect(writer.cookies.get(READ_PRIMARY_COOKIE)).toBe('1');
    const jar = [...writer.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    expect(await nameOf(id, jar)).toEqual({ status: 200, name: renamed });

    // The replica stops: within a health check the shop reads everything from the primary.
    await onReplica('select pg_wal_replay_resume()');
    await replica.stopServer();
    await sleep(2_500);
    const answers = await Promise.all(Array.from({ length: 5 }, () => nameOf(id)));
    expect(answers).toEqual(Array.from({ length: 5 }, () => ({ status: 200, name: renamed })));
    expect((await fetch(`${base}/products/all/all`, { signal: AbortSignal.timeout(10_000) })).status).toBe(200);
    expect(server.output().stderr + server.output().stdout).toContain(
      'read replica does not answer: every read goes to the primary',
    );
  }, 120_000);
});
