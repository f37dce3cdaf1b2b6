/**
 * Signed-in visitors share rendered pages by their frame variant (issue 18, ADR 016), through the
 * real server (demo data, real HTTP, both engines): a repeated page is a cache hit, never another
 * visitor's page: a guest, a customer with another cart count, staff with their back-office link
 * and a product page's review section each get their own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer } from '../helpers/demo-server';
import { cleanupServers } from '../helpers/server';
import { type ApiSession, createHttpSession, signedIn } from '../helpers/session';

let base: string;
let drop: () => Promise<void> = async () => {};
let customer: ApiSession;
let staff: ApiSession;

beforeAll(async () => {
  ({ base, drop } = await startDemoServer({ RATE_LIMIT_MULTIPLIER: '1000' }));
  customer = await signedIn(createHttpSession(base), { email: 'demo@example.com', password: 'Demo1234!' });
  staff = await signedIn(createHttpSession(base), { email: 'staff@example.com', password: 'Staff1234!' });
}, 300_000);

afterAll(async () => {
  cleanupServers();
  await drop();
});

async function page(session: ApiSession | null, path: string): Promise<{ cache: string | null; html: string }> {
  const res = session ? await session.request(path) : await fetch(`${base}${path}`);
  expect(res.status, path).toBe(200);
  return { cache: res.headers.get('x-page-cache'), html: await res.text() };
}

/** The cart badge's count as the server rendered it (the island's props). */
const badge = (html: string) => /count&quot;:\[0,(\d+)\]/.exec(html)?.[1];

describe('signed-in pages from the page cache', () => {
  it('a signed-in list page is rendered once, then served from the cache, still signed in', async () => {
    await page(customer, '/products/all/all?sort=asc');
    const again = await page(customer, '/products/all/all?sort=asc');
    expect(again.cache).toBe('hit');
    expect(again.html).toContain('data-signed-in="true"');
    expect(again.html).not.toContain('?form=signup');
    const guest = await page(null, '/products/all/all?sort=asc');
    expect(guest.html).toContain('data-signed-in="false"');
    expect(guest.html).toContain('?form=signup');
  });

  it('staff get their back-office link, the customer never does', async () => {
    const forStaff = await page(staff, '/faq');
    const forCustomer = await page(customer, '/faq');
    expect(forStaff.html).toContain('href="/admin"');
    expect(forCustomer.html).not.toContain('href="/admin"');
  });

  it('a change of the cart is a new variant: the badge shows the new count at once', async () => {
    const before = await page(customer, '/');
    await page(customer, '/');
    const count = Number(badge(before.html));
    const products = (await customer.get('/api/products/catalog?per_page=50')).body.payload as {
      id: number;
      availability: string;
      variations: unknown[];
    }[];
    const simple = products.find((p) => p.availability === 'in_stock' && p.variations.length === 0)!;
    const added = await customer.post('/api/cart/add', { id: simple.id, count: 1, is_variation: false });
    expect(added.status).toBe(200);
    const after = await page(customer, '/');
    expect(after.cache).not.toBe('hit');
    expect(Number(badge(after.html))).toBe(count + 1);
    await customer.post('/api/cart/remove', { id: simple.id, is_variation: false });
  });

  it('a cookie signed out elsewhere is a guest on its next page, though its lookup was remembered (PGlite, ADR 016)', async () => {
    const leaving = await signedIn(createHttpSession(base), { email: 'demo@example.com', password: 'Demo1234!' });
    const cookie = [...leaving.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const asCookie = async () => (await fetch(`${base}/faq`, { headers: { cookie } })).text();
    expect(await asCookie()).toContain('data-signed-in="true"');
    expect(await asCookie()).toContain('data-signed-in="true"');
    expect((await leaving.post('/api/logout')).status).toBe(200);
    // The old cookie, sent again as a stolen copy would be: the ended session is gone at once.
    expect(await asCookie()).toContain('data-signed-in="false"');
  });

  it("a product page's review section is the visitor's own", async () => {
    const list = (await page(null, '/products/all/all')).html;
    const product = /href="(\/products\/[^/"]+\/[^/"]+\/\d+)"/.exec(list)![1]!;
    const guest = await page(null, product);
    const first = await page(customer, product);
    const second = await page(customer, product);
    expect(second.cache).toBe('hit');
    expect(guest.html).toContain('Sign in to write a review');
    expect(first.html).not.toContain('Sign in to write a review');
    // Bought and reviewed, bought, or not bought: one of the signed-in answers.
    expect(
      /Only customers who bought this product can review it\.|You have already reviewed this product\.|component-url="[^"]*ReviewForm/.test(
        second.html,
      ),
    ).toBe(true);
  });
});
