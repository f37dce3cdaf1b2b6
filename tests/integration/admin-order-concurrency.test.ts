/**
 * Two staff members clicking at once (ADR 023): every staff action is one transaction under the
 * order's locks (payment rows, order row, customer row, stock rows, promo row), so parallel
 * requests take turns and a "once only" rule holds: one settlement and one mail, stock and promo
 * use back once, refunds never past what was paid, balance adjustments that add up. Each race is
 * run several times. Both engines (TEST_DATABASE_URL).
 */
import { eq } from 'drizzle-orm';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { orderItems, payments, promoCodes } from '@/server/db/schema/index';
import { setNotifyTransport } from '@/server/payments/demo-gateway.server';
import { useTestDatabase } from '../helpers/db';
import { type CommerceFixture, seedCommerceFixture } from '../helpers/fixture-commerce';
import type { ApiSession } from '../helpers/session';
import { staffOrders } from '../helpers/admin-orders';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
let fx: CommerceFixture;
const h = staffOrders(api, db, 'race');
let alice: ApiSession;
let bob: ApiSession;
const ROUNDS = 3;

beforeAll(async () => {
  fx = await seedCommerceFixture(db());
  setNotifyTransport(async (url, init) => api.request(new URL(url).pathname, init, { clientAddress: '10.0.0.1' }));
  alice = (await h.signedIn('staff')).session;
  bob = (await h.signedIn('admin')).session;
});
afterAll(() => setNotifyTransport((url, init) => fetch(url, init)));

const base = (nr: string) => `/api/admin/orders/${nr}`;

async function promoUses(id: number): Promise<number> {
  const [row] = await db().select({ used: promoCodes.usedCount }).from(promoCodes).where(eq(promoCodes.id, id));
  return row!.used;
}

