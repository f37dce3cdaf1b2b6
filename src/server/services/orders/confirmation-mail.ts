import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '@/server/db/client';
import { orderItems, orders, users } from '@/server/db/schema/index';
import { config } from '@/server/config';
import { escapeHtml, mailLocale, renderMailLayout } from '@/server/mail/templates';
import { sendMail } from '@/server/mail/mailer';
import { convertCents, formatCents } from '@/lib/money';

/** An order's lines and summary rows as a mail block (HTML table and its text form). */
export function orderTable(rows: { name: string; quantity: number; total: string }[], summary: Array<[string, string]>): { html: string; text: string } {
  const html =
    `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px">` +
    rows
      .map((r) => `<tr><td style="padding:4px 0">${escapeHtml(r.name)} × ${r.quantity}</td><td style="padding:4px 0;text-align:right">${escapeHtml(r.total)}</td></tr>`)
      .join('') +
    summary
      .map(([label, value]) => `<tr><td style="padding:4px 0;border-top:1px solid #e2e8f0"><strong>${escapeHtml(label)}</strong></td><td style="padding:4px 0;text-align:right;border-top:1px solid #e2e8f0">${escapeHtml(value)}</td></tr>`)
      .join('') +
    `</table>`;
  const text = [...rows.map((r) => `${r.name} × ${r.quantity}: ${r.total}`), '', ...summary.map(([l, v]) => `${l}: ${v}`)].join('\n');
  return { html, text };
}

/**
 * An order's EUR amounts in its own currency at the rate it was placed with, written as the
 * shop's pages write them in that language.
 */
export function orderMoney(order: { currencyRate: string; currency: string }, language: string): (eurCents: number) => string {
  return (eurCents) => formatCents(convertCents(eurCents, order.currencyRate), order.currency, language);
}

/** The order confirmation after a successful payment, in the customer's language. */
export async function sendOrderConfirmation(db: Db, orderId: number, log?: Logger): Promise<void> {
  try {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) return;
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const [customer] = order.userId === null ? [] : await db.select({ languageId: users.languageId }).from(users).where(eq(users.id, order.userId));
    const { language, t } = await mailLocale(db, customer?.languageId ?? null);
    const money = orderMoney(order, language);
    const rows = items.map((item) => ({
      name: item.name,
      quantity: item.quantity,
      total: money(item.priceCents * item.quantity),
    }));
    const summary: Array<[string, string]> = [
      [t('mail.order.items'), money(order.cartTotalCents)],
      [t('mail.order.delivery'), order.deliveryCostCents === null ? t('mail.order.deliveryLater') : money(order.deliveryCostCents)],
      ...(order.discountCents > 0 ? [[t('mail.order.discount'), `−${money(order.discountCents)}`] as [string, string]] : []),
      [t('mail.order.vat', { rate: order.vatPercent }), money(order.vatCents)],
      [t('mail.order.total'), formatCents(order.convertedFinalCents, order.currency, language)],
    ];
    const { html, text } = orderTable(rows, summary);
    const address = [order.address, `${order.postCode} ${order.city}`, order.countryName].join(', ');
    const mail = renderMailLayout({
      language,
      t,
      subject: t('mail.order.subject', { order: order.orderNr, shop: t('app.name') }),
      heading: t('mail.order.heading'),
      name: order.name,
      blocks: [
        { kind: 'paragraph', text: t('mail.order.intro', { order: order.orderNr }) },
        { kind: 'html', html, text },
        { kind: 'paragraph', text: t('mail.order.address', { address }) },
        { kind: 'action', label: t('mail.order.action'), url: `${config().PUBLIC_URL}/account?tab=orders` },
      ],
    });
    await sendMail(db, { to: order.email, ...mail });
  } catch (error) {
    log?.error({ err: error, orderId }, 'order confirmation mail failed');
  }
}
