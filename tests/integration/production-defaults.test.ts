import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, users } from '@/server/db/schema/index';
import { DEMO_CUSTOMER, DEMO_EDITOR, seedDemo } from '@/server/db/seed/index';
import { HSTS_VALUE } from '@/server/hsts';
import { CARD_PAYMENTS_UNAVAILABLE_MESSAGE } from '@/server/payments/provider';
import { startTopUp } from '@/server/services/orders/top-up.server';
import { emptyServerTarget } from '../helpers/db';
import { berlinShipping } from '../helpers/fixture-commerce';
import {
  cleanupServers,
  ensureBuilt,
  freePort,
  get,
  printedPassword,
  type Started,
  startServer,
  stopServer,
  tempDir,
  waitReady,
} from '../helpers/server';
import { createHttpSession } from '../helpers/session';

/**
 * Issue 13 "Production defaults", on the real server (`npm start` path) with NODE_ENV=production
 * and nothing else turned on: an empty database gets the base data and nothing of the demo; SEED=demo gives the demo accounts
 * random passwords shown once, never the README's; the demo card gateway is off (its pages and
 * webhook 404, card checkout 422); HSTS only over https. Both engines (TEST_DATABASE_URL).
 */
let target: Awaited<ReturnType<typeof emptyServerTarget>>;
const drops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  await ensureBuilt();
  target = await emptyServerTarget(tempDir());
  drops.push(target.drop);
}, 300_000);

afterAll(async () => {
  cleanupServers();
  for (const drop of drops) await drop();
});

async function start(env: Record<string, string>): Promise<{ server: Started; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // SEED '' is unset: the production default applies (the helper's own default is 'none').
  const server = startServer({ SEED: '', PUBLIC_URL: base, ...env, PORT: String(port) });
  await waitReady(server, 120_000);
  return { server, base };
}

const count = async (table: string, on: Awaited<ReturnType<typeof emptyServerTarget>> = target) => {
  const database = await on.open();
  try {
    const result = await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
    const rows = (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows) as { n: number }[];
    return Number(rows[0]!.n);
  } finally {
    await database.close();
  }
};

describe('a production shop on an empty database', () => {
  it('starts with the base data without SEED (no demo shop, no demo accounts), names its addresses, and logs no job errors', async () => {
    const { server, base } = await start({ ...target.env, JOBS_INTERVAL_SECONDS: '1' });
    try {
      expect((await get(server.port, '/api/health')).status).toBe(200);
      const signIn = await createHttpSession(base).signIn(DEMO_EDITOR.email, DEMO_EDITOR.password);
      expect(signIn.status).toBe(422);
      // Where it listens (HOST unset: every address) and the address links use.
      expect(server.output().stdout).toMatch(
        new RegExp(
          `^Shop ready in \\d+ ms on http://0\\.0\\.0\\.0:${server.port} \\(every address of this machine\\); PUBLIC_URL is ${base.replaceAll('.', '\\.')}$`,
          'm',
        ),
      );
      // The background jobs run every second on the new shop: a few rounds, not one error.
      await new Promise((r) => setTimeout(r, 3_000));
    } finally {
      expect(await stopServer(server)).toBe(0);
    }
    const { stdout, stderr } = server.output();
    expect(`${stdout}${stderr}`).not.toMatch(/"level":(50|60)/);
    expect(await count('languages')).toBe(3);
    expect(await count('countries')).toBe(249);
    expect(await count('users')).toBe(0);
    expect(await count('products')).toBe(0);

    // A second start adds nothing.
    const tables = [
      'languages',
      'localizations',
      'currencies',
      'countries',
      'shipping_zones',
      'settings',
      'static_pages',
    ];
    const counts = async () => {
      const out: number[] = [];
      for (const table of tables) out.push(await count(table));
      return out;
    };
    const before = await counts();
    const again = await start({ ...target.env, HOST: '127.0.0.1', PUBLIC_URL: 'https://shop.example.test' });
    try {
      expect(again.server.output().stdout).toMatch(
        new RegExp(
          `^Shop ready in \\d+ ms on http://127\\.0\\.0\\.1:${again.server.port}; PUBLIC_URL is https://shop\\.example\\.test$`,
          'm',
        ),
      );
    } finally {
      expect(await stopServer(again.server)).toBe(0);
    }
    expect(await counts()).toEqual(before);
  }, 240_000);

  it('with SEED=demo seeds the demo shop, but its accounts get random passwords printed once, not the published ones', async () => {
    // A database of its own: the first test's has the base data now.
    const fresh = await emptyServerTarget(tempDir());
    drops.push(fresh.drop);
    const { server, base } = await start({ ...fresh.env, SEED: 'demo', PUBLIC_URL: 'https://shop.example.test' });
    try {
      const stdout = server.output().stdout;
      expect(stdout).toContain(
        'The demo shop was seeded with new random passwords for its demo accounts. They are shown only this once:',
      );
      const editorPassword = printedPassword(server, DEMO_EDITOR.email);
      const customerPassword = printedPassword(server, DEMO_CUSTOMER.email);
      expect(editorPassword).toMatch(/^[a-zA-Z2-9]{5}(-[a-zA-Z2-9]{5}){3}$/);
      expect(customerPassword).toMatch(/^[a-zA-Z2-9]{5}(-[a-zA-Z2-9]{5}){3}$/);

      // The README's passwords open nothing; the printed ones work.
      const local = `http://127.0.0.1:${server.port}`;
      expect((await createHttpSession(local).signIn(DEMO_EDITOR.email, DEMO_EDITOR.password)).status).toBe(422);
      expect((await createHttpSession(local).signIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).status).toBe(422);
      const editor = await createHttpSession(local).signIn(DEMO_EDITOR.email, editorPassword!);
      expect(editor.status, JSON.stringify(editor.body)).toBe(200);
      expect((await createHttpSession(local).signIn(DEMO_CUSTOMER.email, customerPassword!)).status).toBe(200);

      // PUBLIC_URL is https: HSTS on pages, API answers and static files, with no proxy header.
      for (const path of ['/', '/api/health', '/favicon.svg']) {
        const res = await get(server.port, path);
        expect(res.status, path).toBe(200);
        expect(res.headers['strict-transport-security'], path).toBe(HSTS_VALUE);
      }
      expect(base).toMatch(/^http:/);
    } finally {
      expect(await stopServer(server)).toBe(0);
    }
    expect(await count('products', fresh)).toBeGreaterThanOrEqual(300);
  }, 180_000);
});

