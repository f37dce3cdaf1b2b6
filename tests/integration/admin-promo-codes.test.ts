/**
 * Staff promo codes (ADR 026) on a real database (both engines with TEST_DATABASE_URL): a code made
 * in the back office works at the shop's promo check with its rules, codes are unique in any case
 * even when created at the same moment, a used code is deactivated instead of deleted.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { promoCodes } from '@/server/db/schema/index';
import { PROMO_MESSAGES } from '@/server/services/pricing/promo.server';
import { useTestDatabase } from '../helpers/db';
import { type CommerceFixture, seedCommerceFixture } from '../helpers/fixture-commerce';
import { type ApiSession, createApiSession } from '../helpers/session';
import { staffOrders } from '../helpers/admin-orders';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
const h = staffOrders(api, db, 'promo-admin');
let fx: CommerceFixture;
let staff: ApiSession;

beforeAll(async () => {
  fx = await seedCommerceFixture(db());
  staff = (await h.signedIn('staff')).session;
});

const base = '/api/admin/promo-codes';
const shopCheck = (code: string) => createApiSession(api).post('/api/promocodes/check', { code });

describe('staff promo codes', () => {
  it('refuses guests and editors', async () => {
    expect((await createApiSession(api).get(base)).status).toBe(401);
    expect((await (await h.signedIn('editor')).session.post(base, { code: 'NOPE1', percent: 5 })).status).toBe(403);
  });

  it('creates a code the shop accepts at once, and its changes apply at once', async () => {
    const made = await staff.post(base, {
      code: 'SPRING15',
      percent: 15,
      applies_to_delivery: true,
      valid_from: '2020-01-01',
      valid_to: '2099-12-31',
      usage_limit: 100,
      per_customer_limit: 1,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.payload).toMatchObject({
      code: 'SPRING15',
      percent: 15,
      amount_cents: null,
      valid_from: '2020-01-01',
      valid_to: '2099-12-31',
      used_count: 0,
      active: true,
    });
    const [row] = await db().select().from(promoCodes).where(eq(promoCodes.code, 'SPRING15'));
    expect(row!.validTo!.toISOString()).toBe('2099-12-31T23:59:59.999Z');
    expect((await shopCheck('spring15')).body.payload).toMatchObject({
      code: 'SPRING15',
      discount_type: 'percent',
      discount_amount: 15,
      applies_to_delivery: true,
    });

    const fixed = await staff.put(`${base}/${made.body.payload.id}`, { amount_cents: 750 });
    expect(fixed.body.payload).toMatchObject({ amount_cents: 750, percent: null });
    expect((await shopCheck('SPRING15')).body.payload).toMatchObject({ discount_type: 'fixed', discount_amount: 7.5 });
    await staff.put(`${base}/${made.body.payload.id}`, { valid_to: '2021-01-01' });
    expect((await shopCheck('SPRING15')).body.message).toBe(PROMO_MESSAGES.expired);
    await staff.put(`${base}/${made.body.payload.id}`, { valid_to: null, active: false });
    expect((await shopCheck('SPRING15')).body.message).toBe(PROMO_MESSAGES.inactive);
  });

  it('checks the discount and the dates', async () => {
    expect((await staff.post(base, { code: 'BOTH1', percent: 5, amount_cents: 100 })).body.errors).toEqual({
      percent: ['Give either an amount off or a percentage off, not both.'],
    });
    expect((await staff.post(base, { code: 'NONE1' })).body.errors).toEqual({
      amount_cents: ['Give an amount off or a percentage off.'],
    });
    expect((await staff.post(base, { code: 'PCT1', percent: 101 })).body.errors).toEqual({
      percent: ['The percentage off must be a whole number from 1 to 100.'],
    });
    expect(
      (await staff.post(base, { code: 'DAYS1', percent: 5, valid_from: '2026-05-02', valid_to: '2026-05-01' })).body
        .errors,
    ).toEqual({ valid_to: ['The last day comes before the first.'] });
    expect((await staff.post(base, { code: 'DAYS2', percent: 5, valid_from: '2026-02-30' })).body.errors).toEqual({
      valid_from: ['Dates are written YYYY-MM-DD.'],
    });
  });

  it('keeps codes unique in any case, even when two are created at once', async () => {
    expect((await staff.post(base, { code: 'save10', percent: 5 })).body.errors).toEqual({
      code: ['Another promo code already has this code (codes are the same in any case).'],
    });
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([
        staff.post(base, { code: `RACE${round}`, percent: 5 }),
        staff.post(base, { code: `race${round}`, amount_cents: 100 }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
      expect(
        (await db().select().from(promoCodes)).filter((p) => p.code.toLowerCase() === `race${round}`),
      ).toHaveLength(1);
    }
  });

  it('deletes an unused code and deactivates a used one', async () => {
    const unused = await staff.post(base, { code: 'GONE1', percent: 5 });
    expect((await staff.delete(`${base}/${unused.body.payload.id}`)).body.message).toBe('Promo code deleted.');
    await db().update(promoCodes).set({ usedCount: 3 }).where(eq(promoCodes.id, fx.promo.SAVE10));
    const used = await staff.delete(`${base}/${fx.promo.SAVE10}`);
    expect(used.status).toBe(200);
    expect(used.body.message).toBe('SAVE10 was used 3 times: it is deactivated instead, and its orders keep it.');
    expect(used.body.payload).toMatchObject({ code: 'SAVE10', active: false, used_count: 3 });
  });

  it('finds codes by a part of the code', async () => {
    const found = await staff.get(`${base}?q=ave1`);
    expect(found.body.payload.map((p: { code: string }) => p.code)).toContain('SAVE10');
    expect(found.body.payload.every((p: { code: string }) => p.code.toLowerCase().includes('ave1'))).toBe(true);
  });
});
