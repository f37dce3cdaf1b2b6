/**
 * Issuing invoices and credit notes (ADR 032). The number and what the document says are written
 * inside the transaction that pays or refunds the order, after it has locked the order (all or
 * nothing with the payment or refund; numbering.server.ts). The PDF is drawn from that stored
 * document right after the commit (completeDocuments) and stored once with its SHA-256, which
 * the timeline records; a read that finds it missing (a crash in between) draws it then.
 */
import { NotFoundError } from '@/server/services/errors';
import { createHash } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import {
  countries,
  type DocumentKind,
  invoices,
  languages,
  orderItems,
  orders,
  settings,
  users,
} from '@/server/db/schema/index';
import { fileTranslator } from '@/server/mail/templates';
import { FALLBACK_LANGUAGE } from '@/server/i18n/index';
import { logger } from '@/server/logger';
import { transaction } from '@/server/services/transaction';
import { recordOrderEvent } from '@/server/services/orders/order-events.server';
import { inOrderCurrency, orderVatRates } from '@/server/services/orders/history';
import { shareOut, vatContained } from '@/server/services/pricing/totals';
import type { Translator } from '@/lib/translator';
import {
  type FigureItem,
  type Figures,
  type InvoiceAddress,
  type InvoiceDocument,
  invoiceFigures,
  isoDate,
} from './document';
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
  const [home] = s?.homeCountryId
    ? await tx.select({ iso: countries.iso }).from(countries).where(eq(countries.id, s.homeCountryId))
    : [];
  const [dest] = order.countryId
    ? await tx.select({ iso: countries.iso }).from(countries).where(eq(countries.id, order.countryId))
    : [];
  const customer = order.userId === null ? undefined : await buyerAccount(tx, order.userId);
  const language = customer?.code?.trim().toLowerCase() || FALLBACK_LANGUAGE;
  // The bundled texts: the legal wording of an invoice is not edited per shop.
  const t = fileTranslator(language);
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
    seller: {
      legalName: s?.legalName || s?.shopName || '',
      address: s?.companyAddress ?? '',
      countryIso: home?.iso ?? null,
      vatId: s?.vatId ?? '',
      email: s?.supportEmail ?? '',
    },
    prefixes: { invoice: s?.invoicePrefix ?? 'INV-', credit_note: s?.creditNotePrefix ?? 'CN-' },
    // The checkout takes one address, where the goods went (ADR 037). The buyer is the account
    // holder at the address of their profile when they keep one there, else the one who ordered
    // at that delivery address.
    buyer: {
      name: customer?.profile?.name ?? address.name,
      email: order.email,
      vatId: order.buyerVatId,
      billing: customer?.profile ?? address,
      delivery: address,
    },
  };
}

/** The customer's language and, when their profile has a complete address, that address as the buyer's. */
async function buyerAccount(
  tx: Db,
  userId: number,
): Promise<{ code: string | null; profile: InvoiceAddress | null } | undefined> {
  const [row] = await tx
    .select({
      code: languages.code,
      name: users.name,
      surname: users.surname,
      street: users.address,
      postCode: users.postCode,
      city: users.city,
      countryIso: countries.iso,
      countryName: countries.name,
    })
    .from(users)
    .leftJoin(languages, eq(languages.id, users.languageId))
    .leftJoin(countries, eq(countries.id, users.countryId))
    .where(eq(users.id, userId));
  if (!row) return undefined;
  const { street, postCode, city, countryIso, countryName } = row;
  const complete = street?.trim() && postCode?.trim() && city?.trim() && countryIso && countryName;
  return {
    code: row.code,
    profile: complete
      ? {
          name: `${row.name} ${row.surname}`.trim(),
          street: street!,
          postCode: postCode!,
          city: city!,
          countryIso: countryIso!,
          countryName: countryName!,
        }
      : null,
  };
}

const rateOf = (order: Order, percent: string | null) => Number(percent ?? order.vatPercent);

function orderFigures(c: Context): Figures {
  const { order, items } = c;
  return invoiceFigures({
    currencyRate: order.currencyRate,
    currency: order.currency,
    items: items.map((i) => ({
      name: i.name,
      sku: i.sku,
      priceCents: i.priceCents,
      convertedPriceCents: i.convertedPriceCents,
      quantity: i.quantity,
      vatPercent: rateOf(order, i.vatPercent),
    })),
    deliveryCents: order.deliveryCostCents,
    convertedDeliveryCents: order.convertedDeliveryCents,
    deliveryVatPercent: rateOf(order, order.deliveryVatPercent),
    discountCents: order.discountCents,
    convertedDiscountCents: order.convertedDiscountCents,
    totalCents: order.convertedFinalCents,
    vatByRate: orderVatRates(order, items),
  });
}

async function store(
  tx: Db,
  c: Context,
  kind: DocumentKind,
  figures: Figures,
  at: Date,
  extra: { invoice?: InvoiceRow; refundId?: number },
): Promise<InvoiceRow> {
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
  const [row] = await tx
    .insert(invoices)
    .values({
      orderId: order.id,
      kind,
      number,
      year,
      seq,
      invoiceId: extra.invoice?.id ?? null,
      refundId: extra.refundId ?? null,
      language: c.language,
      currency: order.currency,
      totalCents: figures.totalCents,
      document,
      issuedAt: at,
    })
    .returning();
  return row!;
}

/**
 * Draws and stores the PDF of one issued document, once: the update only takes a row still
 * without one, so two callers racing store one PDF and one timeline row. Answers the stored PDF.
 */