describe('the demo card gateway in production', () => {
  let server: Started;
  let base: string;
  let paymentId: string;
  let productId: number;

  beforeAll(async () => {
    // A demo shop (published passwords: seeded here, as tests do) with an open card payment,
    // as a shop that ran the demo gateway before would have.
    const other = await emptyServerTarget(tempDir());
    drops.push(other.drop);
    const database = await other.open();
    try {
      await database.migrate();
      await seedDemo(database.db);
      const [demo] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CUSTOMER.email));
      const eur = { code: 'EUR', symbol: '€', value: '1', isDefault: true };
      const placed = await startTopUp(database.db, { userId: demo!.id, amountCents: 2500, currency: eur });
      paymentId = placed.paymentId;
      // A product without variations, well in stock.
      const [product] = await database.db
        .select({ id: products.id })
        .from(products)
        .where(
          sql`${products.active} and ${products.stock} > 10 and not exists (select 1 from variations v where v.product_id = ${products.id})`,
        )
        .orderBy(products.id)
        .limit(1);
      productId = product!.id;
    } finally {
      await database.close();
    }
    // The proxy in front is this machine (loopback): its X-Forwarded-Proto counts.
    ({ server, base } = await start({ ...other.env, TRUST_PROXY: 'loopback', RATE_LIMIT_MULTIPLIER: '1000' }));
  }, 300_000);

  afterAll(async () => {
    if (server) await stopServer(server);
  });

  it('is off unless PAYMENT_PROVIDER=demo: its payment pages and webhook answer 404', async () => {
    for (const path of [`/pay/demo/${paymentId}`, `/pay/demo/${paymentId}/secure`]) {
      const page = await get(server.port, path);
      expect(page.status, path).toBe(404);
      expect(page.body.toString(), path).not.toContain('4242');
    }
    const webhook = await fetch(`${base}/api/payments/demo/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(webhook.status).toBe(404);
  });

  it('card checkout answers 422 with the message (phone payment still works)', async () => {
    const shopper = createHttpSession(base);
    expect((await shopper.signIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).status).toBe(200);
    const added = await shopper.post('/api/cart/add', { id: productId, count: 1 });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const shipping = berlinShipping({ email: DEMO_CUSTOMER.email });
    const card = await shopper.post('/api/orders/checkout', { ...shipping, payment_method: 'card' });
    expect(card.status).toBe(422);
    expect(card.body.message).toBe(CARD_PAYMENTS_UNAVAILABLE_MESSAGE);
    const phone = await shopper.post('/api/orders/checkout', { ...shipping, payment_method: 'phone' });
    expect(phone.status, JSON.stringify(phone.body)).toBe(200);

    // The checkout island is told to offer (and preselect) phone payment only.
    const cartPage = await (await shopper.request('/cart')).text();
    const props = /<astro-island[^>]*component-url="[^"]*CartPage[^"]*"[^>]*props="([^"]*)"/.exec(cartPage)?.[1];
    expect(props, 'the cart page island').toBeDefined();
    expect(props!.replaceAll('&quot;', '"')).toContain('"paymentMethods":[1,[[0,"phone"]]]');
  });

  it('sends HSTS only when a trusted proxy says the request came over https', async () => {
    for (const path of ['/', '/api/health', '/favicon.svg']) {
      const https = await get(server.port, path, { 'X-Forwarded-Proto': 'https' });
      expect(https.headers['strict-transport-security'], path).toBe(HSTS_VALUE);
      // Plain http (PUBLIC_URL is http here): never.
      expect((await get(server.port, path)).headers['strict-transport-security'], path).toBeUndefined();
      expect(
        (await get(server.port, path, { 'X-Forwarded-Proto': 'http' })).headers['strict-transport-security'],
        path,
      ).toBeUndefined();
    }
  });
});