describe('two staff members at once', () => {
  it('mark paid twice → one settlement, one timeline row, one confirmation mail', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { order, email } = await h.phoneOrder(fx.pegs, 1);
      const answers = await Promise.all([
        alice.post(`${base(order.orderNr)}/mark-paid`),
        bob.post(`${base(order.orderNr)}/mark-paid`),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(answers.map((a) => a.body.message).sort()).toEqual([
        'The order is already paid.',
        'The order is marked paid.',
      ]);
      expect((await h.orderByNr(order.orderNr)).status).toBe('Success');
      expect((await h.events(order.id)).filter((e) => e.type === 'marked_paid')).toHaveLength(1);
      // Checkout's "order received", then one confirmation.
      expect((await h.mailsTo(email, order.orderNr)).map((m) => m.subject)).toEqual([
        `We have received your order ${order.orderNr} – Gear Shop`,
        `Your order ${order.orderNr} – Gear Shop`,
      ]);
    }
  });

  it('cancel twice → stock back once, promo use back once, one mail', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const stock = await h.stockOf(fx.pegs);
      const uses = await promoUses(fx.promo.SAVE10);
      const { order, email } = await h.phoneOrder(fx.pegs, 2, { promoCode: 'SAVE10' });
      const answers = await Promise.all([
        alice.post(`${base(order.orderNr)}/cancel`, { reason: 'Customer called' }),
        bob.post(`${base(order.orderNr)}/cancel`, { reason: 'Customer wrote' }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(answers.map((a) => a.body.message).sort()).toEqual([
        'The order is already cancelled.',
        'The order is cancelled.',
      ]);
      expect(await h.stockOf(fx.pegs)).toBe(stock);
      expect(await promoUses(fx.promo.SAVE10)).toBe(uses);
      expect((await h.events(order.id)).filter((e) => e.type === 'cancelled')).toHaveLength(1);
      expect(await h.mailsTo(email, 'was cancelled')).toHaveLength(1);
    }
  });

  it('two refunds racing for the last remaining amount → one succeeds, refunded never above final', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { order, userId } = await h.paidCardOrder(fx.pegs, 2);
      const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
      // 50.00 of 54.99 by lines first; then both race for the 4.99 left (one to the card, one to the balance).
      expect(
        (
          await alice.post(`${base(order.orderNr)}/refund`, {
            destination: 'card',
            lines: [{ order_item_id: item!.id, quantity: 2 }],
            reason: 'Damaged',
          })
        ).status,
      ).toBe(200);
      const answers = await Promise.all([
        alice.post(`${base(order.orderNr)}/refund`, { destination: 'card', reason: 'Delivery back' }),
        bob.post(`${base(order.orderNr)}/refund`, {
          destination: 'balance',
          amount_cents: 499,
          reason: 'Delivery back',
        }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)!.body.message).toBe('The order is already refunded in full.');
      const now = await h.orderByNr(order.orderNr);
      expect(now).toMatchObject({ status: 'Refunded', refundedCents: 5499, finalCents: 5499 });
      const made = await h.refundsOf(order.id);
      expect(made.reduce((s, r) => s + r.amountCents, 0)).toBe(5499);
      expect(made.reduce((s, r) => s + r.convertedCents, 0)).toBe(order.convertedFinalCents);
      const winner = answers.find((a) => a.status === 200)!;
      expect(await h.balanceOf(userId)).toBe(winner.body.payload.refund.destination === 'balance' ? 499 : 0);
      expect(await h.ledgerOf(userId)).toHaveLength(winner.body.payload.refund.destination === 'balance' ? 1 : 0);
    }
  });

  it('the same refund sent twice at once with one Idempotency-Key → one refund, both answers name it', async () => {
    const { order } = await h.paidCardOrder(fx.pegs, 2);
    const send = (session: ApiSession) =>
      session
        .request(`${base(order.orderNr)}/refund`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'double-click-0001' },
          body: JSON.stringify({ destination: 'balance', amount_cents: 1500, reason: 'Late delivery' }),
        })
        .then(async (res) => ({ status: res.status, body: await res.json() }));
    const answers = await Promise.all([send(alice), send(alice)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[0]!.body.payload.refund.id).toBe(answers[1]!.body.payload.refund.id);
    expect(answers.map((a) => a.body.message).sort()).toEqual(['The refund is made.', 'This refund was already made.']);
    expect(await h.refundsOf(order.id)).toHaveLength(1);
    expect((await h.orderByNr(order.orderNr)).refundedCents).toBe(1500);
    expect(await h.ledgerOf(order.userId!)).toHaveLength(1);
  });

  it('two refunds of the same line → never more units than were bought', async () => {
    const { order } = await h.paidCardOrder(fx.pegs, 3);
    const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const answers = await Promise.all([
      alice.post(`${base(order.orderNr)}/refund`, {
        destination: 'card',
        lines: [{ order_item_id: item!.id, quantity: 2 }],
        reason: 'Bent',
      }),
      bob.post(`${base(order.orderNr)}/refund`, {
        destination: 'card',
        lines: [{ order_item_id: item!.id, quantity: 2 }],
        reason: 'Bent',
      }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    expect(answers.find((a) => a.status === 422)!.body.errors).toEqual({
      lines: ['“Tent Pegs Set”: at most 1 left to refund.'],
    });
    expect((await h.orderByNr(order.orderNr)).refundedCents).toBe(5000);
  });

  it('cancel racing mark paid → the order ends cancelled, stock back once, and money taken is given back', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const stock = await h.stockOf(fx.pegs);
      const { order, userId, email } = await h.phoneOrder(fx.pegs, 1);
      const [cancel, paid] = await Promise.all([
        alice.post(`${base(order.orderNr)}/cancel`, { reason: 'Customer called' }),
        bob.post(`${base(order.orderNr)}/mark-paid`),
      ]);
      expect(cancel.status).toBe(200);
      const now = await h.orderByNr(order.orderNr);
      expect(now.status).toBe('Cancelled');
      expect(await h.stockOf(fx.pegs)).toBe(stock);
      const [payment] = await db().select().from(payments).where(eq(payments.orderId, order.id));
      if (paid.status === 200) {
        // Paid first: the cancel refunded it to the balance (a phone payment has no card).
        expect(payment!.status).toBe('succeeded');
        expect(now.refundedCents).toBe(now.finalCents);
        expect(await h.balanceOf(userId)).toBe(now.finalCents);
        // Checkout's "order received", the confirmation, the cancellation.
        expect(await h.mailsTo(email, order.orderNr)).toHaveLength(3);
      } else {
        expect(paid.status).toBe(409);
        expect(paid.body.message).toBe('Only a pending order can be marked paid; this one is Cancelled.');
        expect(payment!.status).toBe('failed');
        expect(now.refundedCents).toBe(0);
        expect(await h.balanceOf(userId)).toBe(0);
      }
    }
  });

  it('two balance adjustments at once add up, each with its ledger row', async () => {
    const customer = await h.signedIn('customer');
    const answers = await Promise.all([
      alice.post(`/api/admin/customers/${customer.id}/balance`, { delta_cents: 700, reason: 'Goodwill' }),
      bob.post(`/api/admin/customers/${customer.id}/balance`, { delta_cents: 300, reason: 'Voucher' }),
      alice.post(`/api/admin/customers/${customer.id}/balance`, { delta_cents: 1000, reason: 'Apology' }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await h.balanceOf(customer.id)).toBe(2000);
    const ledger = await h.ledgerOf(customer.id);
    expect(ledger.map((l) => l.deltaCents).sort((a, b) => a - b)).toEqual([300, 700, 1000]);
    let running = 0;
    for (const row of ledger) {
      running += row.deltaCents;
      expect(row.balanceAfterCents).toBe(running);
    }
    // Two withdrawals of the whole balance at once: one is refused.
    const both = await Promise.all([
      alice.post(`/api/admin/customers/${customer.id}/balance`, { delta_cents: -2000, reason: 'Paid out' }),
      bob.post(`/api/admin/customers/${customer.id}/balance`, { delta_cents: -2000, reason: 'Paid out' }),
    ]);
    expect(both.map((a) => a.status).sort()).toEqual([200, 422]);
    expect(await h.balanceOf(customer.id)).toBe(0);
    expect(await h.ledgerOf(customer.id)).toHaveLength(4);
  });
});
