/**
 * Issuing invoices and credit notes (ADR 031). Both run inside the transaction that pays or
 * refunds the order, after it has locked the order: the number is taken there (numbering.server.ts),
 * the PDF drawn and stored with its SHA-256, and the timeline says so — all or nothing with the
 * payment or refund itself. A stored document is never changed.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { countries, type DocumentKind, invoices, orderItems, orders, settings, users } from '@/server/db/schema/index';
import { mailLocale } from '@/server/mail/templates';
import { recordOrderEvent } from '@/server/services/orders/order-events.server';
import { orderVatRates } from '@/server/services/orders/history';
import { shareOut, vatContained } from '@/server/services/pricing/totals';
import { convertCents } from '@/lib/money';
import type { Translator } from '@/lib/translator';
import { type FigureItem, type Figures, type InvoiceAddress, type InvoiceDocument, invoiceFigures, isoDate } from './document';
import { nextDocumentNumber } from './numbering.server';
import { renderInvoicePdf } from './pdf.server';

export type InvoiceRow = typeof invoices.$inferSelect;
type Order = typeof orders.$inferSelect;
type Item = typeof orderItems.$inferSelect;

interface Context {
  order: Order;
  items: Item[];
  language: string;
  t: Translator;
  seller: InvoiceDocument['seller'];
  prefixes: { invoice: string; credit_note: string };
  buyer: InvoiceDocument['buyer'];
}

async function context(tx: Db, orderId: number): Promise<Context | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.kind !== 'purchase') return null;
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  const [s] = await tx.select().from(settings).where(eq(settings.id, 1));
  const [home] = s?.homeCountryId ? await tx.select({ iso: countries.iso }).from(countries).where(eq(countries.id, s.homeCountryId)) : [];
  const [dest] = order.countryId ? await tx.select({ iso: countries.iso }).from(countries).where(eq(countries.id, order.countryId)) : [];
  const [customer] = order.userId === null ? [] : await tx.select({ languageId: users.languageId }).from(users).where(eq(users.id, order.userId));
  const { language, t } = await mailLocale(tx, customer?.languageId ?? null);
  const address: InvoiceAddress = {
    name: `${order.name} ${order.surname}`.trim(),
    street: order.address,
    postCode: order.postCode,
    city: order.city,
    countryIso: dest?.iso ?? '',
    countryName: order.countryName,
  };
  return {
    order,
    items,
    language,
    t,
    seller: { legalName: s?.legalName || s?.shopName || '', address: s?.companyAddress ?? '', countryIso: home?.iso ?? null, vatId: s?.vatId ?? '', email: s?.supportEmail ?? '' },
    prefixes: { invoice: s?.invoicePrefix ?? 'INV-', credit_note: s?.creditNotePrefix ?? 'CN-' },
    // The checkout takes one address: it is where the goods went and whom they were sold to.
    buyer: { name: address.name, email: order.email, vatId: order.buyerVatId, billing: address, delivery: address },
  };
}

const rateOf = (order: Order, percent: string | null) => Number(percent ?? order.vatPercent);

function orderFigures(c: Context): Figures {
  const { order, items } = c;
  return invoiceFigures({
    currencyRate: order.currencyRate,
    items: items.map((i) => ({ name: i.name, sku: i.sku, priceCents: i.priceCents, quantity: i.quantity, vatPercent: rateOf(order, i.vatPercent) })),
    deliveryCents: order.deliveryCostCents,
    deliveryVatPercent: rateOf(order, order.deliveryVatPercent),
    discountCents: order.discountCents,
    totalCents: order.convertedFinalCents,
    vatByRate: orderVatRates(order, items),
  });
}

async function store(tx: Db, c: Context, kind: DocumentKind, figures: Figures, at: Date, extra: { invoice?: InvoiceRow; refundId?: number }): Promise<InvoiceRow> {
  const { order } = c;
  const { number, year, seq } = await nextDocumentNumber(tx, kind, c.prefixes[kind], at);
  const document: InvoiceDocument = {
    kind,
    number,
    issueDate: isoDate(at),
    supplyDate: isoDate(order.paidAt ?? at),
    orderNr: order.orderNr,
    language: c.language,
    currency: order.currency,
    invoiceNumber: extra.invoice?.number ?? null,
    invoiceDate: extra.invoice ? extra.invoice.document.issueDate : null,
    seller: c.seller,
    buyer: c.buyer,
    vatScheme: order.vatScheme,
    paymentMethod: order.paymentMethod,
    ...figures,
  };
  const pdf = await renderInvoicePdf(document, { t: c.t, eInvoice: order.buyerVatId !== null });
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  const [row] = await tx
    .insert(invoices)
    .values({ orderId: order.id, kind, number, year, seq, invoiceId: extra.invoice?.id ?? null, refundId: extra.refundId ?? null, language: c.language, currency: order.currency, totalCents: figures.totalCents, document, pdf, sha256, issuedAt: at })
    .returning();
  await recordOrderEvent(tx, {
    orderId: order.id,
    actorId: null,
    type: kind === 'invoice' ? 'invoice_issued' : 'credit_note_issued',
    // Staff's record (the customer downloads the document itself from the order page).
    internal: true,
    message: `${kind === 'invoice' ? 'Invoice' : 'Credit note'} ${number} issued (PDF SHA-256 ${sha256}).`,
    after: { number, sha256, ...(extra.invoice ? { invoice: extra.invoice.number } : {}) },
  });
  return row!;
}

/**
 * The invoice of a purchase order that has just been paid, in the caller's transaction (which
 * holds the order's lock). Once per order: a second call answers the stored one. Top-ups get none
 * (a balance credit is a prepayment, not a supply).
 */
