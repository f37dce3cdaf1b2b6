/**
 * The contract proven against reality (ADR 022): real answers of a sample of routes, from a
 * guest, a signed-in customer and an editor on the demo shop, parsed with the response schema
 * their route declares. Zod drops keys a schema does not name, so `parsed` equals the body only
 * when the answer has exactly the declared shape: a field added, renamed or retyped on one side
 * fails here. Both engines (TEST_DATABASE_URL).
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { RouteContract } from '@/lib/contract/define';
import { contractModules } from '@/lib/contract/index';
import { createApi } from '@/server/api/app';
import { users } from '@/server/db/schema/index';
import { DEMO_CUSTOMER, DEMO_EDITOR, DEMO_STAFF } from '@/server/db/seed/users';
import { useTestDatabase } from '../helpers/db';
import { berlinShipping } from '../helpers/fixture-commerce';
import { setRole } from '@/server/services/admin/roles/roles.server';
import { sendMail } from '@/server/mail/mailer';
import { type ApiSession, createApiSession, createUser, csrfSession, signedIn } from '../helpers/session';

const database = useTestDatabase({ seed: 'demo' });
const api = createApi();

let guest: ApiSession;
let customer: ApiSession;
let editor: ApiSession;
let owner: ApiSession;
const OWNER = { email: 'conformance-admin@example.com', password: 'Chief1234!' };

beforeAll(async () => {
  guest = await csrfSession(api);
  customer = await signedIn(createApiSession(api), DEMO_CUSTOMER);
  editor = await signedIn(createApiSession(api), DEMO_EDITOR);
  await createUser(database().db, OWNER);
  await setRole(database().db, null, OWNER.email, 'admin');
  owner = await signedIn(createApiSession(api), OWNER);
});

/** The body, checked against the declared status and answer shape; returns the parsed body. */
function conforms<R extends RouteContract>(
  route: R,
  reply: { status: number; body: unknown },
): z.output<R['response']> {
  expect(reply.status, `${route.method} ${route.path}: ${JSON.stringify(reply.body).slice(0, 300)}`).toBe(
    route.status ?? 200,
  );
  const result = route.response.safeParse(reply.body);
  expect(result.success ? [] : result.error.issues, `${route.method} ${route.path} answer vs its schema`).toEqual([]);
  expect(result.data, `${route.method} ${route.path}: keys the contract does not declare`).toEqual(reply.body);
  return result.data as z.output<R['response']>;
}

const { products, categories, content, accounts, cart, purchasing, admin, adminOrders, adminMail, system } =
  contractModules;

