/**
 * Invoices and credit notes (ADR 032) on the demo shop (Summit & Circuit Gear Ltd, Rotterdam, OSS):
 * the invoice issued with the payment (its PDF read back as text: number, seller, buyer, lines,
 * VAT per rate), stored once with its SHA-256 on the timeline, mailed and downloadable by its
 * customer only; gap-free numbers under 20 parallel payments; a credit note naming the invoice
 * on a partial refund; the Factur-X EN 16931 XML of a B2B invoice valid against the XSD. Both
 * engines (TEST_DATABASE_URL).
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { invoices, languages, orderItems, products, vatRates } from '@/server/db/schema/index';
import { markPaid } from '@/server/services/admin/orders/mark-paid.server';
import { formatCents, formatPercent } from '@/lib/money';
import { useTestDatabase } from '../helpers/db';
import { berlinShipping } from '../helpers/fixture-commerce';
import { staffOrders } from '../helpers/admin-orders';
import { readPdf } from '../helpers/pdf';
import { validateFacturX } from '../helpers/factur-x';
import { csrfSession, type ApiSession } from '../helpers/session';

const database = useTestDatabase({ seed: 'demo' });
const api = createApi();
const db = () => database().db;
const h = staffOrders(api, db, 'inv');
const YEAR = new Date().getUTCFullYear();

let jacket: number; // standard rate, 33.33
let book: number; // reduced class, 19.99
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
  await db()
    .update(products)
    .set({ priceCents: 3333, stock: 5000, vatRateId: null, name: 'Storm Jacket' })
    .where(eq(products.id, jacket));
  await db()
    .update(products)
    .set({ priceCents: 1999, stock: 5000, vatRateId: books!.id, name: 'Trail Guide Book' })
    .where(eq(products.id, book));
  staff = await h.signedIn('staff');
});

const DE = { country: 'Germany', city: 'Berlin', postCode: '10117' };
const FR = { country: 'France', city: 'Paris', postCode: '75001', address: '5 Rue de Rivoli' };

/** A customer's phone order of these lines, placed through the real checkout (Pending). */
async function phoneOrder(lines: [number, number][], ship: Record<string, unknown>, languageId?: number) {
  const buyer = await h.shopper(languageId ? { languageId } : {});
  for (const [id, count] of lines) await h.add(buyer.session, id, count);
  const res = await buyer.session.post(
    '/api/orders/checkout',
    berlinShipping({ payment_method: 'phone', email: buyer.email, ...ship }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...buyer, order: await h.orderByNr(res.body.order_data.order_nr) };
}

/** The order's documents; each has its PDF by the time the paying or refunding call returns. */
async function documentsOf(orderId: number) {
  const rows = await db().select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.id));
  for (const row of rows) expect(row.pdf, row.number).not.toBeNull();
  return rows.map((row) => ({ ...row, pdf: row.pdf! }));
}

