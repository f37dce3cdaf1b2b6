/**
 * An honest contract (issue 28): Stoplight Prism (`prism proxy <document> <shop> --errors`) in front
 * of the real server (`npm start`, demo data, real HTTP; both engines with TEST_DATABASE_URL), and a
 * shopper's and a staff member's requests walked through it. Prism checks each request and answer
 * against /api/openapi.json as the shop serves it: any violation comes back in `sl-violations` (or
 * as Prism's own 500 when an answer breaks the document). It found the 401 body without the
 * envelope's `status` and the undocumented 401 for a bearer token that is not valid.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER, DEMO_STAFF } from '@/server/db/seed/users';
import { startDemoServer } from '../helpers/demo-server';
import { berlinShipping } from '../helpers/fixture-commerce';
import { type Prism, prismSession, startPrism } from '../helpers/prism';
import { cleanupServers } from '../helpers/server';
import type { ApiSession, JsonReply } from '../helpers/session';

let prism: Prism;
let drop: () => Promise<void> = async () => {};

beforeAll(async () => {
  let base: string;
  ({ base, drop } = await startDemoServer({ RATE_LIMIT_MULTIPLIER: '1000' }));
  prism = await startPrism(base);
}, 300_000);

afterAll(async () => {
  await prism?.stop();
  cleanupServers();
  await drop();
});

const UNAUTHENTICATED = { status: 'ERROR', code: 'unauthenticated', message: 'Unauthenticated.' };

/** The answer came through Prism without a violation, with the status the walk expects. */
function honest(label: string, reply: JsonReply, status = 200): JsonReply {
  expect(reply.res.headers.get('sl-violations'), `${label}: violations`).toBeNull();
  expect(
    reply.res.headers.get('content-type') ?? '',
    `${label}: Prism's own error ${JSON.stringify(reply.body).slice(0, 600)}`,
  ).not.toContain('problem+json');
  expect(reply.status, `${label}: ${JSON.stringify(reply.body).slice(0, 300)}`).toBe(status);
  return reply;
}

async function signIn(session: ApiSession, account: { email: string; password: string }): Promise<ApiSession> {
  honest(`sign-in as ${account.email}`, await session.signIn(account.email, account.password));
  return session;
}

describe('a shopper and a staff member through Prism', () => {
  it('a shopper: browses as a guest, signs in, fills the cart, prices it and reads the history', async () => {
    const shopper = prismSession(prism);
    honest('health', await shopper.get('/api/health'));
    const catalog = honest('catalogue', await shopper.get('/api/products/catalog?per_page=50&currency=EUR'));
    const products = catalog.body.payload as { id: number; in_stock: boolean; variations: unknown[] }[];
    const simple = products.find((p) => p.variations.length === 0 && p.in_stock)!;
    expect(simple).toBeDefined();
    honest('product', await shopper.get(`/api/products/${simple.id}/info`));
    honest('reviews', await shopper.get(`/api/products/${simple.id}/reviews`));
    honest('categories', await shopper.get('/api/categories'));
    honest('static pages', await shopper.get('/api/static-pages'));
    honest('is-auth (guest)', await shopper.get('/api/is-auth'));
    const csrf = await shopper.csrf();
    expect(csrf.headers.get('sl-violations')).toBeNull();
    expect(csrf.status).toBe(204);

    await signIn(shopper, DEMO_CUSTOMER);
    honest('profile', await shopper.get('/api/user/profile'));
    honest('add to cart', await shopper.post('/api/cart/add', { id: simple.id, count: 1, is_variation: false }));
    const contents = honest('cart', await shopper.get('/api/cart/contents'));
    expect((contents.body.payload as { item_id: number }[]).some((line) => line.item_id === simple.id)).toBe(true);
    const totals = honest(
      'totals',
      await shopper.post('/api/cart/calculate-totals', { ...berlinShipping(), cart_items: [] }),
    );
    expect(totals.body.converted.final_amount).toBeGreaterThan(0);
    honest('history', await shopper.get('/api/orders/history'));
    honest('clear the cart', await shopper.post('/api/cart/clear', {}));
    const signedInCookies = [...shopper.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    honest('sign out', await shopper.post('/api/logout', {}));
    // A tab still holding the ended session's cookie (without one Prism answers by itself): the
    // shop's 401 is the documented envelope.
    const res = await shopper.request('/api/user/profile', { headers: { Cookie: signedInCookies } });
    const after = honest('profile after sign-out', { res, status: res.status, body: await res.json() }, 401);
    expect(after.body).toEqual(UNAUTHENTICATED);
  });

  it('an API client: a bearer token works, and one that is not valid gets the documented 401 on any route', async () => {
    const client = prismSession(prism);
    const login = honest(
      'token sign-in',
      await client.post('/api/login', {
        username: DEMO_CUSTOMER.email,
        password: DEMO_CUSTOMER.password,
        device_name: 'prism-walk',
      }),
    );
    const token = login.body.payload.token as string;
    expect(token).toMatch(/^\d+\|/);
    const bearer = (value: string) => ({ headers: { Authorization: `Bearer ${value}` } });
    const reply = async (path: string, value: string): Promise<JsonReply> => {
      const res = await prismSession(prism).request(path, bearer(value));
      return { res, status: res.status, body: await res.json() };
    };
    honest('profile by token', await reply('/api/user/profile', token));
    for (const path of [
      '/api/user/profile',
      '/api/cart/contents',
      '/api/products/catalog?per_page=1',
      '/api/categories',
    ]) {
      expect((await reply(path, '999|not-a-token')).body, path).toEqual(UNAUTHENTICATED);
      honest(`${path} with an unknown token`, await reply(path, '999|not-a-token'), 401);
    }
  });

  it('a staff member: signs in, reads the back office and acts on an order', async () => {
    const customer = await signIn(prismSession(prism), DEMO_CUSTOMER);
    const orders = honest('history', await customer.get('/api/orders/history?per_page=50')).body.payload as {
      order_nr: string;
      status: string;
    }[];
    const pending = orders.find((o) => o.status === 'Pending')!;
    expect(pending).toBeDefined();

    const staff = await signIn(prismSession(prism), DEMO_STAFF);
    honest('staff profile', await staff.get('/api/user/profile'));
    honest('imports', await staff.get('/api/admin/catalog-imports'));
    honest('categories', await staff.get('/api/admin/categories'));
    honest('promo codes', await staff.get('/api/admin/promo-codes'));
    honest('products', await staff.get('/api/admin/products'));
    honest('mark paid', await staff.post(`/api/admin/orders/${pending.order_nr}/mark-paid`));
    honest(
      'note',
      await staff.post(`/api/admin/orders/${pending.order_nr}/notes`, {
        text: 'Paid by phone, checked through Prism.',
      }),
    );
    honest(
      'ship',
      await staff.post(`/api/admin/orders/${pending.order_nr}/ship`, {
        carrier: 'DHL',
        tracking_number: 'JJD1',
        tracking_url: 'https://dhl.example.com/JJD1',
      }),
    );
    // Settings and delivery prices are an admin's: staff hear the documented 403.
    expect(honest('settings (admin only)', await staff.get('/api/admin/settings'), 403).body).toEqual({
      status: 'ERROR',
      code: 'forbidden',
      message: 'This action is unauthorized.',
    });
    honest('delivery (admin only)', await staff.get('/api/admin/shipping'), 403);
  });
});
