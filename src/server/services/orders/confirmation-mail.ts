import type { Logger } from 'pino';
import type { Db } from '@/server/db/client';
import { orderTable, sendOrderMail } from './order-mail';
import { invoiceOf } from '@/server/services/invoices/issue.server';
import { notifyStaffOfPaidOrder } from '@/server/services/staff-mail/staff-mails.server';

/** The order confirmation after a successful payment, in the customer's language. */
export async function sendOrderConfirmation(db: Db, orderId: number, log?: Logger): Promise<void> {
  // The invoice issued with the payment (ADR 032) goes with it.
  const invoice = await invoiceOf(db, orderId).catch(() => null);
  await sendOrderMail(
    db,
    orderId,
    ({ order, t, lines, money, total, vatRows }) => {
      const summary: Array<[string, string]> = [
        [t('mail.order.items'), money(order.cartTotalCents, order.convertedCartTotalCents)],
        [
          t('mail.order.delivery'),
          order.deliveryCostCents === null
            ? t('mail.order.deliveryLater')
            : money(order.deliveryCostCents, order.convertedDeliveryCents),
        ],
        ...(order.discountCents > 0
          ? [
              [t('mail.order.discount'), `−${money(order.discountCents, order.convertedDiscountCents)}`] as [
                string,
                string,
              ],
            ]
          : []),
        ...vatRows,
        [t('mail.order.total'), total],
      ];
      const address = [order.address, `${order.postCode} ${order.city}`, order.countryName].join(', ');
      return {
        subject: t('mail.order.subject', { order: order.orderNr, shop: t('app.name') }),
        heading: t('mail.order.heading'),
        blocks: [
          { kind: 'paragraph', text: t('mail.order.intro', { order: order.orderNr }) },
          { kind: 'html', ...orderTable(lines, summary) },
          { kind: 'paragraph', text: t('mail.order.address', { address }) },
          ...(invoice
            ? [{ kind: 'paragraph' as const, text: t('mail.order.invoiceAttached', { number: invoice.number }) }]
            : []),
        ],
        attachments: invoice
          ? [{ filename: `${invoice.number}.pdf`, contentType: 'application/pdf', content: invoice.pdf }]
          : [],
      };
    },
    { log, what: 'order confirmation mail failed' },
  );
  // Sent once per paid order (the settlement or mark-paid that made it paid): staff hear of it here.
  await notifyStaffOfPaidOrder(db, orderId, log);
}