async function download(
  session: ApiSession,
  path: string,
): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const res = await session.request(path);
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('the invoice of a paid order', () => {
  it('is issued when staff mark the order paid: number, dates, seller, buyer, lines and VAT per rate in the PDF', async () => {
    // Germany under the OSS: the jacket at 19 %, the book at 7 % (the German reduced rate).
    const { order, session, email } = await phoneOrder(
      [
        [jacket, 2],
        [book, 1],
      ],
      { ...DE, name: 'Kim', surname: 'Käufer' },
    );
    expect((await staff.session.post(`/api/admin/orders/${order.orderNr}/mark-paid`)).status).toBe(200);
    const [invoice, ...others] = await documentsOf(order.id);
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      year: YEAR,
      currency: 'EUR',
      language: 'en',
      totalCents: order.finalCents,
    });
    expect(invoice!.number).toBe(`INV-${YEAR}-${invoice!.seq}`);

    const paid = await h.orderByNr(order.orderNr);
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.id);
    const { text, attachments } = await readPdf(invoice!.pdf);
    expect(attachments).toEqual({}); // a consumer: no e-invoice
    const money = (c: number) => formatCents(c, 'EUR', 'en');
    expect(text).toContain(`Invoice ${invoice!.number}`);
    expect(text).toContain('Summit & Circuit Gear Ltd');
    expect(text).toContain('221 Harbour Road, 3011 AB Rotterdam, Netherlands');
    expect(text).toContain('VAT ID: NL861234567B01');
    expect(text).toContain(`Order: ${order.orderNr}`);
    expect(text).toContain('Kim Käufer Unter den Linden 1 10117 Berlin Germany');
    expect(text).toContain('Buyer');
    expect(text).toContain('Delivery address');
    const day = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(paid.paidAt!);
    expect(text).toContain(`Issue date: ${day}`);
    expect(text).toContain(`Date of supply: ${day}`);
    // Each line: quantity, unit price, net, rate, VAT, total (VAT contained, half-up per line).
    // Jacket 2 × 33.33 = 66.66 at 19 %: VAT 10.64, net 56.02; book 19.99 at 7 %: VAT 1.31, net 18.68.
    expect(text).toContain(
      `Storm Jacket (${items[0]!.sku}) 2 ${money(3333)} ${money(5602)} 19% ${money(1064)} ${money(6666)}`,
    );
    expect(text).toContain(
      `Trail Guide Book (${items[1]!.sku}) 1 ${money(1999)} ${money(1868)} 7% ${money(131)} ${money(1999)}`,
    );
    // Per rate, the VAT the order recorded (ADR 030), and the delivery at the standard rate.
    const byRate = new Map<string, number>();
    for (const i of items) byRate.set(i.vatPercent!, (byRate.get(i.vatPercent!) ?? 0) + i.vatCents!);
    byRate.set(paid.deliveryVatPercent!, (byRate.get(paid.deliveryVatPercent!) ?? 0) + paid.deliveryVatCents!);
    expect([...byRate.keys()].sort()).toEqual(['19.00', '7.00']);
    for (const [rate, vat] of byRate) expect(text).toContain(`VAT ${formatPercent(rate, 'en')} ${money(vat)}`);
    expect(text).toContain(`Total VAT ${money(paid.vatCents)}`);
    expect(text).toContain(`Total paid ${money(paid.finalCents)}`);
    // Over the free-delivery threshold: no delivery line.
    expect(paid.deliveryCostCents).toBe(0);
    expect(text).not.toContain('Delivery 1');
    expect(invoice!.document.netCents + invoice!.document.vatCents).toBe(paid.finalCents);

    // Stored once, its hash on the timeline; the customer downloads exactly those bytes.
    const sha = createHash('sha256').update(invoice!.pdf).digest('hex');
    expect(invoice!.sha256).toBe(sha);
    const issued = (await h.events(order.id)).filter((e) => e.type === 'invoice_issued');
    expect(issued).toHaveLength(1);
    expect(issued[0]!.after).toEqual({ number: invoice!.number, sha256: sha });
    const path = `/api/orders/${order.orderNr}/documents/${invoice!.number}`;
    const mine = await download(session, path);
    expect(mine).toMatchObject({ status: 200, type: 'application/pdf' });
    expect(createHash('sha256').update(mine.bytes).digest('hex')).toBe(sha);
    const asStaff = await download(staff.session, `/api/admin/orders/${order.orderNr}/documents/${invoice!.number}`);
    expect(createHash('sha256').update(asStaff.bytes).digest('hex')).toBe(sha);
    // Nobody else: another customer gets 404 as for a missing document, a guest 401.
    const stranger = await h.shopper();
    expect((await download(stranger.session, path)).status).toBe(404);
    expect((await download(session, `/api/orders/${order.orderNr}/documents/INV-${YEAR}-999999`)).status).toBe(404);
    expect((await download(await csrfSession(api), path)).status).toBe(401);

    // A repeat of the payment changes nothing: still one invoice with the same bytes.
    await markPaid(db(), { orderNr: order.orderNr, actorId: staff.id });
    expect((await documentsOf(order.id)).map((d) => d.sha256)).toEqual([sha]);

    // The paid mail carries the PDF.
    const paidMails = await h.mailsTo(email, `Your order ${order.orderNr}`);
    expect(paidMails).toHaveLength(1);
    const mail = paidMails[0];
    expect(mail!.text).toContain(`Your invoice ${invoice!.number} is attached to this email.`);
    expect(mail!.attachments).toEqual([
      { filename: `${invoice!.number}.pdf`, contentType: 'application/pdf', base64: invoice!.pdf.toString('base64') },
    ]);
  });

  it("is written in the customer's language: German texts and number formats", async () => {
    const [de] = await db().select({ id: languages.id }).from(languages).where(eq(languages.code, 'de'));
    const { order } = await phoneOrder([[jacket, 1]], DE, de!.id);
    await markPaid(db(), { orderNr: order.orderNr, actorId: staff.id });
    const [invoice] = await documentsOf(order.id);
    expect(invoice!.language).toBe('de');
    const { text } = await readPdf(invoice!.pdf);
    expect(text).toContain(`Rechnung ${invoice!.number}`);
    expect(text).toContain('USt-IdNr.: NL861234567B01');
    // The text layer has plain spaces where the formatter writes no-break ones.
    const plain = (s: string) => s.replace(/\s+/g, ' ');
    expect(text).toContain(plain(`Versand 1 ${formatCents(499, 'EUR', 'de')}`));
    expect(text).toContain(plain(`MwSt. ${formatPercent(19, 'de')} ${formatCents(order.vatCents, 'EUR', 'de')}`));
    expect(text).toContain(plain(`Bezahlter Betrag ${formatCents(order.finalCents, 'EUR', 'de')}`));
  });
});