async function completeDocument(db: Db, row: InvoiceRow): Promise<Buffer> {
  if (row.pdf) return row.pdf;
  const doc = row.document;
  const pdf = await renderInvoicePdf(doc, { t: fileTranslator(doc.language), eInvoice: doc.buyer.vatId !== null });
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  return transaction(db, async (tx) => {
    const [stored] = await tx
      .update(invoices)
      .set({ pdf, sha256 })
      .where(and(eq(invoices.id, row.id), isNull(invoices.pdf)))
      .returning({ id: invoices.id });
    if (!stored) {
      const [other] = await tx.select({ pdf: invoices.pdf }).from(invoices).where(eq(invoices.id, row.id));
      return other!.pdf!;
    }
    const credit = doc.kind === 'credit_note';
    await recordOrderEvent(tx, {
      orderId: row.orderId,
      actorId: null,
      type: credit ? 'credit_note_issued' : 'invoice_issued',
      // Staff's record (the customer downloads the document itself from the order page).
      internal: true,
      message: `${credit ? 'Credit note' : 'Invoice'} ${row.number} issued (PDF SHA-256 ${sha256}).`,
      after: { number: row.number, sha256, ...(doc.invoiceNumber ? { invoice: doc.invoiceNumber } : {}) },
    });
    return pdf;
  });
}

/**
 * Draws the PDFs the order's documents still lack: called by the paying and refunding services
 * once their transaction has committed. A failure is logged, never thrown (the payment stands;
 * the next read of the document draws it).
 */
export async function completeDocuments(db: Db, orderId: number): Promise<void> {
  try {
    const pending = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), isNull(invoices.pdf)))
      .orderBy(asc(invoices.id));
    for (const row of pending) await completeDocument(db, row);
  } catch (error) {
    logger.error({ err: error, orderId }, 'invoice PDF could not be drawn; the next read tries again');
  }
}

/**
 * The invoice of a purchase order that has just been paid, in the caller's transaction (which
 * holds the order's lock). Once per order: a second call answers the stored one. Top-ups get none
 * (a balance credit is a prepayment, not a supply).
 */
export async function issueInvoice(tx: Db, orderId: number, at: Date = new Date()): Promise<InvoiceRow | null> {
  const [existing] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')));
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
      return item
        ? [
            {
              name: item.name,
              sku: item.sku,
              priceCents: item.priceCents,
              convertedPriceCents: item.convertedPriceCents,
              quantity: l.quantity,
              vatPercent: rateOf(order, item.vatPercent),
            },
          ]
        : [];
    });
  } else {
    // The rates' amounts are in the order's currency, so what is shared over them is the refund
    // in that currency (refunds.converted_cents): the lines then sum to the credited total.
    const rates = invoice.document.rates;
    const shares = shareOut(
      input.convertedCents,
      rates.map((r) => r.netCents + r.vatCents),
    );
    items = rates
      .map((r, i) => ({
        name: c.t('invoice.refundLine'),
        sku: '',
        priceCents: 0,
        convertedPriceCents: shares[i]!,
        quantity: 1,
        vatPercent: r.percent,
      }))
      .filter((i) => i.convertedPriceCents > 0);
  }
  const byRate = new Map<number, number>();
  for (const i of items)
    byRate.set(
      i.vatPercent,
      (byRate.get(i.vatPercent) ?? 0) + inOrderCurrency(order, i.priceCents, i.convertedPriceCents) * i.quantity,
    );
  return invoiceFigures({
    currencyRate: order.currencyRate,
    currency: order.currency,
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
export async function issueCreditNote(
  tx: Db,
  input: CreditNoteInput,
  at: Date = new Date(),
): Promise<InvoiceRow | null> {
  const [existing] = await tx.select().from(invoices).where(eq(invoices.refundId, input.refundId));
  if (existing) return existing;
  const docs = await tx.select().from(invoices).where(eq(invoices.orderId, input.orderId)).orderBy(asc(invoices.id));
  const invoice = docs.find((d) => d.kind === 'invoice');
  if (!invoice) return null;
  const c = await context(tx, input.orderId);
  if (!c) return null;
  return store(tx, c, 'credit_note', creditFigures(c, invoice, input, docs.length === 1), at, {
    invoice,
    refundId: input.refundId,
  });
}

/** The documents of an order, oldest first (without the PDF bytes). */
export async function orderDocuments(
  db: Db,
  orderId: number,
): Promise<{ kind: DocumentKind; number: string; issuedAt: Date; sha256: string | null }[]> {
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
export async function documentPdf(
  db: Db,
  input: { orderNr: string; number: string; userId: number | null },
): Promise<{ number: string; kind: DocumentKind; pdf: Buffer }> {
  const [found] = await db
    .select({ row: invoices, userId: orders.userId })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(orders.orderNr, input.orderNr), eq(invoices.number, input.number)));
  // Another customer's document answers as a missing one: a number reveals nothing.
  if (!found || (input.userId !== null && found.userId !== input.userId))
    throw new NotFoundError('Document not found.');
  return { number: found.row.number, kind: found.row.kind, pdf: await completeDocument(db, found.row) };
}

/** The invoice PDF of an order, for the paid mail. */
export async function invoiceOf(db: Db, orderId: number): Promise<{ number: string; pdf: Buffer } | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')));
  return row ? { number: row.number, pdf: await completeDocument(db, row) } : null;
}