export async function issueInvoice(tx: Db, orderId: number, at: Date = new Date()): Promise<InvoiceRow | null> {
  const [existing] = await tx.select().from(invoices).where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')));
  if (existing) return existing;
  const c = await context(tx, orderId);
  if (!c) return null;
  return store(tx, c, 'invoice', orderFigures(c), at, {});
}

export interface CreditNoteInput {
  orderId: number;
  /** The refund it documents (refunds.id); one credit note per refund. */
  refundId: number;
  /** EUR cents refunded (refunds.amount_cents) and the same in the order's currency (refunds.converted_cents). */
  amountCents: number;
  convertedCents: number;
  /** The refunded lines; empty for a refund of an amount. */
  lines: readonly { order_item_id: number; quantity: number }[];
}

/** What a refund gives back, as document figures: the whole invoice, some lines, or an amount over the invoice's rates. */
function creditFigures(c: Context, invoice: InvoiceRow, input: CreditNoteInput, first: boolean): Figures {
  const { order } = c;
  if (first && input.amountCents === order.finalCents) return orderFigures(c);
  let items: FigureItem[];
  if (input.lines.length > 0) {
    items = input.lines.flatMap((l) => {
      const item = c.items.find((i) => i.id === l.order_item_id);
      return item ? [{ name: item.name, sku: item.sku, priceCents: item.priceCents, quantity: l.quantity, vatPercent: rateOf(order, item.vatPercent) }] : [];
    });
  } else {
    const rates = invoice.document.rates;
    const shares = shareOut(input.amountCents, rates.map((r) => r.netCents + r.vatCents));
    items = rates.map((r, i) => ({ name: c.t('invoice.refundLine'), sku: '', priceCents: shares[i]!, quantity: 1, vatPercent: r.percent })).filter((i) => i.priceCents > 0);
  }
  const byRate = new Map<number, number>();
  for (const i of items) byRate.set(i.vatPercent, (byRate.get(i.vatPercent) ?? 0) + convertCents(i.priceCents * i.quantity, order.currencyRate));
  return invoiceFigures({
    currencyRate: order.currencyRate,
    items,
    deliveryCents: null,
    deliveryVatPercent: 0,
    discountCents: 0,
    totalCents: input.convertedCents,
    vatByRate: [...byRate].map(([percent, gross]) => ({ percent, cents: vatContained(gross, percent) })),
  });
}

/**
 * The credit note of a refund of a paid order, in the refunding transaction (the refund and
 * cancel services call it once the refund did not fail). Null when the order has no invoice
 * (paid before invoicing began, or never paid): nothing to correct. Once per refund.
 */
export async function issueCreditNote(tx: Db, input: CreditNoteInput, at: Date = new Date()): Promise<InvoiceRow | null> {
  const [existing] = await tx.select().from(invoices).where(eq(invoices.refundId, input.refundId));
  if (existing) return existing;
  const docs = await tx.select().from(invoices).where(eq(invoices.orderId, input.orderId)).orderBy(asc(invoices.id));
  const invoice = docs.find((d) => d.kind === 'invoice');
  if (!invoice) return null;
  const c = await context(tx, input.orderId);
  if (!c) return null;
  return store(tx, c, 'credit_note', creditFigures(c, invoice, input, docs.length === 1), at, { invoice, refundId: input.refundId });
}

/** The documents of an order, oldest first (without the PDF bytes). */
export async function orderDocuments(db: Db, orderId: number): Promise<{ kind: DocumentKind; number: string; issuedAt: Date; sha256: string }[]> {
  return db
    .select({ kind: invoices.kind, number: invoices.number, issuedAt: invoices.issuedAt, sha256: invoices.sha256 })
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(invoices.id));
}

/**
 * One stored PDF by its order and number, for its customer (`userId`) or for staff (`null`):
 * null when the order, the number or the customer does not match, so a stranger learns nothing.
 */
export async function documentPdf(db: Db, input: { orderNr: string; number: string; userId: number | null }): Promise<{ number: string; kind: DocumentKind; pdf: Buffer } | null> {
  const [row] = await db
    .select({ number: invoices.number, kind: invoices.kind, pdf: invoices.pdf, userId: orders.userId })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(orders.orderNr, input.orderNr), eq(invoices.number, input.number)));
  if (!row || (input.userId !== null && row.userId !== input.userId)) return null;
  return { number: row.number, kind: row.kind, pdf: row.pdf };
}

/** The invoice PDF of an order, for the paid mail. */
export async function invoiceOf(db: Db, orderId: number): Promise<{ number: string; pdf: Buffer } | null> {
  const [row] = await db.select({ number: invoices.number, pdf: invoices.pdf }).from(invoices).where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')));
  return row ?? null;
}
