/**
 * Scale-out (docs/decisions/015-scale-out.md): whole shop processes from dist/ sharing
 * one PostgreSQL database, directly and behind nginx run from deploy/nginx.conf.example.
 * PGlite allows one process per data directory, so there only the single-instance part runs.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/server/db/client';
import { jobRuns, orders, products } from '@/server/db/schema/index';
import { ORDER_JOBS } from '@/server/services/orders/jobs';
import { demoServerTarget, testEngine } from '../helpers/db';
import { berlinShipping } from '../helpers/fixture-commerce';
import { type Nginx, startNginx } from '../helpers/nginx';
import {
  cleanupServers,
  ensureBuilt,
  freePort,
  type Started,
  startServer,
  stopServer,
  tempDir,
  waitReady,
} from '../helpers/server';
import { type ApiSession, createApiSession } from '../helpers/session';

const DEMO = { email: 'demo@example.com', password: 'Demo1234!' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Target = Awaited<ReturnType<typeof demoServerTarget>>;

const shipping = (over: Record<string, unknown> = {}) =>
  berlinShipping({ name: 'Demo', surname: 'Customer', email: DEMO.email, payment_method: 'phone', ...over });

/** A browser-like session (cookies, XSRF) whose requests go to whichever base URL is current. */
function roamingSession(base: string): { session: ApiSession; use(base: string): void } {
  let current = base;
  const session = createApiSession({ request: (path, init) => fetch(new URL(path, current), init) });
  return { session, use: (next) => void (current = next) };
}

/** A session on another instance holding the same cookies (the same browser, another tab). */
function sameBrowserOn(base: string, from: ApiSession): ApiSession {
  const other = roamingSession(base).session;
  for (const [name, value] of from.cookies) other.cookies.set(name, value);
  return other;
}

async function expectOk(reply: Promise<{ status: number; body: any }>): Promise<any> {
  const { status, body } = await reply;
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

function checkout(session: ApiSession, body: unknown, idempotencyKey: string) {
  return session.request('/api/orders/checkout', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
    body: JSON.stringify(body),
  });
}

/** A product without variations and with plenty of stock. */
async function stockedProduct(database: Database): Promise<{ id: number; sku: string }> {
  const [row] = await database.db
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(
      and(
        eq(products.active, true),
        gte(products.stock, 50),
        sql`not exists (select 1 from variations v where v.product_id = ${products.id})`,
      ),
    )
    .orderBy(products.id)
    .limit(1);
  if (!row) throw new Error('the demo shop has no product without variations and with 50 units');
  return row;
}

async function stockOf(database: Database, id: number): Promise<number> {
  const [row] = await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id));
  return row!.stock;
}

async function orderByNr(database: Database, orderNr: string) {
  const [row] = await database.db.select().from(orders).where(eq(orders.orderNr, orderNr));
  return row!;
}

async function orderJobRuns(database: Database): Promise<number> {
  const [row] = await database.db.select({ runs: jobRuns.runs }).from(jobRuns).where(eq(jobRuns.name, ORDER_JOBS));
  return row?.runs ?? 0;
}

/** The pino lines the instances wrote to stdout. */
function logLines(instances: Started[]): Array<Record<string, any>> {
  return instances.flatMap((s) =>
    s
      .output()
      .stdout.split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, any>),
  );
}

async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

/** How a test reaches the shop(s) and their database. */
interface Shop {
  base: string;
  /** Every process started so far (their logs). */
  instances: Started[];
  /** The database, opened beside the running instances (PostgreSQL) or while they are stopped (PGlite). */
  withDb<T>(fn: (database: Database) => Promise<T>): Promise<T>;
  /** PostgreSQL only: the job's run count can be watched while the instances tick. */
  watchRuns: boolean;
}

/**
 * A card order placed and then aged past its 30 minutes: the instances' order job (every second
 * here) must fail it and put its units back exactly once, however many instances are running.
 */