describe('numbering', () => {
  it('20 orders paid at once get 20 consecutive numbers, none repeated, none missing', async () => {
    const placed = [];
    for (let i = 0; i < 20; i++) placed.push((await phoneOrder([[jacket, 1]], DE)).order);
    const [before] = await db()
      .select({ last: sql<number>`coalesce(max(${invoices.seq}), 0)` })
      .from(invoices)
      .where(and(eq(invoices.kind, 'invoice'), eq(invoices.year, YEAR)));
    const results = await Promise.all(placed.map((o) => markPaid(db(), { orderNr: o.orderNr, actorId: staff.id })));
    expect(results.every((r) => r.changed)).toBe(true);
    const rows = await db()
      .select({ seq: invoices.seq, number: invoices.number, orderId: invoices.orderId })
      .from(invoices)
      .where(
        sql`${invoices.orderId} in (${sql.join(
          placed.map((o) => sql`${o.id}`),
          sql`, `,
        )})`,
      );
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((r) => r.orderId)).size).toBe(20);
    const first = Number(before!.last) + 1;
    expect(rows.map((r) => r.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => first + i));
    expect(rows.map((r) => r.number).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `INV-${YEAR}-${first + i}`).sort(),
    );
  });

  it('takes the prefix from the settings', async () => {
    expect((await staff.session.put('/api/admin/settings', { invoice_prefix: 'SC/' })).status).toBe(403);
    const admin = (await h.signedIn('admin')).session;
    const bad = await admin.put('/api/admin/settings', { invoice_prefix: 'SC/' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.invoice_prefix).toEqual([
      'A number prefix may have up to 16 letters, digits, dots, hyphens or underscores.',
    ]);
    expect((await admin.put('/api/admin/settings', { invoice_prefix: 'SCG-' })).body.payload).toMatchObject({
      invoice_prefix: 'SCG-',
      credit_note_prefix: 'CN-',
    });
    const { order } = await phoneOrder([[book, 1]], DE);
    await markPaid(db(), { orderNr: order.orderNr, actorId: staff.id });
    const [invoice] = await documentsOf(order.id);
    expect(invoice!.number).toBe(`SCG-${YEAR}-${invoice!.seq}`);
    await admin.put('/api/admin/settings', { invoice_prefix: 'INV-' });
  });
});

