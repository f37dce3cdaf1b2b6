/**
 * The mails of the staff actions arrive over real SMTP (tests/helpers/smtp.ts) in the customer's
 * language, HTML and text: order paid (confirmation), shipped with the tracking link, refunded
 * with the amount in the order's currency and where it went, cancelled with what was refunded.
 * Both engines (TEST_DATABASE_URL).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The shop's mailer reads SMTP_URL once: the mailbox is up before anything reads the config.
const box = await vi.hoisted(async () => {
  const { startTestMailbox } = await import('../helpers/smtp');
  const started = await startTestMailbox({ unref: true });
  process.env.SMTP_URL = started.url;
  return started;
});

import { createApi } from '@/server/api/app';
import { languages, orderItems } from '@/server/db/schema/index';
import { closeMailTransports } from '@/server/mail/index';
import { setNotifyTransport } from '@/server/payments/demo-gateway.server';
import { useTestDatabase } from '../helpers/db';
import { type CommerceFixture, seedCommerceFixture } from '../helpers/fixture-commerce';
import type { ApiSession } from '../helpers/session';
import { staffOrders } from '../helpers/admin-orders';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
let fx: CommerceFixture;
const h = staffOrders(api, db, 'mails');
let staff: ApiSession;
let german: number;

beforeAll(async () => {
  fx = await seedCommerceFixture(db());
  setNotifyTransport(async (url, init) => api.request(new URL(url).pathname, init, { clientAddress: '10.0.0.1' }));
  staff = (await h.signedIn('staff')).session;
  const [de] = await db().select({ id: languages.id }).from(languages).where(eq(languages.code, 'de'));
  german = de!.id;
});
afterAll(async () => {
  setNotifyTransport((url, init) => fetch(url, init));
  closeMailTransports();
  await box.close();
});

const base = (nr: string) => `/api/admin/orders/${nr}`;

describe('staff action mails over SMTP', () => {
  it('mark paid, ship with a link, refund to the balance: in German, HTML and text', async () => {
    const { order, email } = await h.phoneOrder(fx.pegs, 2, { languageId: german });
    const received = await box.waitFor(email, { timeoutMs: 10_000 }); // checkout's "order received"
    expect(received.subject).toBe(`Wir haben Ihre Bestellung ${order.orderNr} erhalten – Gear Shop`);
    expect((await staff.post(`${base(order.orderNr)}/mark-paid`)).status).toBe(200);
    const paid = await box.waitFor(email, { timeoutMs: 10_000 });
    expect(paid.subject).toContain(order.orderNr);
    expect(paid.text).toContain('Tent Pegs Set × 2');

    const url = 'https://nolp.dhl.de/sendungsverfolgung?piececode=00340434161094042557';
    expect(
      (
        await staff.post(`${base(order.orderNr)}/ship`, {
          carrier: 'DHL',
          tracking_number: '00340434161094042557',
          tracking_url: url,
        })
      ).status,
    ).toBe(200);
    const shipped = await box.waitFor(email, { timeoutMs: 10_000 });
    expect(shipped.subject).toBe(`Ihre Bestellung ${order.orderNr} ist unterwegs – Gear Shop`);
    expect(shipped.text).toContain(`Wir haben Bestellung ${order.orderNr} mit DHL verschickt.`);
    expect(shipped.text).toContain('Sendungsnummer: 00340434161094042557');
    expect(shipped.html).toContain('Sendung verfolgen');
    expect(shipped.links).toContain(url);

    const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const refund = await staff.post(`${base(order.orderNr)}/refund`, {
      destination: 'balance',
      lines: [{ order_item_id: item!.id, quantity: 1 }],
      reason: 'Bent',
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const refunded = await box.waitFor(email, { timeoutMs: 10_000 });
    expect(refunded.subject).toBe(`Erstattung für Ihre Bestellung ${order.orderNr} – Gear Shop`);
    expect(refunded.text).toMatch(
      new RegExp(`Wir haben 25,00\\s€ für Bestellung ${order.orderNr} Ihrem Shop-Guthaben gutgeschrieben\\.`),
    );
    expect(refunded.text).not.toContain('vollständig erstattet');
  });

  it('a paid order in CHF cancelled: the mail says what went back to the card, in CHF', async () => {
    const { order, email } = await h.paidCardOrder(fx.pegs, 1, { currency: 'CHF' });
    await box.waitFor(email, { timeoutMs: 10_000 }); // the confirmation
    const res = await staff.post(`${base(order.orderNr)}/cancel`, { reason: 'Warehouse fire' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mail = await box.waitFor(email, { timeoutMs: 10_000 });
    expect(mail.subject).toBe(`Your order ${order.orderNr} was cancelled – Gear Shop`);
    expect(mail.text).toContain(`We have cancelled order ${order.orderNr}. These items will not be sent:`);
    expect(mail.text).toMatch(
      new RegExp(
        `We have refunded CHF\\s?${(order.convertedFinalCents / 100).toFixed(2)} for order ${order.orderNr} to the card you paid with\\.`,
      ),
    );
    expect(mail.html).toContain('Tent Pegs Set × 1');
    // The staff member's reason is for the audit, not for the customer.
    expect(mail.text).not.toContain('Warehouse fire');
  });

  it('an unpaid order cancelled: nothing was charged, and a full refund says so', async () => {
    const { order, email } = await h.phoneOrder(fx.pegs, 1);
    await box.waitFor(email, { timeoutMs: 10_000 }); // checkout's "order received"
    await staff.post(`${base(order.orderNr)}/cancel`, { reason: 'Customer asked' });
    const mail = await box.waitFor(email, { timeoutMs: 10_000 });
    expect(mail.text).toContain('Nothing has been charged.');

    const paid = await h.paidCardOrder(fx.pegs, 1);
    await box.waitFor(paid.email, { timeoutMs: 10_000 });
    await staff.post(`${base(paid.order.orderNr)}/refund`, { destination: 'card', reason: 'Lost parcel' });
    const refunded = await box.waitFor(paid.email, { timeoutMs: 10_000 });
    expect(refunded.text).toContain(
      `We have refunded €29.99 for order ${paid.order.orderNr} to the card you paid with.`,
    );
    expect(refunded.text).toContain('The order is now refunded in full.');
  });
});