async function expectExpiredOnce(shop: Shop): Promise<void> {
  const product = await shop.withDb(stockedProduct);
  const before = await shop.withDb((db) => stockOf(db, product.id));
  const { session } = roamingSession(shop.base);
  await expectOk(session.signIn(DEMO.email, DEMO.password));
  await expectOk(session.post('/api/cart/clear'));
  await expectOk(session.post('/api/cart/add', { id: product.id, count: 3, is_variation: false }));
  const placed = await expectOk(session.post('/api/orders/checkout', shipping({ payment_method: 'card' })));
  expect(placed.payment_type).toBe('card');
  const orderNr: string = placed.order_data.order_nr;

  const orderId = await shop.withDb(async (db) => {
    const order = await orderByNr(db, orderNr);
    expect(order).toMatchObject({ status: 'Pending', stockReleased: false });
    expect(await stockOf(db, product.id)).toBe(before - 3);
    await db.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '31 minutes'` })
      .where(eq(orders.id, order.id));
    return order.id;
  });
  await until(
    async () => {
      const history = await expectOk(session.get('/api/orders/history?per_page=50'));
      return history.payload.find((o: { order_nr: string }) => o.order_nr === orderNr)?.status === 'Failed';
    },
    15_000,
    'the order to expire',
  );
  // Several more ticks on every instance: nothing is released a second time.
  let runs = -1;
  if (shop.watchRuns) {
    const runsBefore = await shop.withDb(orderJobRuns);
    await sleep(4_000);
    runs = (await shop.withDb(orderJobRuns)) - runsBefore;
  } else {
    await sleep(3_000);
  }
  await shop.withDb(async (db) => {
    expect(await orderByNr(db, orderNr)).toMatchObject({ status: 'Failed', stockReleased: true });
    expect(await stockOf(db, product.id)).toBe(before);
    expect(await orderJobRuns(db)).toBeGreaterThanOrEqual(1);
  });
  const expiries = logLines(shop.instances).filter(
    (l) => l.msg === 'expired unpaid card orders' && l.orders.includes(orderId),
  );
  expect(expiries).toHaveLength(1);
  if (shop.watchRuns) {
    // Each instance ticks every second; between them the job ran about once a second (~4 in
    // 4 s), not once per instance and second.
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(runs).toBeLessThanOrEqual(5);
  }
}

beforeAll(async () => {
  await ensureBuilt();
}, 300_000);

afterAll(cleanupServers);

describe(`one instance on ${testEngine()}`, () => {
  let target: Target;
  const shop: Shop = {
    base: '',
    instances: [],
    watchRuns: testEngine() === 'postgres',
    withDb: async () => Promise.reject(new Error('not started')),
  };

  beforeAll(async () => {
    target = await demoServerTarget(tempDir());
    const port = await freePort();
    // A proxy elsewhere is trusted; the tests' own loopback requests do not come from it.
    // PAYMENT_PROVIDER: the demo card gateway is off in production unless turned on.
    const env = {
      ...target.env,
      PORT: String(port),
      TRUST_PROXY: '192.0.2.1',
      JOBS_INTERVAL_SECONDS: '1',
      LOG_LEVEL: 'info',
      PAYMENT_PROVIDER: 'demo',
    };
    const start = async () => {
      const server = startServer(env);
      shop.instances.push(server);
      await waitReady(server);
      return server;
    };
    let server = await start();
    shop.base = `http://127.0.0.1:${port}`;
    shop.withDb = async (fn) => {
      // A PGlite directory belongs to one process: the server steps aside while the test looks.
      if (testEngine() === 'pglite') await stopServer(server);
      const database = await target.open();
      try {
        return await fn(database);
      } finally {
        await database.close();
        if (testEngine() === 'pglite') server = await start();
      }
    };
  });

  afterAll(async () => {
    cleanupServers();
    await target?.drop();
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy: a new spoofed address per try still hits the limit', async () => {
    const { session } = roamingSession(shop.base);
    const email = `spoof-${randomUUID()}@example.com`;
    const login = (forwardedFor: string) =>
      session.request('/api/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
        body: JSON.stringify({ username: email, password: 'Wrong-1234' }),
      });
    await session.csrf();
    for (let i = 1; i <= 5; i++) expect((await login(`198.51.100.${i}`)).status).toBe(422);
    const blocked = await login('198.51.100.200');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    const logins = () => logLines(shop.instances).filter((l) => l.msg === 'request' && l.path === '/api/login');
    // The child's stdout reaches this process a moment after the response.
    await until(async () => logins().length >= 6, 5_000, 'six request log lines');
    const lines = logins();
    expect(lines.map((l) => l.status)).toEqual([422, 422, 422, 422, 422, 429]);
    expect(new Set(lines.map((l) => l.ip))).toEqual(new Set(['127.0.0.1']));
  });

  it(`runs the order job ${testEngine() === 'pglite' ? 'by itself (PGlite: one process, no lock)' : 'under its lock'}: an expired card order is released once`, async () => {
    await expectExpiredOnce(shop);
  });
});

