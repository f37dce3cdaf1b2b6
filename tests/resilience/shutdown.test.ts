import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoadData, loadSnapshot, prepareLoadData } from '~/bench/lib/load-data';
import { consistencyProblems, discoverProductPaths, runLoad, SHIPPING } from '~/bench/lib/load-mix.mjs';
import { openDatabase } from '@/server/db/client';
import { orders } from '@/server/db/schema/index';
import { seedIfEmpty } from '@/server/db/seed/index';
import { type PrivatePostgres, startPrivatePostgres } from '../helpers/private-postgres';
import {
  cleanupServers,
  ensureBuilt,
  freePort,
  type Started,
  startServer,
  tempDir,
  waitReady,
} from '../helpers/server';
import { shopClient } from '../helpers/shop-client';

/**
 * Graceful shutdown and crashes with whole shop processes (ADR 017). tests/integration/
 * server-start.test.ts covers a plain start and SIGTERM (exit 0); this covers what happens to
 * the requests and the data.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterAll(() => cleanupServers());

async function startShop(env: Record<string, string>): Promise<{ server: Started; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer({ ...env, PORT: String(port), PUBLIC_URL: base, RATE_LIMIT_MULTIPLIER: '1000' });
  await waitReady(server, 120_000);
  return { server, base };
}

describe('SIGTERM with a checkout in flight (PostgreSQL, private cluster)', () => {
  let cluster: PrivatePostgres;
  let url: string;
  let data: LoadData;

  beforeAll(async () => {
    await ensureBuilt();
    cluster = await startPrivatePostgres();
    url = await cluster.createDatabase('shop');
    const database = await openDatabase({ engine: 'postgres', url, max: 2 });
    try {
      await database.migrate();
      await seedIfEmpty(database.db);
      data = await prepareLoadData(database.db, 4);
    } finally {
      await database.close();
    }
  }, 300_000);

  afterAll(() => cluster?.remove());

  it('stops accepting, lets the checkout finish with 200 and its order, then closes the database and exits 0', async () => {
    const { server, base } = await startShop({ DATABASE_URL: url });
    const shopper = shopClient(base);
    await shopper.signIn(data.customers[0]!, data.password);
    expect((await shopper.call('POST', '/api/cart/add', { id: data.products[0], count: 1 })).status).toBe(200);

    // Hold the product's row lock: the checkout's stock reservation waits for it.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from products where id = $1 for update', [data.products[0]]);
      const checkout = shopper.call('POST', '/api/orders/checkout', { ...SHIPPING, payment_method: 'phone' });
      // Wait until the checkout is really blocked on the lock inside the shop.
      for (let i = 0; ; i++) {
        const waiting = await holder.query(
          "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = 'shop'",
        );
        if (waiting.rows[0].n > 0) break;
        if (i > 100) throw new Error('the checkout never waited for the row lock');
        await sleep(50);
      }

      server.child.kill('SIGTERM');
      await sleep(300);
      // Stopped accepting: a new connection is refused while the checkout is still running.
      const refused = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(3_000) }).then(
        (r) => `answered ${r.status}`,
        (e: Error & { cause?: { code?: string } }) => e.cause?.code ?? e.message,
      );
      expect(refused).toBe('ECONNREFUSED');
      expect(server.child.exitCode).toBeNull();
      expect(server.output().stdout).toContain('SIGTERM: finishing 1 request(s), then stopping.');

      await holder.query('commit');
      const answer = await checkout;
      expect(answer.status, answer.body).toBe(200);
      const orderNr = answer.json().order_data.order_nr as string;
      expect(await server.exited).toBe(0);
      expect(server.output().stdout).toContain('Stopped.');

      const [order] = (await holder.query('select status, payment_method from orders where order_nr = $1', [orderNr]))
        .rows;
      expect(order).toEqual({ status: 'Pending', payment_method: 'phone' });
      // The shop closed its pool: no connection of it is left on the server.
      const left = await holder.query(
        "select count(*)::int as n from pg_stat_activity where datname = 'shop' and pid <> pg_backend_pid()",
      );
      expect(left.rows[0].n).toBe(0);
    } finally {
      await holder.end();
    }
  });
});

describe('PGlite: SIGTERM releases the data directory, SIGKILL mid-checkout loses no committed order', () => {
  let dataDir: string;
  let data: LoadData;
  const open = () => openDatabase({ engine: 'pglite', dataDir: join(dataDir, 'pglite') });

  beforeAll(async () => {
    await ensureBuilt();
    dataDir = tempDir();
    const database = await open();
    try {
      await database.migrate();
      await seedIfEmpty(database.db);
      data = await prepareLoadData(database.db, 40);
    } finally {
      await database.close();
    }
  }, 300_000);

  it('SIGTERM: exit 0 and the lock is released, so the next start opens the directory', async () => {
    const { server } = await startShop({ DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(readFileSync(join(dataDir, 'shop.lock'), 'utf8').trim()).toBe(String(server.child.pid));
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(existsSync(join(dataDir, 'shop.lock'))).toBe(false);
  });

  it('SIGKILL during many checkouts: the next start takes over the stale lock, every OK order is there, stock consistent', async () => {
    const ids = [...data.products, ...data.scarce];
    const before = await (async () => {
      const database = await open();
      try {
        return await loadSnapshot(database.db, ids);
      } finally {
        await database.close();
      }
    })();

    const { server, base } = await startShop({ DATA_DIR: dataDir, DATABASE_URL: '' });
    const productPaths = await discoverProductPaths(base);
    // Eight shoppers with a full cart, who all press "check out" at once just before the crash.
    const buyers = await Promise.all(
      data.customers.slice(0, 8).map(async (email, i) => {
        const client = shopClient(base);
        await client.signIn(email, data.password);
        expect((await client.call('POST', '/api/cart/add', { id: data.products[i], count: 2 })).status).toBe(200);
        return client;
      }),
    );
    let placed = 0;
    const stop = new AbortController();
    const load = runLoad({
      bases: [base],
      connections: 8,
      durationMs: 60_000,
      customers: data.customers.slice(8),
      password: data.password,
      products: data.products,
      scarce: data.scarce,
      productPaths,
      requestTimeoutMs: 10_000,
      signal: stop.signal,
      onAnswer: (kind, answer) => {
        if (kind === 'checkout' && answer?.status === 200) placed++;
      },
    });
    // Shopping in full swing (some orders placed), then the burst, then the crash within it.
    for (let waited = 0; placed < 3 && waited < 60_000; waited += 100) await sleep(100);
    expect(placed).toBeGreaterThanOrEqual(3);
    const burst = buyers.map((client) =>
      client.call('POST', '/api/orders/checkout', { ...SHIPPING, payment_method: 'phone' }).then(
        (a) => (a.status === 200 ? (a.json().order_data.order_nr as string) : null),
        () => null,
      ),
    );
    await sleep(40);
    server.child.kill('SIGKILL');
    await server.exited;
    stop.abort();
    const result = await load;
    const okOrderNrs = [...result.okOrderNrs, ...(await Promise.all(burst)).filter((nr): nr is string => nr !== null)];
    expect(okOrderNrs.length).toBeGreaterThan(0);
    console.log(
      `SIGKILL after ${okOrderNrs.length} OK checkouts (${okOrderNrs.length - result.okOrderNrs.length} of the 8 in the burst answered)`,
    );
    // The dead process's lock is still there...
    expect(readFileSync(join(dataDir, 'shop.lock'), 'utf8').trim()).toBe(String(server.child.pid));

    // ...and the next start takes it over, recovers the database and serves.
    const again = await startShop({ DATA_DIR: dataDir, DATABASE_URL: '' });
    const health = await fetch(`${again.base}/api/health`);
    expect(health.status).toBe(200);
    again.server.child.kill('SIGTERM');
    expect(await again.server.exited).toBe(0);

    const database = await open();
    try {
      const after = await loadSnapshot(database.db, ids, before.maxOrderId);
      // An order committed in the instant before the kill may not have reached its shopper; it is
      // complete all the same (checked by the stock and incomplete-order rules).
      const problems = consistencyProblems(before, after, okOrderNrs, ids).filter(
        (p) => !p.includes('no shopper was answered OK'),
      );
      expect(problems).toEqual([]);
      const [first] = await database.db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.orderNr, okOrderNrs[0]!));
      expect(first?.status).toBe('Pending');
    } finally {
      await database.close();
    }
  });
});
