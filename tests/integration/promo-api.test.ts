import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { PROMO_CHECK_LIMIT } from '@/server/api/promo.routes';
import { PROMO_MESSAGES } from '@/server/services/pricing/promo.server';
import { useTestDatabase } from '../helpers/db';
import { type CommerceFixture, seedCommerceFixture } from '../helpers/fixture-commerce';
import { createApiSession, createUser } from '../helpers/session';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
let fx: CommerceFixture;

beforeAll(async () => {
  fx = await seedCommerceFixture(database().db);
});

const check = (body: unknown, session = createApiSession(api)) => session.post('/api/promocodes/check', body);

describe('POST /api/promocodes/check', () => {
  it('answers a fixed code with its amount in the request currency, matched case-insensitively', async () => {
    const reply = await check({ code: ' save10 ' });
    expect(reply.status).toBe(200);
    expect(reply.res.headers.get('cache-control')).toBe('no-store');
    expect(reply.body).toEqual({
      status: 'OK',
      payload: {
        id: fx.promo.SAVE10,
        code: 'SAVE10',
        description: '€10 off',
        discount_type: 'fixed',
        discount_amount: 10,
        applies_to_delivery: false,
      },
      message: 'Promo code applied successfully',
    });
    expect((await check({ code: 'SAVE10', currency: 'USD' })).body.payload.discount_amount).toBe(10.84); // 10.835
    expect((await check({ code: 'SAVE10', currency: 'GBP' })).body.payload.discount_amount).toBe(8.5);
  });

  it('answers a percent code with the percent, in any currency; applies_to_delivery as stored', async () => {
    expect((await check({ code: 'PCT15', currency: 'USD' })).body.payload).toMatchObject({
      discount_type: 'percent',
      discount_amount: 15,
      applies_to_delivery: false,
    });
    expect((await check({ code: 'half' })).body.payload).toMatchObject({
      code: 'HALF',
      discount_type: 'percent',
      discount_amount: 50,
      applies_to_delivery: true,
    });
    expect((await check({ code: 'SHIP10' })).body.payload).toMatchObject({
      discount_type: 'fixed',
      discount_amount: 10,
      applies_to_delivery: true,
    });
  });

  it('works for a signed-in customer too', async () => {
    await createUser(database().db, { email: 'promo@example.com', password: 'Basecamp-77' });
    const session = createApiSession(api);
    await session.signIn('promo@example.com', 'Basecamp-77');
    expect((await check({ code: 'SAVE10' }, session)).status).toBe(200);
  });

  it('answers 422 with a clear message for each reason a code cannot be used', async () => {
    const session = createApiSession(api);
    const cases: [unknown, string][] = [
      [{}, PROMO_MESSAGES.missing],
      [{ code: '' }, PROMO_MESSAGES.missing],
      [{ code: '   ' }, PROMO_MESSAGES.missing],
      [{ code: null }, PROMO_MESSAGES.missing],
      [{ code: 42 }, PROMO_MESSAGES.missing],
      [{ code: ['SAVE10'] }, PROMO_MESSAGES.missing],
      [{ code: 'NOPE' }, PROMO_MESSAGES.unknown],
      [{ code: 'SAVE10'.repeat(11) }, PROMO_MESSAGES.unknown],
      [{ code: 'SAVE%' }, PROMO_MESSAGES.unknown],
      [{ code: 'OFF10' }, PROMO_MESSAGES.inactive],
      [{ code: 'old20' }, PROMO_MESSAGES.expired],
      [{ code: 'SOON5' }, PROMO_MESSAGES.notYetValid],
      [{ code: 'GONE5' }, PROMO_MESSAGES.usedUp],
    ];
    for (const [body, message] of cases) {
      const reply = await check(body, session);
      expect(reply.status, JSON.stringify(body)).toBe(422);
      expect(reply.body, JSON.stringify(body)).toEqual({
        status: 'ERROR',
        code: 'validation_failed',
        message,
        errors: { code: [message] },
      });
    }
    expect((await check('not json', session)).status).toBe(400);
  });

  it('answers 419 without the CSRF header', async () => {
    const session = createApiSession(api);
    await session.csrf();
    const res = await session.request('/api/promocodes/check', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': '' },
      body: JSON.stringify({ code: 'SAVE10' }),
    });
    expect(res.status).toBe(419);
  });

  it(`limits guessing to ${PROMO_CHECK_LIMIT.limit} checks a minute per address`, async () => {
    const session = createApiSession(api, { clientAddress: '203.0.113.77' });
    for (let i = 0; i < PROMO_CHECK_LIMIT.limit; i++) {
      expect((await check({ code: `GUESS${i}` }, session)).status).toBe(422);
    }
    const over = await check({ code: 'SAVE10' }, session);
    expect(over.status).toBe(429);
    expect(over.res.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another address is not affected.
    expect((await check({ code: 'SAVE10' }, createApiSession(api, { clientAddress: '203.0.113.78' }))).status).toBe(
      200,
    );
  });
});
