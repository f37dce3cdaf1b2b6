import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '@/server/db/client';
import { orderItems, orders, users } from '@/server/db/schema/index';
import { shopUrl } from '@/server/mail/links';
import type { Translator } from '@/server/i18n/index';
import { escapeHtml, type MailBlock, mailLocale, renderMailLayout } from '@/server/mail/templates';
import { sendMail } from '@/server/mail/mailer';
import type { MailAttachment } from '@/server/mail/transport';
import { formatCents, formatPercent } from '@/lib/money';
import { inOrderCurrency, orderVatRates } from './history';

/** An order's lines and summary rows as a mail block (HTML table and its text form). */
export function orderTable(
  rows: { name: string; quantity: number; total: string }[],
  summary: Array<[string, string]>,
): { html: string; text: string } {
  const html =
    `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px">` +
    rows
      .map(
        (r) =>
          `<tr><td style="padding:4px 0">${escapeHtml(r.name)} × ${r.quantity}</td><td style="padding:4px 0;text-align:right">${escapeHtml(r.total)}</td></tr>`,
      )
      .join('') +
    summary
      .map(
        ([label, value]) =>
          `<tr><td style="padding:4px 0;border-top:1px solid #e2e8f0"><strong>${escapeHtml(label)}</strong></td><td style="padding:4px 0;text-align:right;border-top:1px solid #e2e8f0">${escapeHtml(value)}</td></tr>`,
      )
      .join('') +
    `</table>`;
  const text = [
    ...rows.map((r) => `${r.name} × ${r.quantity}: ${r.total}`),
    '',
    ...summary.map(([l, v]) => `${l}: ${v}`),
  ].join('\n');
  return { html, text };
}

/**
 * An order's amount in its own currency (as charged when the order stored it, else its EUR amount
 * at the rate it was placed with; inOrderCurrency), written as the shop's pages write them in that language.
 */
export function orderMoney(
  order: { currencyRate: string; currency: string },
  language: string,
): (eurCents: number, stored?: number | null) => string {
  return (eurCents, stored) => formatCents(inOrderCurrency(order, eurCents, stored), order.currency, language);
}

type Order = typeof orders.$inferSelect;

/** "Included VAT (19 %)" and its amount per rate; the reverse-charge or export note and the buyer's VAT id after them. */
export function orderVatRows(
  order: Order,
  items: (typeof orderItems.$inferSelect)[],
  language: string,
  t: Translator,
): Array<[string, string]> {
  const rows: Array<[string, string]> = orderVatRates(order, items).map((r) => [
    t('mail.order.vat', { rate: formatPercent(r.percent, language) }),
    formatCents(r.cents, order.currency, language),
  ]);
  if (order.vatScheme === 'export') rows.push([t('checkout.summary.vatExport'), '']);
  if (order.vatScheme === 'reverse_charge') rows.push([t('checkout.summary.vatReverseCharge'), '']);
  if (order.buyerVatId) rows.push([t('mail.order.buyerVatId', { vatId: order.buyerVatId }), '']);
  return rows;
}

/** What an order mail is made of: the order, its lines as money, the language and its translator. */
export interface OrderMailParts {
  order: Order;
  language: string;
  t: Translator;
  /** The lines, each total in the order's currency. */
  lines: { name: string; quantity: number; total: string }[];
  /** An amount in the order's currency: the stored converted amount when given, else the EUR one converted. */
  money: (eurCents: number, stored?: number | null) => string;
  /** The order's final amount, as charged. */
  total: string;
  /** The VAT rows (ADR 030): one per rate, the rate in the language's percent style, and a note for an export or a reverse charge. */
  vatRows: Array<[string, string]>;
}

/** What a kind of order mail says; the link to the order history is added at the end. */
export interface OrderMailText {
  subject: string;
  heading: string;
  blocks: MailBlock[];
  attachments?: MailAttachment[];
}

/**
 * Sends an order mail to the order's address in the customer's language (HTML and text, through
 * the mail outbox). A failure is logged, never thrown: a mail must not undo a payment or stop the
 * job that sends it.
 */
export async function sendOrderMail(
  db: Db,
  orderId: number,
  compose: (parts: OrderMailParts) => OrderMailText,
  failure: { log?: Logger; what: string },
): Promise<void> {
  try {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) return;
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const [customer] =
      order.userId === null
        ? []
        : await db.select({ languageId: users.languageId }).from(users).where(eq(users.id, order.userId));
    const { language, t } = await mailLocale(db, customer?.languageId ?? null);
    const money = orderMoney(order, language);
    const lines = items.map((item) => ({
      name: item.name,
      quantity: item.quantity,
      total: money(
        item.priceCents * item.quantity,
        item.convertedPriceCents === null ? null : item.convertedPriceCents * item.quantity,
      ),
    }));
    const total = formatCents(order.convertedFinalCents, order.currency, language);
    const vatRows = orderVatRows(order, items, language, t);
    const { subject, heading, blocks, attachments } = compose({ order, language, t, lines, money, total, vatRows });
    const mail = renderMailLayout({
      language,
      t,
      subject,
      heading,
      name: order.name,
      blocks: [
        ...blocks,
        { kind: 'action', label: t('mail.order.action'), url: await shopUrl(db, language, '/account?tab=orders') },
      ],
    });
    await sendMail(db, { to: order.email, ...mail, attachments });
  } catch (error) {
    failure.log?.error({ err: error, orderId }, failure.what);
  }
}