describe('API answers match their contract', () => {
  it('the staff actions on orders and balances, as staff', async () => {
    const staff = await signedIn(createApiSession(api), DEMO_STAFF);
    const history = await customer.get('/api/orders/history?per_page=50');
    const orders = history.body.payload as { order_nr: string; status: string }[];
    const pending = orders.find((o) => o.status === 'Pending')!;
    const paid = conforms(adminOrders.markPaid, await staff.post(`/api/admin/orders/${pending.order_nr}/mark-paid`));
    expect(paid.payload.status).toBe('Success');
    conforms(
      adminOrders.note,
      await staff.post(`/api/admin/orders/${pending.order_nr}/notes`, { text: 'Paid by phone on Monday.' }),
    );
    conforms(
      adminOrders.ship,
      await staff.post(`/api/admin/orders/${pending.order_nr}/ship`, {
        carrier: 'DHL',
        tracking_number: 'JJD1',
        tracking_url: 'https://dhl.example.com/JJD1',
      }),
    );
    const refunded = conforms(
      adminOrders.refund,
      await staff.post(`/api/admin/orders/${pending.order_nr}/refund`, {
        destination: 'balance',
        amount_cents: 100,
        reason: 'Late delivery',
      }),
    );
    expect(refunded.payload.refund.amount_cents).toBe(100);
    const another = orders.find((o) => o.status === 'Success' && o.order_nr !== pending.order_nr)!;
    conforms(
      adminOrders.cancel,
      await staff.post(`/api/admin/orders/${another.order_nr}/cancel`, {
        reason: 'Customer asked',
        refund_to: 'balance',
      }),
    );
    const [me] = await database().db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CUSTOMER.email));
    conforms(
      adminOrders.balance,
      await staff.post(`/api/admin/customers/${me!.id}/balance`, { delta_cents: 500, reason: 'Goodwill' }),
    );
  });

  it('catalogue, categories and content, as a guest', async () => {
    conforms(system.health, await guest.get('/api/health'));
    conforms(system.liveness, await guest.get('/api/health/live'));
    const catalog = conforms(products.catalog, await guest.get('/api/products/catalog?per_page=5&currency=USD'));
    expect(catalog.payload.length).toBeGreaterThan(0);
    const first = catalog.payload[0]!;
    conforms(products.newArrivals, await guest.get('/api/products/new-arrivals?limit=3'));
    conforms(products.onSale, await guest.get('/api/products/on-sale?limit=3'));
    conforms(products.info, await guest.get(`/api/products/${first.id}/info`));
    conforms(products.byIds, await guest.get(`/api/products/by-ids?ids=${first.id}`));
    conforms(accounts.reviews, await guest.get(`/api/products/${first.id}/reviews`));
    conforms(categories.list, await guest.get('/api/categories'));
    conforms(categories.featured, await guest.get('/api/categories/featured'));
    const pages = conforms(content.staticPages, await guest.get('/api/static-pages'));
    conforms(content.staticPage, await guest.get(`/api/static-pages/${pages.payload[0]!.slug}`));
    conforms(content.faqs, await guest.get('/api/faqs'));
    conforms(content.settings, await guest.get('/api/settings'));
    conforms(content.countries, await guest.get('/api/countries'));
    conforms(content.languages, await guest.get('/api/languages'));
    conforms(content.currencies, await guest.get('/api/currencies'));
    conforms(content.socialLinks, await guest.get('/api/social-links'));
    conforms(content.localizations, await guest.get('/api/localizations'));
    conforms(purchasing.phonePayment, await guest.get('/api/processing/config/phone-payment'));
    conforms(accounts.isAuth, await guest.get('/api/is-auth'));
  });

  it('cart, totals, profile and order history, as a signed-in customer', async () => {
    const catalog = (await guest.get('/api/products/catalog?per_page=50')).body as {
      payload: { id: number; variations: unknown[]; in_stock: boolean }[];
    };
    const simple = catalog.payload.find((p) => p.variations.length === 0 && p.in_stock)!;
    expect(simple).toBeDefined();
    const added = conforms(
      cart.add,
      await customer.post('/api/cart/add', { id: simple.id, count: 1, is_variation: false }),
    );
    expect(added.payload.some((line) => line.item_id === simple.id)).toBe(true);
    conforms(cart.contents, await customer.get('/api/cart/contents'));
    const totals = conforms(
      cart.totals,
      await customer.post('/api/cart/calculate-totals', { ...berlinShipping(), cart_items: [] }),
    );
    expect(totals.converted.final_amount).toBeGreaterThan(0);
    conforms(accounts.profile, await customer.get('/api/user/profile'));
    conforms(purchasing.history, await customer.get('/api/orders/history'));
    conforms(cart.clear, await customer.post('/api/cart/clear', {}));
  });

  it('the back office lists, as an editor', async () => {
    conforms(admin.pages, await editor.get('/api/admin/static-pages'));
    conforms(admin.faqs, await editor.get('/api/admin/faqs'));
    conforms(admin.featured, await editor.get('/api/admin/featured-categories'));
    conforms(admin.homeHero, await editor.get('/api/admin/home-hero'));
    // The home page record (ADR 027): created on the first call, the same record after.
    const home = conforms(admin.homePage, await editor.post('/api/admin/home-page', {}));
    const again = await editor.post('/api/admin/home-page', {});
    expect(again.status).toBe(200);
    expect(admin.homePage.response.parse(again.body).payload.id).toBe(home.payload.id);
  });

  it('the settings and the mail log, as the admin', async () => {
    conforms(admin.settings, await owner.get('/api/admin/settings'));
    const sent = await sendMail(
      database().db,
      {
        to: 'log@example.com',
        subject: 'Hello',
        html: '<p>Hi</p>',
        text: 'Hi https://x.example/reset-password?token=abc',
        language: 'en',
      },
      { mailer: null },
    );
    const list = conforms(adminMail.list, await owner.get('/api/admin/mail?q=log@'));
    expect(list.payload.items.map((m) => m.id)).toEqual([sent.id]);
    const one = conforms(adminMail.get, await owner.get(`/api/admin/mail/${sent.id}`));
    expect(one.payload.text).toBe('Hi https://x.example/reset-password?token=[hidden]');
    conforms(adminMail.resend, await owner.post(`/api/admin/mail/${sent.id}/resend`));
  });
});
