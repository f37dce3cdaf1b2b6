import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '@/server/db/client';
import { orderItems, orders, users } from '@/server/db/schema/index';
import { config } from '@/server/config';
import { mailLocale, renderMailLayout } from '@/server/mail/templates';
import { sendMail } from '@/server/mail/mailer';
import { formatCents } from '@/lib/money';
import { orderMoney, orderTable } from './confirmation-mail';

/**
 * Tells the customer that their unpaid phone order was cancelled after `hours` and its items
 * released, in their language (HTML and text, through the mail outbox). Called once per order,
 * by the expiry job for the orders it failed itself.
 */
export async function sendPhoneOrderExpired(db: Db, orderId: number, hours: number, log?: Logger): Promise<void> {
  try {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) return;
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const [customer] = order.userId === null ? [] : await db.select({ languageId: users.languageId }).from(users).where(eq(users.id, order.userId));
    const { language, t } = await mailLocale(db, customer?.languageId ?? null);
    const money = orderMoney(order, language);
    const { html, text } = orderTable(
      items.map((item) => ({ name: item.name, quantity: item.quantity, total: money(item.priceCents * item.quantity) })),
      [[t('mail.order.total'), formatCents(order.convertedFinalCents, order.currency, language)]],
    );
    const mail = renderMailLayout({
      language,
      t,
      subject: t('mail.orderExpired.subject', { order: order.orderNr, shop: t('app.name') }),
      heading: t('mail.orderExpired.heading'),
      name: order.name,
      blocks: [
        { kind: 'paragraph', text: t('mail.orderExpired.intro', { order: order.orderNr, hours }) },
        { kind: 'html', html, text },
        { kind: 'paragraph', text: t('mail.orderExpired.again') },
        { kind: 'action', label: t('mail.order.action'), url: `${config().PUBLIC_URL}/account?tab=orders` },
      ],
    });
    await sendMail(db, { to: order.email, ...mail });
  } catch (error) {
    log?.error({ err: error, orderId }, 'expired phone order mail failed');
  }
}
