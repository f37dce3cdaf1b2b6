/**
 * XSS (ADR 014): every known vector (tests/helpers/xss-vectors.ts) stored through each place on
 * main that takes text shown on pages (product reviews and their author, profile names and
 * address, the contact form), then the page that shows it rendered by the real server (`npm
 * start`, demo data) and the support mail read from a real SMTP mailbox: the vector must reach
 * the HTML (the marker is there) and never as active content. Both engines (TEST_DATABASE_URL).
 */
import { and, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, reviews, settings, users } from '@/server/db/schema/index';
import { seedDemo } from '@/server/db/seed/index';
import { emptyServerTarget } from '../helpers/db';
import { insertBoughtOrder } from '../helpers/fixture-commerce';
import {
  cleanupServers,
  ensureBuilt,
  freePort,
  type Started,
  startServer,
  tempDir,
  waitReady,
} from '../helpers/server';
import { type ApiSession, createHttpSession } from '../helpers/session';
import { startTestMailbox, type TestMailbox } from '../helpers/smtp';
import { XSS_VECTORS, isActive } from '../helpers/xss-vectors';

const DEMO = { email: 'demo@example.com', password: 'Demo1234!' };
const phone = { phone: '+49 1512 3456789', phoneCountryCode: 'DE', nationalNumber: '15123456789' };

let server: Started;
let box: TestMailbox;
let base: string;
let shopper: ApiSession;
let supportEmail: string;
/** One product per vector that the demo customer bought and has not reviewed. */
let productIds: number[] = [];
let drop: () => Promise<void> = async () => {};

beforeAll(async () => {
  await ensureBuilt();
  box = await startTestMailbox({ unref: true });
  const target = await emptyServerTarget(tempDir());
  drop = target.drop;

  // The demo shop, plus one paid order in which the demo customer bought a product per vector,
  // so each vector can be a review of its own (one review per customer and product).
  const database = await target.open();
  try {
    await database.migrate();
    await seedDemo(database.db);
    const db = database.db;
    const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.email));
    const reviewed = db.select({ id: reviews.productId }).from(reviews).where(eq(reviews.userId, demo!.id));
    const picked = await db
      .select({ id: products.id, sku: products.sku })
      .from(products)
      .where(and(eq(products.active, true), notInArray(products.id, reviewed)))
      .orderBy(products.id)
      .limit(XSS_VECTORS.length);
    expect(picked).toHaveLength(XSS_VECTORS.length);
    productIds = picked.map((p) => p.id);
    await insertBoughtOrder(db, { userId: demo!.id, orderNr: 'XSS-1', products: picked, email: DEMO.email });
    supportEmail = (await db.select({ to: settings.supportEmail }).from(settings))[0]!.to;
  } finally {
    await database.close();
  }

  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = startServer({
    ...target.env,
    PORT: String(port),
    SEED: 'demo',
    SMTP_URL: box.url,
    PUBLIC_URL: base,
    RATE_LIMIT_MULTIPLIER: '1000',
  });
  await waitReady(server, 120_000);
  shopper = createHttpSession(base);
  expect((await shopper.signIn(DEMO.email, DEMO.password)).status).toBe(200);
}, 300_000);

afterAll(async () => {
  cleanupServers();
  await box?.close();
  await drop();
});

/** The tags that carry the marker, for the failure message. */
function suspects(html: string): string {
  return (html.match(/<[a-z][^<>]*xss[^<>]*>/gi) ?? []).map((tag) => tag.slice(0, 300)).join('\n');
}

/** The page's HTML, following a redirect to the canonical address once. */
async function page(path: string): Promise<string> {
  let res = await shopper.request(path);
  if (res.status === 301 || res.status === 302) res = await shopper.request(res.headers.get('location')!);
  expect(res.status, path).toBe(200);
  return res.text();
}

describe('stored XSS vectors never reach pages or mail as active content', () => {
  it('has the vectors to try', () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(XSS_VECTORS.map((vector, i) => [i, vector] as const))(
    'vector %i in the profile, on /account: %s',
    async (_i, vector) => {
      const saved = await shopper.put('/api/user/profile', {
        name: vector,
        surname: vector,
        email: DEMO.email,
        address: vector,
        city: vector,
        post_code: '10117',
        country_id: null,
        ...phone,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const html = await page('/account');
      expect(html).toMatch(/xss/);
      expect(isActive(html), `active markup on /account:\n${suspects(html)}`).toBe(false);
    },
  );

  it.each(XSS_VECTORS.map((vector, i) => [i, vector] as const))(
    'vector %i as a review and its author, on the product page: %s',
    async (i, vector) => {
      // The author is signed with the profile's name, so both carry the vector.
      expect(
        (await shopper.put('/api/user/profile', { name: vector, surname: 'Demo', email: DEMO.email, ...phone })).status,
      ).toBe(200);
      const id = productIds[i]!;
      const posted = await shopper.post(`/api/products/${id}/reviews`, { rating: 4, text: `Good. ${vector} Really.` });
      expect(posted.status, JSON.stringify(posted.body)).toBe(201);
      expect(isActive(posted.body.payload.text), 'the stored text as the API gives it').toBe(false);
      const html = await page(`/products/all/all/${id}`);
      expect(html).toContain('Good.');
      expect(html).toMatch(/xss/);
      expect(isActive(html), `active markup on the product page:\n${suspects(html)}`).toBe(false);
    },
  );

  it.each(XSS_VECTORS.map((vector, i) => [i, vector] as const))(
    'vector %i through the contact form, in the support mail and the acknowledgement: %s',
    async (_i, vector) => {
      const sent = await shopper.post('/api/contact-us', {
        name: vector,
        surname: vector,
        email: 'ann@example.com',
        topic: vector,
        message: `Hello ${vector}`,
        ...phone,
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const mail = await box.waitFor(supportEmail, { timeoutMs: 15_000 });
      expect(mail.html).toMatch(/xss/);
      expect(isActive(mail.html), `active markup in the mail HTML:\n${suspects(mail.html)}`).toBe(false);
      // The sender's acknowledgement carries their topic and message back to them.
      const ack = await box.waitFor('ann@example.com', { timeoutMs: 15_000 });
      expect(ack.html).toMatch(/xss/);
      expect(isActive(ack.html), `active markup in the acknowledgement HTML:\n${suspects(ack.html)}`).toBe(false);
    },
  );
});