describe('credit notes', () => {
  it('a partial refund of one line issues a credit note of its own sequence that names the invoice', async () => {
    const { order, session } = await phoneOrder(
      [
        [jacket, 1],
        [book, 2],
      ],
      DE,
    );
    await markPaid(db(), { orderNr: order.orderNr, actorId: staff.id });
    const [, bookLine] = await db()
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(orderItems.id);
    const refund = await staff.session.post(`/api/admin/orders/${order.orderNr}/refund`, {
      destination: 'balance',
      lines: [{ order_item_id: bookLine!.id, quantity: 1 }],
      reason: 'Damaged copy',
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const [invoice, credit] = await documentsOf(order.id);
    expect(credit).toMatchObject({
      kind: 'credit_note',
      invoiceId: invoice!.id,
      refundId: refund.body.payload.refund.id,
      totalCents: 1999,
    });
    expect(credit!.number).toBe(`CN-${YEAR}-${credit!.seq}`);
    const { text } = await readPdf(credit!.pdf);
    const money = (c: number) => formatCents(c, 'EUR', 'en');
    expect(text).toContain(`Credit note ${credit!.number}`);
    expect(text).toContain(`Corrects invoice: ${invoice!.number}`);
    // One book back at 7 %: 19.99 contains 1.31 VAT.
    expect(text).toContain(
      `Trail Guide Book (${bookLine!.sku}) 1 ${money(1999)} ${money(1868)} 7% ${money(131)} ${money(1999)}`,
    );
    expect(text).toContain(`VAT 7% ${money(131)}`);
    expect(text).toContain(`Total credited ${money(1999)}`);
    expect(text).not.toContain('Storm Jacket');
    const events = (await h.events(order.id)).filter((e) => e.type === 'credit_note_issued');
    expect(events.map((e) => e.after)).toEqual([
      { number: credit!.number, sha256: credit!.sha256, invoice: invoice!.number },
    ]);
    // The customer downloads it too.
    expect((await download(session, `/api/orders/${order.orderNr}/documents/${credit!.number}`)).status).toBe(200);
  });

  it('cancelling a paid order credits the whole invoice', async () => {
    const { order } = await phoneOrder([[jacket, 1]], DE);
    await markPaid(db(), { orderNr: order.orderNr, actorId: staff.id });
    expect(
      (await staff.session.post(`/api/admin/orders/${order.orderNr}/cancel`, { reason: 'Out of stock after all' }))
        .status,
    ).toBe(200);
    const [invoice, credit] = await documentsOf(order.id);
    expect(credit).toMatchObject({ kind: 'credit_note', invoiceId: invoice!.id, totalCents: order.finalCents });
    expect(credit!.document.rates).toEqual(invoice!.document.rates);
    expect(credit!.document.lines).toEqual(invoice!.document.lines);
  });

  it('an unpaid order cancelled has no invoice and gets no credit note', async () => {
    const { order } = await phoneOrder([[jacket, 1]], DE);
    expect(
      (await staff.session.post(`/api/admin/orders/${order.orderNr}/cancel`, { reason: 'Never paid' })).status,
    ).toBe(200);
    expect(await documentsOf(order.id)).toEqual([]);
  });
});

describe('the e-invoice of a B2B sale', () => {
  it('embeds the EN 16931 CII XML (Factur-X) valid against the XSD, with the reverse-charge wording', async () => {
    const { order } = await phoneOrder(
      [
        [jacket, 1],
        [book, 1],
      ],
      { ...FR, vat_id: 'FR40303265045', name: 'Camille', surname: 'Martin' },
    );
    await markPaid(db(), { orderNr: order.orderNr, actorId: staff.id });
    const [invoice] = await documentsOf(order.id);
    const { text, attachments } = await readPdf(invoice!.pdf);
    expect(text).toContain("Buyer's VAT ID: FR40303265045");
    expect(text).toContain(
      'Intra-Community supply, exempt from VAT (Art. 138 VAT Directive 2006/112/EC). Reverse charge: the buyer accounts for the VAT.',
    );
    expect(text).toContain('factur-x.xml');
    expect(Object.keys(attachments)).toEqual(['factur-x.xml']);
    const xml = attachments['factur-x.xml']!;
    expect(await validateFacturX(xml)).toEqual({ valid: true, errors: [] });
    expect(xml).toContain('<ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
    expect(xml).toContain(`<ram:ID>${invoice!.number}</ram:ID><ram:TypeCode>380</ram:TypeCode>`);
    expect(xml).toContain('<ram:ID schemeID="VA">FR40303265045</ram:ID>');
    expect(xml).toContain('<ram:ID schemeID="VA">NL861234567B01</ram:ID>');
    expect(xml).toContain('<ram:CategoryCode>K</ram:CategoryCode>');
    expect(xml).toContain(`<ram:GrandTotalAmount>${(order.finalCents / 100).toFixed(2)}</ram:GrandTotalAmount>`);
    expect(xml).toContain('<ram:TaxTotalAmount currencyID="EUR">0.00</ram:TaxTotalAmount>');
    // PDF/A-3 with the Factur-X XMP properties.
    const raw = invoice!.pdf.toString('latin1');
    expect(raw).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(raw).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(raw).toContain('/AFRelationship /Alternative');

    // A refund of it: the credit note's XML is valid too (TypeCode 381, naming the invoice).
    const refund = await staff.session.post(`/api/admin/orders/${order.orderNr}/refund`, {
      destination: 'balance',
      amount_cents: 1000,
      reason: 'Goodwill',
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const [, credit] = await documentsOf(order.id);
    const creditXml = (await readPdf(credit!.pdf)).attachments['factur-x.xml']!;
    expect(await validateFacturX(creditXml)).toEqual({ valid: true, errors: [] });
    expect(creditXml).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(creditXml).toContain(
      `<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>${invoice!.number}</ram:IssuerAssignedID>`,
    );
  });

  it('a consumer-looking XML with VAT (German buyer with a VAT id of the home state) is valid too', async () => {
    const { order } = await phoneOrder([[jacket, 1]], { ...DE, vat_id: 'NL861234567B01' });
    await markPaid(db(), { orderNr: order.orderNr, actorId: staff.id });
    const [invoice] = await documentsOf(order.id);
    const xml = (await readPdf(invoice!.pdf)).attachments['factur-x.xml']!;
    expect(await validateFacturX(xml)).toEqual({ valid: true, errors: [] });
    expect(xml).toContain(
      '<ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19.00</ram:RateApplicablePercent>',
    );
  });
});
