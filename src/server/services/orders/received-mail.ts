import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '@/server/db/client';
import { settings } from '@/server/db/schema/index';
import { config } from '@/server/config';
import { escapeHtml } from '@/server/mail/templates';
import { orderTable, sendOrderMail } from './order-mail';

/**
 * "Order received" for a phone order, sent once when checkout places it (ADR 023 "What the
 * customer sees"): the order number, the amount as the phone payment modal and the cart write
 * it in that language ("59,66 $"), the numbers to call from settings, what to
 * do, and that it expires after PHONE_ORDER_EXPIRY_HOURS unpaid. In the customer's language.
 */
export async function sendPhoneOrderReceived(db: Db, orderId: number, log?: Logger): Promise<void> {
  const [numbers] = await db
    .select({ global: settings.phonePaymentGlobal, ukEu: settings.phonePaymentUkEu })
    .from(settings)
    .where(eq(settings.id, 1))
    .catch(() => []);
  const hours = config().PHONE_ORDER_EXPIRY_HOURS;
  await sendOrderMail(
    db,
    orderId,
    ({ order, t, lines, total: amount }) => {
      const all: Array<[string, string]> = [
        [t('phonePayment.usGlobal'), numbers?.global ?? ''],
        [t('phonePayment.ukEu'), numbers?.ukEu ?? ''],
      ];
      const phones = all.filter(([, phone]) => phone.trim() !== '');
      return {
        subject: t('mail.orderReceived.subject', { order: order.orderNr, shop: t('app.name') }),
        heading: t('mail.orderReceived.heading'),
        blocks: [
          { kind: 'paragraph', text: t('mail.orderReceived.intro', { order: order.orderNr, amount }) },
          {
            kind: 'html',
            html: `<ul style="margin:0 0 16px;padding-left:20px">${phones.map(([label, phone]) => `<li>${escapeHtml(label)}: <strong>${escapeHtml(phone)}</strong></li>`).join('')}</ul>`,
            text: phones.map(([label, phone]) => `${label}: ${phone}`).join('\n'),
          },
          { kind: 'paragraph', text: t('mail.orderReceived.steps', { order: order.orderNr, amount }) },
          { kind: 'html', ...orderTable(lines, [[t('mail.order.total'), amount]]) },
          { kind: 'paragraph', text: t('mail.orderReceived.expiry', { hours }) },
        ],
      };
    },
    { log, what: 'phone order received mail failed' },
  );
}
