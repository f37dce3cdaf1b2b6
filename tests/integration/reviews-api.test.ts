/**
 * GET/POST /api/products/{id}/reviews (storefront §2 ProductDetailsPage, §5): the list with its summary, and one review per
 * customer who bought the product in a successful order. Both engines (TEST_DATABASE_URL).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { reviewProblems } from '@/lib/rules/review';
import { createApi } from '@/server/api/app';
import { productInfo } from '@/server/services/catalog/product-info';
import { useTestDatabase } from '../helpers/db';
import { type FixtureCatalog, insertFixtureCatalog } from '../helpers/fixture-catalog';
import { insertBoughtOrder } from '../helpers/fixture-commerce';
import { createApiSession, createUser } from '../helpers/session';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const PASSWORD = 'Basecamp-77';
let fx: FixtureCatalog;
let counter = 0;
let nr = 0;

beforeAll(async () => {
  fx = await insertFixtureCatalog(database().db);
});

async function customer(over: { verified?: boolean } = {}) {
  const email = `reviewer${++counter}@example.com`;
  const user = await createUser(database().db, {
    email,
    password: PASSWORD,
    name: 'Ina',
    surname: 'buyer',
    verified: over.verified,
  });
  const session = createApiSession(api, { clientAddress: `203.0.113.${counter}` });
  expect((await session.signIn(email, PASSWORD)).status).toBe(200);
  return { session, user };
}

async function bought(userId: number, productId: number, status: 'Success' | 'Pending' | 'Failed' = 'Success') {
  await insertBoughtOrder(database().db, { userId, orderNr: `RV-${++nr}`, products: [{ id: productId }], status });
}

describe('GET /api/products/{id}/reviews', () => {
  it('lists reviews newest first with the summary', async () => {
    const res = await api.request(`/api/products/${fx.p.dome}/reviews`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.status).toBe('OK');
    expect(body.summary).toEqual({ count: 2, average: 4.5 });
    expect(body.payload.map((r: any) => r.rating).sort()).toEqual([4, 5]);
    expect(Object.keys(body.payload[0]).sort()).toEqual(['author', 'created_at', 'id', 'rating', 'text']);
  });

  it('answers an empty list for a product without reviews', async () => {
    const body = (await (await api.request(`/api/products/${fx.p.lantern}/reviews`)).json()) as any;
    expect(body.payload).toEqual([]);
    expect(body.summary).toEqual({ count: 0, average: null });
  });

  it('refuses a non-numeric id', async () => {
    expect((await api.request('/api/products/abc/reviews')).status).toBe(422);
  });
});

describe('POST /api/products/{id}/reviews', () => {
  it('needs a signed-in, verified customer and the CSRF token', async () => {
    const guest = createApiSession(api);
    const anon = await guest.post(`/api/products/${fx.p.lantern}/reviews`, { rating: 5 });
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({ status: 'ERROR', code: 'unauthenticated', message: 'Unauthenticated.' });

    const { session } = await customer({ verified: false });
    const unverified = await session.post(`/api/products/${fx.p.lantern}/reviews`, { rating: 5 });
    expect(unverified.status).toBe(403);
    expect(unverified.body).toEqual({
      status: 'ERROR',
      code: 'email_not_verified',
      message: 'Your email address is not verified.',
    });

    const { session: verified, user } = await customer();
    await bought(user.id, fx.p.lantern);
    const noCsrf = await verified.request(`/api/products/${fx.p.lantern}/reviews`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': 'wrong' },
      body: JSON.stringify({ rating: 5 }),
    });
    expect(noCsrf.status).toBe(419);
  });

  it('403 with a clear message when the customer did not buy it (pending/failed orders do not count)', async () => {
    const { session, user } = await customer();
    await bought(user.id, fx.p.mouse, 'Pending');
    await bought(user.id, fx.p.mouse, 'Failed');
    const reply = await session.post(`/api/products/${fx.p.mouse}/reviews`, { rating: 4, text: 'Nice' });
    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({
      status: 'ERROR',
      message: 'Only customers who bought this product can review it.',
    });
  });

  it('404 for an unknown or inactive product', async () => {
    const { session, user } = await customer();
    await bought(user.id, fx.p.inactive);
    expect((await session.post(`/api/products/${fx.p.inactive}/reviews`, { rating: 4 })).status).toBe(404);
    expect((await session.post('/api/products/999999/reviews', { rating: 4 })).status).toBe(404);
  });

  it('422 for a bad rating or a text over 2000 characters', async () => {
    const { session, user } = await customer();
    await bought(user.id, fx.p.wireless);
    for (const rating of [0, 6, 3.5, 'x', null, undefined]) {
      const reply = await session.post(`/api/products/${fx.p.wireless}/reviews`, { rating, text: 'ok' });
      expect(reply.status, `rating ${String(rating)}`).toBe(422);
      expect(reply.body.errors.rating).toEqual(['Please choose a rating from 1 to 5.']);
    }
    const long = await session.post(`/api/products/${fx.p.wireless}/reviews`, { rating: 5, text: 'a'.repeat(2001) });
    expect(long.status).toBe(422);
    expect(long.body.errors.text).toEqual(['The review may not be longer than 2000 characters.']);
    const notText = await session.post(`/api/products/${fx.p.wireless}/reviews`, { rating: 5, text: 42 });
    expect(notText.status).toBe(422);
    // Nothing was saved: a valid review (exactly 2000 characters) still goes through.
    const fine = await session.post(`/api/products/${fx.p.wireless}/reviews`, { rating: 5, text: 'b'.repeat(2000) });
    expect(fine.status).toBe(201);
  });

  it('saves one sanitised review, shows it at once, then 409', async () => {
    const db = database().db;
    const { session, user } = await customer();
    await bought(user.id, fx.p.footprint);
    const before = await productInfo(db, fx.p.footprint, {
      languageId: fx.lang.en,
      currency: { code: 'EUR', value: '1' },
    });
    expect(before!.reviews).toEqual({ count: 0, average: null });

    const reply = await session.post(`/api/products/${fx.p.footprint}/reviews`, {
      rating: '4',
      text: '  Great <b>footprint</b> <script>alert(1)</script><img src=x onerror=alert(2)> & dry  ',
    });
    expect(reply.status).toBe(201);
    expect(reply.body.status).toBe('OK');
    expect(reply.body.message).toBe('Thank you for your review!');
    expect(reply.body.payload).toMatchObject({ author: 'Ina B.', rating: 4, text: 'Great footprint  &amp; dry' });
    expect(reply.body.summary).toEqual({ count: 1, average: 4 });

    const list = (await (await api.request(`/api/products/${fx.p.footprint}/reviews`)).json()) as any;
    expect(list.payload).toHaveLength(1);
    expect(list.payload[0].text).not.toContain('<');
    const after = await productInfo(db, fx.p.footprint, {
      languageId: fx.lang.en,
      currency: { code: 'EUR', value: '1' },
    });
    expect(after!.reviews).toEqual({ count: 1, average: 4 });

    const again = await session.post(`/api/products/${fx.p.footprint}/reviews`, { rating: 2, text: 'Changed my mind' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already reviewed this product.');
  });

  it('two submits at once save one review', async () => {
    const { session, user } = await customer();
    await bought(user.id, fx.p.poles);
    const replies = await Promise.all([
      session.post(`/api/products/${fx.p.poles}/reviews`, { rating: 5 }),
      session.post(`/api/products/${fx.p.poles}/reviews`, { rating: 5 }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it("answers in the shopper's language", async () => {
    const { session, user } = await customer();
    await bought(user.id, fx.p.ultra);
    const reply = await session.post(`/api/products/${fx.p.ultra}/reviews`, { rating: 9, lang_id: fx.lang.de });
    expect(reply.status).toBe(422);
    expect(reply.body.errors.rating).toEqual(['Bitte wählen Sie eine Bewertung von 1 bis 5.']);
  });
});

// One table through both paths: the review form's check (reviewProblems, as ReviewForm calls it)
// and the API a buyer posts to. A review the form lets through is saved; one it stops is a 422.
describe('review limits: the form and the API decide alike', () => {
  const cases: Array<[rating: unknown, text: unknown, accepted: boolean]> = [
    [1, '', true],
    [5, 'a'.repeat(2000), true],
    [4, `  ${'é'.repeat(2000)}  `, true], // counted after trimming, in characters
    ['3', 'digits as text', true],
    [5, undefined, true],
    [0, 'ok', false],
    [6, 'ok', false],
    [3.5, 'ok', false],
    [null, 'ok', false],
    [5, 'a'.repeat(2001), false],
    [5, 42, false],
  ];
  it.each(cases)('rating %s, text %#: accepted %s', async (rating, text, accepted) => {
    const problems = reviewProblems(rating, text);
    expect(Object.keys(problems).length === 0).toBe(accepted);
    const { session, user } = await customer();
    await bought(user.id, fx.p.ultra);
    const reply = await session.post(`/api/products/${fx.p.ultra}/reviews`, { rating, text });
    expect(reply.status).toBe(accepted ? 201 : 422);
  });
});
