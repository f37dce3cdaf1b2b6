/**
 * The back office's reports (issue 32) on the demo shop (Rotterdam, OSS on): orders placed through
 * the real checkout, paid by staff (invoices), refunded by staff (credit notes), then dated into
 * 2023 (demo orders are recent, so the range holds only these): a German consumer (OSS, 19 % and
 * 7 %) paid in March, a French company (reverse charge) in March, a Dutch consumer (home, 21 %) in
 * February, and a refund of the German order's book line in April, the next quarter. Every report
 * is checked against figures written by hand and the VAT report against the issued documents, to
 * the cent. Both engines (TEST_DATABASE_URL).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { invoices, orderItems, orders, products, refunds, vatRates } from '@/server/db/schema/index';
import { markPaid } from '@/server/services/admin/orders/mark-paid.server';
import { parseReportQuery, type ReportKind } from '@/server/services/admin/reports/report-query';
import { readReport } from '@/server/services/admin/reports/reports.server';
import { reportCsv, reportCsvCount } from '@/server/services/admin/reports/report-format';
import { getAdminTranslator } from '@/server/i18n/admin-messages';
import { useTestDatabase } from '../helpers/db';
import { berlinShipping } from '../helpers/fixture-commerce';
import { staffOrders } from '../helpers/admin-orders';
import type { ApiSession } from '../helpers/session';

const database = useTestDatabase({ seed: 'demo' });
const api = createApi();
const db = () => database().db;
const h = staffOrders(api, db, 'rep');

const DE = { country: 'Germany', city: 'Berlin', postCode: '10117' };
const FR = { country: 'France', city: 'Paris', postCode: '75001', address: '5 Rue de Rivoli' };
const NL = { country: 'Netherlands', city: 'Rotterdam', postCode: '3011 AB', address: 'Coolsingel 40' };

let jacket: number; // standard class, 33.33
let book: number; // reduced class, 19.99
let staff: { session: ApiSession; id: number };
const orderIds: number[] = [];

async function paidOrder(lines: [number, number][], ship: Record<string, unknown>, paidAt: string) {
  const buyer = await h.shopper();
  for (const [id, count] of lines) await h.add(buyer.session, id, count);
  const res = await buyer.session.post(
    '/api/orders/checkout',
    berlinShipping({ payment_method: 'phone', email: buyer.email, ...ship }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const order = await h.orderByNr(res.body.order_data.order_nr);
  await markPaid(db(), { orderNr: order.orderNr, actorId: staff.id });
  const at = new Date(paidAt);
  await db().update(orders).set({ createdAt: at, paidAt: at }).where(eq(orders.id, order.id));
  await db().update(invoices).set({ issuedAt: at }).where(eq(invoices.orderId, order.id));
  orderIds.push(order.id);
  return h.orderByNr(order.orderNr);
}

const report = (kind: ReportKind, group = 'month') =>
  readReport(
    db(),
    parseReportQuery(new URLSearchParams({ report: kind, from: '2023-01-01', to: '2023-06-30', group })),
  );

let german: Awaited<ReturnType<typeof paidOrder>>;

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
  await db()
    .update(products)
    .set({ priceCents: 3333, stock: 5000, vatRateId: null, name: 'Storm Jacket', costCents: 1500 })
    .where(eq(products.id, jacket));
  await db()
    .update(products)
    // A name a spreadsheet would run as a formula: the CSV neutralises it.
    .set({ priceCents: 1999, stock: 5000, vatRateId: books!.id, name: '=Trail Guide Book', costCents: null })
    .where(eq(products.id, book));
  staff = await h.signedIn('staff');

  german = await paidOrder(
    [
      [jacket, 2],
      [book, 1],
    ],
    DE,
    '2023-03-10T12:00:00Z',
  );
  await paidOrder([[jacket, 1]], { ...FR, vat_id: 'FR40303265045' }, '2023-03-20T09:00:00Z');
  await paidOrder([[jacket, 1]], NL, '2023-02-05T15:00:00Z');

  // The German order's book comes back in April: a refund of that line and its credit note in Q2.
  const [, bookLine] = await db()
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, german.id))
    .orderBy(orderItems.id);
  const refund = await staff.session.post(`/api/admin/orders/${german.orderNr}/refund`, {
    destination: 'balance',
    lines: [{ order_item_id: bookLine!.id, quantity: 1 }],
    reason: 'Damaged copy',
  });
  expect(refund.status, JSON.stringify(refund.body)).toBe(200);
  const april = new Date('2023-04-10T08:00:00Z');
  await db().update(refunds).set({ createdAt: april }).where(eq(refunds.orderId, german.id));
  await db()
    .update(invoices)
    .set({ issuedAt: april })
    .where(and(eq(invoices.orderId, german.id), eq(invoices.kind, 'credit_note')));
}, 300_000);

describe('the fixture as the shop charged it', () => {
  it('has the totals worked out by hand', async () => {
    const rows = await db()
      .select({ final: orders.finalCents, vat: orders.vatCents, scheme: orders.vatScheme, country: orders.countryName })
      .from(orders)
      .where(inArray(orders.id, orderIds))
      .orderBy(orders.id);
    expect(rows).toEqual([
      // 2 × 33.33 + 19.99 = 86.65, delivery free over the threshold; VAT 19 % of 66.66 = 10.64, 7 % of 19.99 = 1.31.
      { final: 8665, vat: 1195, scheme: 'oss', country: 'Germany' },
      // 33.33 + delivery 4.99 = 38.32, no VAT (the French company accounts for it).
      { final: 3832, vat: 0, scheme: 'reverse_charge', country: 'France' },
      // 38.32 at the Dutch 21 %: 38.32 × 21 / 121 = 6.65.
      { final: 3832, vat: 665, scheme: 'home', country: 'Netherlands' },
    ]);
  });
});

describe('sales by period', () => {
  it('per month: paid orders by the month they were paid, the refund in its own month', async () => {
    const t = await report('sales');
    expect(t.columns.map((c) => c.key)).toEqual([
      'period',
      'orders',
      'gross',
      'vat',
      'net',
      'refunds',
      'grossAfterRefunds',
    ]);
    expect(t.rows).toEqual([
      ['2023-02', 1, 3832, 665, 3167, 0, 3832],
      ['2023-03', 2, 12497, 1195, 11302, 0, 12497],
      ['2023-04', 0, 0, 0, 0, 1999, -1999],
    ]);
    expect(t.totals).toEqual([null, 3, 16329, 1860, 14469, 1999, 14330]);
  });

  it('per day and per ISO week', async () => {
    expect((await report('sales', 'day')).rows.map((r) => [r[0], r[1], r[2]])).toEqual([
      ['2023-02-05', 1, 3832],
      ['2023-03-10', 1, 8665],
      ['2023-03-20', 1, 3832],
      ['2023-04-10', 0, 0],
    ]);
    expect((await report('sales', 'week')).rows.map((r) => r[0])).toEqual([
      '2023-W05',
      '2023-W10',
      '2023-W12',
      '2023-W15',
    ]);
  });
});

describe('VAT by country and rate per quarter', () => {
  it('declares what the invoices declared, the credit note deducted in the quarter it was issued', async () => {
    const t = await report('vat');
    expect(t.rows).toEqual([
      ['2023-Q1', 'DE', 'oss', 19, 5602, 1064],
      ['2023-Q1', 'DE', 'oss', 7, 1868, 131],
      ['2023-Q1', 'FR', 'reverse_charge', 0, 3832, 0],
      ['2023-Q1', 'NL', 'home', 21, 3167, 665],
      // The book's refund in April: its net and VAT come off the second quarter, not the first.
      ['2023-Q2', 'DE', 'oss', 7, -1868, -131],
    ]);
    expect(t.totals).toEqual([null, null, null, null, 12601, 1729]);
  });

  it('reconciles with the issued documents to the cent (invoices add, credit notes deduct)', async () => {
    const docs = await db().select().from(invoices).where(inArray(invoices.orderId, orderIds));
    expect(docs.map((d) => d.kind).sort()).toEqual(['credit_note', 'invoice', 'invoice', 'invoice']);
    let net = 0;
    let vat = 0;
    let total = 0;
    for (const d of docs) {
      const sign = d.kind === 'credit_note' ? -1 : 1;
      for (const r of d.document.rates) {
        net += sign * r.netCents;
        vat += sign * r.vatCents;
      }
      total += sign * d.totalCents;
    }
    const t = await report('vat');
    expect([t.totals![4], t.totals![5]]).toEqual([net, vat]);
    expect(net + vat).toBe(total);
    // And with the sales report: what was paid less what was refunded.
    expect((await report('sales')).totals![6]).toBe(total);
  });

  it('counts a quarter only inside the range asked for', async () => {
    const q2 = await readReport(
      db(),
      parseReportQuery(new URLSearchParams({ report: 'vat', from: '2023-04-01', to: '2023-06-30' })),
    );
    expect(q2.rows).toEqual([['2023-Q2', 'DE', 'oss', 7, -1868, -131]]);
  });
});

describe('sales by product, category and country', () => {
  it('by product and variation: units, sales before discounts, VAT and units back in stock', async () => {
    const t = await report('products');
    const [jacketSku, bookSku] = await skus();
    // The jackets' VAT: 10.64 in Germany, none in France, and in the Netherlands the line's share of
    // the order's 6.65 (33.33 of 38.32, the rest is the delivery's): 5.78; 10.64 + 5.78 = 16.42.
    expect(t.rows).toEqual([
      [jacketSku, 'Storm Jacket', 4, 13332, 1642, 0],
      [bookSku, '=Trail Guide Book', 1, 1999, 131, 0],
    ]);
  });

  it('by category', async () => {
    const t = await report('categories');
    // Both products are in the demo's Outdoor Adventure: 3 orders, 4 jackets and a book.
    expect(t.rows).toEqual([['Outdoor Adventure', 3, 5, 13332 + 1999, 1642 + 131]]);
  });

  it('by country of delivery, with what was refunded of those orders', async () => {
    const t = await report('countries');
    expect(t.rows).toEqual([
      ['Germany', 1, 8665, 1195, 7470, 1999],
      ['France', 1, 3832, 0, 3832, 0],
      ['Netherlands', 1, 3832, 665, 3167, 0],
    ]);
  });
});

describe('refunds and returns', () => {
  it('counts the refund in the month it was made', async () => {
    const t = await report('refunds');
    expect(t.rows).toEqual([['2023-04', 1, 1999, 0, 0, 0]]);
  });
});

describe('stock value', () => {
  it('at price and at cost (empty without a cost price), now', async () => {
    const [jacketSku, bookSku] = await skus();
    const rows = (await report('stock')).rows.filter((r) => r[0] === jacketSku || r[0] === bookSku);
    // 5000 − 4 jackets sold = 4996 × 33.33 and × 15.00; 5000 − 1 + 0 books (the refund did not restock).
    expect(rows).toEqual(
      [
        [jacketSku, 'Storm Jacket', 4996, 4996 * 3333, 4996 * 1500],
        [bookSku, '=Trail Guide Book', 4999, 4999 * 1999, null],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
  });
});

describe('the CSV', () => {
  it('writes amounts as decimal numbers, headings in the admin language, text through the formula guard', async () => {
    const t = await report('products');
    const at = await getAdminTranslator('de');
    const csv = [...reportCsv(t, at)].join('');
    const [jacketSku, bookSku] = await skus();
    expect(csv).toBe(
      'Artikelnummer,Produkt,Stück,Umsatz vor Rabatten,USt.,Stück zurück im Lager\r\n' +
        `${jacketSku},Storm Jacket,4,133.32,16.42,0\r\n` +
        `${bookSku},'=Trail Guide Book,1,19.99,1.31,0\r\n` +
        'Summe,,5,153.31,17.73,0\r\n',
    );
    expect(reportCsvCount(t)).toBe(3);
    // A negative amount is a number, not a neutralised text.
    expect([...reportCsv(await report('sales'), at)].at(-2)).toBe('2023-04,0,0,0,0,19.99,-19.99\r\n');
  });
});

async function skus(): Promise<[string, string]> {
  const rows = await db()
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(inArray(products.id, [jacket, book]));
  return [rows.find((r) => r.id === jacket)!.sku, rows.find((r) => r.id === book)!.sku];
}
