/**
 * Credit notes of orders in another currency (ADR 032, ADR 034): a refund of an amount is shared
 * over the invoice's VAT rates in the order's currency, starting from what was refunded in that
 * currency (refunds.converted_cents), so the credit note's lines, rates and total reconcile with
 * the refund to the cent (or yen). On the demo shop, in GBP and in JPY; both engines
 * (TEST_DATABASE_URL).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { currencies, invoices, products, refunds, vatRates } from '@/server/db/schema/index';
import { markPaid } from '@/server/services/admin/orders/mark-paid.server';
import { formatCents } from '@/lib/money';
import { useTestDatabase } from '../helpers/db';
import { berlinShipping } from '../helpers/fixture-commerce';
import { staffOrders } from '../helpers/admin-orders';
import { readPdf } from '../helpers/pdf';
import type { ApiSession } from '../helpers/session';

const database = useTestDatabase({ seed: 'demo' });
const api = createApi();
const db = () => database().db;
const h = staffOrders(api, db, 'cn-fx');

let jacket: number; // standard rate, 33.33 EUR
let book: number; // reduced class, 19.99 EUR
let staff: { session: ApiSession; id: number };

beforeAll(async () => {
  const picked = await db()
    .select({ id: products.id })
    .from(products)
    .where(
      and(eq(products.active, true), sql`not exists (select 1 from variations v where v.product_id = ${products.id})`),
    )
    .orderBy(products.id)
    .limit(2);
  [jacket, book] = picked.map((p) => p.id) as [number, number];
  const [books] = await db()
    .insert(vatRates)
    .values({ name: 'Books', percent: '9.00', kind: 'reduced' })
    .returning({ id: vatRates.id });
  await db().update(products).set({ priceCents: 3333, stock: 5000, vatRateId: null }).where(eq(products.id, jacket));
  await db().update(products).set({ priceCents: 1999, stock: 5000, vatRateId: books!.id }).where(eq(products.id, book));
  // The demo keeps its yen switched off until staff offer it.
  await db().update(currencies).set({ enabled: true }).where(eq(currencies.code, 'JPY'));
  staff = await h.signedIn('staff');
});

/** A paid German phone order of two jackets (19 %) and a book (7 %) in this currency. */
async function paidOrder(currency: string) {
  const buyer = await h.shopper();
  await h.add(buyer.session, jacket, 2);
  await h.add(buyer.session, book, 1);
  const res = await buyer.session.post(
    '/api/orders/checkout',
    berlinShipping({ payment_method: 'phone', email: buyer.email, currency }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const order = await h.orderByNr(res.body.order_data.order_nr);
  expect(order.currency).toBe(currency);
  await markPaid(db(), { orderNr: order.orderNr, actorId: staff.id });
  return order;
}

async function documentsOf(orderId: number) {
  return db().select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.id));
}

// Amounts whose shares, converted one by one, would not add up to the refund (the bug this guards).
describe.each([
  { currency: 'GBP', amountCents: 905 },
  { currency: 'JPY', amountCents: 927 },
])('a refund of an amount of an order in $currency', ({ currency, amountCents }) => {
  it('credits what was refunded in the order currency, shared over the invoice rates, to the minor unit', async () => {
    const order = await paidOrder(currency);
    const res = await staff.session.post(`/api/admin/orders/${order.orderNr}/refund`, {
      destination: 'balance',
      amount_cents: amountCents,
      reason: 'Goodwill for a late delivery',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [refund] = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({ amountCents, currency });
    // The refund in the order's currency is not the EUR amount (the rate is not 1).
    expect(refund!.convertedCents).not.toBe(amountCents);

    const [invoice, credit] = await documentsOf(order.id);
    expect(invoice!.document.rates.map((r) => r.percent)).toEqual([19, 7]);
    const doc = credit!.document;
    expect(credit!.totalCents).toBe(refund!.convertedCents);
    expect(doc.totalCents).toBe(refund!.convertedCents);
    expect(doc.roundingCents).toBe(0);
    // Lines, rates, net + VAT: each sums to the refunded amount in the order's currency.
    expect(doc.lines.reduce((s, l) => s + l.grossCents, 0)).toBe(refund!.convertedCents);
    expect(doc.netCents + doc.vatCents).toBe(refund!.convertedCents);
    expect(doc.rates.reduce((s, r) => s + r.netCents + r.vatCents, 0)).toBe(refund!.convertedCents);
    // Shared in proportion to the invoice's rates: each share within one minor unit of exact.
    const invoiced = invoice!.document.rates.map((r) => r.netCents + r.vatCents);
    const whole = invoiced.reduce((a, b) => a + b, 0);
    doc.lines.forEach((line, i) => {
      expect(line.vatPercent).toBe(invoice!.document.rates[i]!.percent);
      expect(Math.abs(line.grossCents - (refund!.convertedCents * invoiced[i]!) / whole)).toBeLessThan(1);
    });

    const { text } = await readPdf(credit!.pdf!);
    expect(text).toContain(`Corrects invoice: ${invoice!.number}`);
    expect(text).toContain(`Total credited ${formatCents(refund!.convertedCents, currency, 'en')}`);
  });
});
