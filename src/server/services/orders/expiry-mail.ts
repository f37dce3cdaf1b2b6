import type { Logger } from 'pino';
import type { Db } from '@/server/db/client';
import { orderTable, sendOrderMail } from './order-mail';

/**
 * Tells the customer that their unpaid phone order was cancelled after `hours` and its items
 * released, in their language. Called once per order, by the expiry job for the orders it failed
 * itself.
 */
export async function sendPhoneOrderExpired(db: Db, orderId: number, hours: number, log?: Logger): Promise<void> {
  await sendOrderMail(
    db,
    orderId,
    ({ order, t, lines, total }) => ({
      subject: t('mail.orderExpired.subject', { order: order.orderNr, shop: t('app.name') }),
      heading: t('mail.orderExpired.heading'),
      blocks: [
        { kind: 'paragraph', text: t('mail.orderExpired.intro', { order: order.orderNr, hours }) },
        { kind: 'html', ...orderTable(lines, [[t('mail.order.total'), total]]) },
        { kind: 'paragraph', text: t('mail.orderExpired.again') },
      ],
    }),
    { log, what: 'expired phone order mail failed' },
  );
}
