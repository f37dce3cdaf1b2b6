/**
 * GET /api/orders/history and GET /api/processing/config/phone-payment (accounts spec
 * §3 Order (history), §7; docs/decisions/011-orders-history-and-contact.md). Orders are written
 * directly, so every expected number is known.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { orderItems, orders } from '@/server/db/schema/index';
import { useTestDatabase } from '../helpers/db';
import { type ContentFixture } from '../helpers/fixture-content';
import { seedAccountsFixture } from '../helpers/fixture-accounts';
import { createApiSession, createUser } from '../helpers/session';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const PASSWORD = 'Basecamp-77';
const DAY = 86_400_000;
const BASE = Date.UTC(2026, 2, 1, 12);
let fx: ContentFixture;
let counter = 0;

beforeAll(async () => {
  fx = await seedAccountsFixture(database().db);
});

async function customer(over: { verified?: boolean } = {}) {
  const email = `buyer${++counter}@example.com`;
  const user = await createUser(database().db, {
    email,
    password: PASSWORD,
    name: 'Ina',
    surname: 'Buyer',
    verified: over.verified,
  });
  const session = createApiSession(api, { clientAddress: `203.0.113.${counter}` });
  expect((await session.signIn(email, PASSWORD)).status).toBe(200);
  return { session, user };
}

let nr = 0;
async function addOrder(
  userId: number,
  over: Partial<typeof orders.$inferInsert> = {},
  items: Array<Partial<typeof orderItems.$inferInsert>> = [{}],
) {
  const [order] = await database()
    .db.insert(orders)
    .values({
      orderNr: `T-${++nr}`,
      userId,
      status: 'Success',
      paymentMethod: 'card',
      name: 'Ina',
      surname: 'Buyer',
      email: 'ina@example.com',
      phone: '+4930901820',
      countryName: 'Germany',
      city: 'Berlin',
      address: 'Unter den Linden 1',
      postCode: '10117',
      currency: 'EUR',
      currencyRate: '1',
      cartTotalCents: 5000,
      deliveryCostCents: 499,
      discountCents: 0,
      vatCents: 915,
      vatPercent: '19.50',
      finalCents: 5499,
      convertedFinalCents: 5499,
      createdAt: new Date(BASE + nr * DAY),
      ...over,
    })
    .returning({ id: orders.id, orderNr: orders.orderNr });
  if (items.length) {
    await database()
      .db.insert(orderItems)
      .values(
        items.map((i) => ({
          orderId: order!.id,
          sku: 'SKU-1',
          name: 'Trail shoe',
          categoryName: 'Shoes',
          imageUrl: '/img/shoe.webp',
          priceCents: 2500,
          quantity: 2,
          ...i,
        })),
      );
  }
  return order!;
}

describe('GET /api/orders/history: access', () => {
  it('answers 401 to a guest', async () => {
    const res = await api.request('/api/orders/history');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ status: 'ERROR', code: 'unauthenticated', message: 'Unauthenticated.' });
  });

  it('answers 403 to an unverified address (ADR 009)', async () => {
    const { session } = await customer({ verified: false });
    const { status, body } = await session.get('/api/orders/history');
    expect(status).toBe(403);
    expect(body).toEqual({
      status: 'ERROR',
      code: 'email_not_verified',
      message: 'Your email address is not verified.',
    });
  });

  it('rejects a bad page or page size with 422', async () => {
    const { session } = await customer();
    expect((await session.get('/api/orders/history?page=abc')).status).toBe(422);
    expect((await session.get('/api/orders/history?per_page=0')).status).toBe(422);
    const tooMany = await session.get('/api/orders/history?per_page=51');
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.per_page).toEqual(['The per_page may not be greater than 50.']);
  });
});

describe('GET /api/orders/history: shapes', () => {
  it('is an empty first page for a customer without orders', async () => {
    const { session } = await customer();
    const { status, body, res } = await session.get('/api/orders/history');
    expect(status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(body).toEqual({
      status: 'OK',
      payload: [],
      message: null,
      pagination: { total: 0, last_page: 1, from: null, to: null, current_page: 1, per_page: 5 },
    });
  });

  it('gives every field of an order and its items, in the order currency at its stored rate', async () => {
    const { session, user } = await customer();
    const order = await addOrder(
      user.id,
      {
        status: 'Pending',
        paymentMethod: 'phone',
        currency: 'USD',
        currencyRate: '1.085',
        cartTotalCents: 10_005,
        deliveryCostCents: 499,
        discountCents: 1000,
        vatCents: 1583,
        vatPercent: '20.00',
        finalCents: 9504,
        convertedFinalCents: 10_312,
        promoCode: 'SAVE10',
      },
      [
        {
          sku: 'TENT-2',
          name: 'Dome tent',
          categoryName: 'Tents',
          imageUrl: '/img/tent.webp',
          priceCents: 4999,
          quantity: 2,
          variationAttributes: [{ id: 4, name: 'Green', attribute_group: { name: 'Colour' } }],
        },
        { sku: 'PEG', name: 'Tent peg', categoryName: 'Accessories', imageUrl: null, priceCents: 7, quantity: 1 },
      ],
    );
    const { body } = await session.get('/api/orders/history?currency=GBP');
    expect(body.payload).toHaveLength(1);
    const json = body.payload[0];
    expect(json).toEqual({
      id: order.id,
      order_nr: order.orderNr,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      paid_at: null,
      status: 'Pending',
      payment_method: 'phone',
      // the request currency (GBP) does not matter: the order's own currency and stored total
      amount: 103.12,
      currency: 'USD',
      currency_symbol: '$',
      // 100.05 × 1.085 = 108.55425 → 108.55
      sum: 108.55,
      image_url: '/img/tent.webp',
      name: 'Dome tent',
      items: [
        {
          id: expect.any(Number),
          product_id: null,
          variation_id: null,
          sku: 'TENT-2',
          quantity: 2,
          // 49.99 × 1.085 = 54.23915 → 54.24
          price: 54.24,
          total: 108.48,
          image_url: '/img/tent.webp',
          name: 'Dome tent',
          category: { name: 'Tents' },
          variation_attributes: [{ id: 4, name: 'Green', attribute_group: { name: 'Colour' } }],
          // Placed without per-line VAT (as before migration 0026).
          vat_percent: null,
          vat: null,
        },
        {
          id: expect.any(Number),
          product_id: null,
          variation_id: null,
          sku: 'PEG',
          quantity: 1,
          // 0.07 × 1.085 = 0.07595 → 0.08
          price: 0.08,
          total: 0.08,
          image_url: null,
          name: 'Tent peg',
          category: { name: 'Accessories' },
          variation_attributes: [],
          vat_percent: null,
          vat: null,
        },
      ],
      order_price: 108.55,
      delivery: 5.41,
      promo_code: 'SAVE10',
      promo_discount: 10.85,
      vat: 17.18,
      vat_percent: 20,
      vat_rates: [{ rate: 20, vat: 17.18 }],
      vat_scheme: 'home',
      buyer_vat_id: null,
      total_amount: 103.12,
      delivery_address: {
        name: 'Ina',
        surname: 'Buyer',
        email: 'ina@example.com',
        phone: '+4930901820',
        country: 'Germany',
        city: 'Berlin',
        address: 'Unter den Linden 1',
        post_code: '10117',
      },
      can_complete: true,
      can_pay_now: false,
    });
  });

  it('gives an order without items the fallback item, in the request language', async () => {
    const { session, user } = await customer();
    const order = await addOrder(user.id, { cartTotalCents: 1999, deliveryCostCents: null }, []);
    const en = (await session.get('/api/orders/history')).body.payload[0];
    expect(en.delivery).toBeNull();
    expect(en.name).toBe('Unnamed Product');
    expect(en.items).toEqual([
      {
        id: order.id,
        product_id: null,
        variation_id: null,
        sku: null,
        quantity: 1,
        price: 19.99,
        total: 19.99,
        image_url: null,
        name: 'Unnamed Product',
        category: { name: 'Product' },
        variation_attributes: [],
        vat_percent: null,
        vat: null,
      },
    ]);
    const de = (await session.get(`/api/orders/history?lang_id=${fx.lang.de}`)).body.payload[0];
    expect(de.items[0]).toMatchObject({ name: 'Unbenanntes Produkt', category: { name: 'Produkt' }, price: 19.99 });
  });
});

describe('GET /api/orders/history: pages', () => {
  it('lists only the caller’s orders, newest first, 5 a page by default', async () => {
    const { session, user } = await customer();
    const other = await customer();
    await addOrder(other.user.id);
    const mine: string[] = [];
    for (let i = 0; i < 7; i++)
      mine.push(
        (await addOrder(user.id, { status: (['Success', 'Pending', 'Error', 'Failed'] as const)[i % 4] })).orderNr,
      );
    // Same instant as the newest: the id breaks the tie (newest id first).
    const sameTime = (await database().db.select({ createdAt: orders.createdAt }).from(orders).orderBy(orders.id)).at(
      -1,
    )!.createdAt;
    mine.push((await addOrder(user.id, { createdAt: sameTime })).orderNr);
    const newestFirst = [...mine].reverse();

    const first = await session.get('/api/orders/history');
    expect(first.body.payload.map((o: { order_nr: string }) => o.order_nr)).toEqual(newestFirst.slice(0, 5));
    expect(first.body.pagination).toEqual({ total: 8, last_page: 2, from: 1, to: 5, current_page: 1, per_page: 5 });

    const second = await session.get('/api/orders/history?page=2');
    expect(second.body.payload.map((o: { order_nr: string }) => o.order_nr)).toEqual(newestFirst.slice(5));
    expect(second.body.pagination).toEqual({ total: 8, last_page: 2, from: 6, to: 8, current_page: 2, per_page: 5 });

    const three = await session.get('/api/orders/history?page=3&per_page=3');
    expect(three.body.payload.map((o: { order_nr: string }) => o.order_nr)).toEqual(newestFirst.slice(6));
    expect(three.body.pagination).toMatchObject({ last_page: 3, current_page: 3, per_page: 3 });

    // Past the end is the last page, as in the catalogue.
    const past = await session.get('/api/orders/history?page=99');
    expect(past.body.pagination.current_page).toBe(2);
    expect(past.body.payload).toHaveLength(3);
  });
});

describe('GET /api/processing/config/phone-payment', () => {
  it('gives both numbers from settings, to anyone', async () => {
    const res = await api.request('/api/processing/config/phone-payment');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'OK',
      phone_number: '+1 555 0100',
      payload: { phone_number_global: '+1 555 0100', phone_number_uk_eu: '+44 555 0100', phone_number: '+1 555 0100' },
      message: null,
    });
  });
});