// Several instances need a database server; PGlite's data directory belongs to one process.
if (testEngine() === 'postgres')
  describe('two instances on one PostgreSQL', () => {
    let target: Target;
    let database: Database;
    let nginx: Nginx | undefined;
    let a: Started;
    let b: Started;
    let baseA: string;
    let baseB: string;
    let product: { id: number; sku: string };

    beforeAll(async () => {
      target = await demoServerTarget(tempDir());
      const [portA, portB, proxyPort] = [await freePort(), await freePort(), await freePort()];
      // As docs/operations.md "Deployment: several instances" says: one DATABASE_URL, the proxy's PUBLIC_URL,
      // the proxy trusted (loopback: nginx runs on this machine).
      const env = {
        ...target.env,
        PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
        TRUST_PROXY: 'loopback',
        JOBS_INTERVAL_SECONDS: '1',
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        PAYMENT_PROVIDER: 'demo',
        // The demo customer (one unpaid phone order from the seed) places an order in each test
        // below and pays none: more than the default cap of 3 orders waiting for payment.
        UNPAID_ORDERS_PER_CUSTOMER: '10',
      };
      a = startServer({ ...env, PORT: String(portA), DATA_DIR: tempDir() });
      b = startServer({ ...env, PORT: String(portB), DATA_DIR: tempDir() });
      await Promise.all([waitReady(a), waitReady(b)]);
      [baseA, baseB] = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];
      database = await target.open();
      product = await stockedProduct(database);
      nginx = await startNginx({ upstreamPorts: [portA, portB], port: proxyPort });
    });

    afterAll(async () => {
      await nginx?.stop();
      cleanupServers();
      await database?.close();
      await target?.drop();
    });

    it('a sign-in through A holds on B: profile, cart, totals, phone checkout and order history', async () => {
      const browser = roamingSession(baseA);
      const { session } = browser;
      const signedIn = await expectOk(session.signIn(DEMO.email, DEMO.password));
      expect(signedIn.payload.user.email).toBe(DEMO.email);

      browser.use(baseB);
      const profile = await expectOk(session.get('/api/user/profile'));
      expect(profile.payload).toMatchObject({ email: DEMO.email, email_verified: true });
      const city = `Scale City ${randomUUID().slice(0, 8)}`;
      await expectOk(
        session.put('/api/user/profile', {
          name: profile.payload.name,
          surname: profile.payload.surname,
          email: DEMO.email,
          address: profile.payload.address ?? '',
          city,
          post_code: profile.payload.post_code ?? '',
          country_id: profile.payload.country?.id ?? null,
        }),
      );
      browser.use(baseA);
      expect((await expectOk(session.get('/api/user/profile'))).payload.city).toBe(city);

      browser.use(baseB);
      await expectOk(session.post('/api/cart/clear'));
      const before = await stockOf(database, product.id);
      await expectOk(session.post('/api/cart/add', { id: product.id, count: 2, is_variation: false }));
      browser.use(baseA);
      const cart = await expectOk(session.get('/api/cart/contents'));
      expect(cart.payload.map((line: any) => [line.item.sku, line.count])).toEqual([[product.sku, 2]]);

      browser.use(baseB);
      const totals = await expectOk(session.post('/api/cart/calculate-totals', { ...shipping(), cart_items: [] }));
      const expected: number = totals.converted.final_amount;
      expect(expected).toBeGreaterThan(0);
      const placed = await expectOk(session.post('/api/orders/checkout', { ...shipping(), expected_total: expected }));
      expect(placed).toMatchObject({
        status: 'OK',
        payment_type: 'phone',
        order_data: { amount: expected, currency: 'EUR' },
      });
      expect(await stockOf(database, product.id)).toBe(before - 2);

      browser.use(baseA);
      const history = await expectOk(session.get('/api/orders/history'));
      expect(history.payload[0]).toMatchObject({
        order_nr: placed.order_data.order_nr,
        status: 'Pending',
        payment_method: 'phone',
        amount: expected,
      });
      expect((await expectOk(session.get('/api/cart/contents'))).payload).toEqual([]);
    });

    it('counts failed sign-ins across instances: 5 split over A and B, the 6th is 429 on either', async () => {
      const email = `split-${randomUUID()}@example.com`;
      const browser = roamingSession(baseA);
      for (let i = 0; i < 5; i++) {
        browser.use(i % 2 === 0 ? baseA : baseB);
        expect((await browser.session.signIn(email, `Wrong-${i}`)).status).toBe(422);
      }
      for (const base of [baseA, baseB]) {
        browser.use(base);
        const blocked = await browser.session.signIn(email, `Wrong-again`);
        expect(blocked.status).toBe(429);
        expect(blocked.body.message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
      }
    });

    it('one Idempotency-Key sent to A and B at the same moment places one order', async () => {
      const { session } = roamingSession(baseA);
      await expectOk(session.signIn(DEMO.email, DEMO.password));
      await expectOk(session.post('/api/cart/clear'));
      await expectOk(session.post('/api/cart/add', { id: product.id, count: 1, is_variation: false }));
      const before = await stockOf(database, product.id);
      const key = `scale-out-${randomUUID()}`;
      const onB = sameBrowserOn(baseB, session);
      const replies = await Promise.all([checkout(session, shipping(), key), checkout(onB, shipping(), key)]);
      const bodies = await Promise.all(replies.map((r) => r.json() as Promise<any>));
      expect(replies.map((r) => r.status)).toEqual([200, 200]);
      expect(bodies[0].status).toBe('OK');
      expect(bodies[1].order_data.order_nr).toBe(bodies[0].order_data.order_nr);
      const placed = await database.db.select({ id: orders.id }).from(orders).where(eq(orders.idempotencyKey, key));
      expect(placed).toHaveLength(1);
      expect(await stockOf(database, product.id)).toBe(before - 1);
      // The same key later, on either instance, still answers with that order.
      const later = await checkout(session, shipping(), key);
      expect(((await later.json()) as any).order_data.order_nr).toBe(bodies[0].order_data.order_nr);
    });

    it('the order job runs once per tick between both instances: an expired card order is released once', async () => {
      await expectExpiredOnce({ base: baseA, instances: [a, b], withDb: (fn) => fn(database), watchRuns: true });
    });

    it('through nginx: a whole purchase, its requests spread over both instances, the client address forwarded', async () => {
      const proxy = `http://127.0.0.1:${nginx!.port}`;
      const seen = nginx!.accessLog().length;
      const { session } = roamingSession(proxy);
      const csrf = await session.csrf();
      expect(csrf.status).toBe(204);
      expect(session.xsrf).toBeTruthy();
      await expectOk(session.signIn(DEMO.email, DEMO.password));
      await expectOk(session.post('/api/cart/clear'));
      await expectOk(session.post('/api/cart/add', { id: product.id, count: 1, is_variation: false }));
      const totals = await expectOk(session.post('/api/cart/calculate-totals', { ...shipping(), cart_items: [] }));
      const expected: number = totals.converted.final_amount;
      const placed = await expectOk(session.post('/api/orders/checkout', { ...shipping(), expected_total: expected }));
      expect(placed).toMatchObject({ status: 'OK', payment_type: 'phone' });
      const history = await expectOk(session.get('/api/orders/history'));
      expect(history.payload[0]).toMatchObject({
        order_nr: placed.order_data.order_nr,
        status: 'Pending',
        amount: expected,
      });
      // A page through the proxy too (rendered for the signed-in customer).
      const page = await session.request('/account?tab=orders');
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(placed.order_data.order_nr);

      // csrf, sign-in, clear, add, totals, checkout, history, page; nginx logs each once it is done.
      await until(async () => nginx!.accessLog().length - seen >= 8, 5_000, 'the access log');
      const lines = nginx!.accessLog().slice(seen);
      expect(lines).toHaveLength(8);
      const upstreams = new Set(lines.map((line) => line.split(' ')[3]));
      expect(upstreams).toEqual(new Set([new URL(baseA).host, new URL(baseB).host]));
      expect(lines.every((line) => / (200|204) /.test(line))).toBe(true);

      // nginx appends the peer (this test, on loopback) to what the client sent; behind a trusted
      // proxy the shop takes the rightmost address that is not a proxy.
      const probe = await fetch(`${proxy}/api/health?probe=forwarded`, {
        headers: { 'X-Forwarded-For': '203.0.113.50' },
      });
      expect(probe.status).toBe(200);
      await until(
        async () =>
          logLines([a, b]).some((l) => l.msg === 'request' && l.path === '/api/health' && l.ip === '203.0.113.50'),
        5_000,
        'the log line',
      );
    });
  });
