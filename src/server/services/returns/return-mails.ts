/**
 * The customer's return mails (issue 31), in their language through the outbox, after the
 * action's transaction: opened (the return number, the lines and how to send them back),
 * received, and rejected (staff's reason, and until when the lines can be returned again). The refund of a return sends the usual refund mail (fulfilment-mails.ts).
 */
import { asc, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '@/server/db/client';
import { orderItems, orders, returnLines, returns, settings } from '@/server/db/schema/index';
import { formatMailDate, type MailBlock } from '@/server/mail/templates';
import { withdrawalEndsAt } from '@/lib/rules/returns';
import { orderTable, sendOrderMail } from '@/server/services/orders/order-mail';

async function returnFacts(db: Db, returnId: number) {
  const [row] = await db.select().from(returns).where(eq(returns.id, returnId));
  const lines = await db
    .select({
      name: orderItems.name,
      quantity: returnLines.quantity,
      priceCents: orderItems.priceCents,
      restock: returnLines.restock,
    })
    .from(returnLines)
    .innerJoin(orderItems, eq(orderItems.id, returnLines.orderItemId))
    .where(eq(returnLines.returnId, returnId))
    .orderBy(asc(returnLines.id));
  const [shop] = await db
    .select({ legalName: settings.legalName, address: settings.companyAddress, days: settings.withdrawalDays })
    .from(settings)
    .where(eq(settings.id, 1));
  return { row: row!, lines, shop };
}

export async function sendReturnOpenedMail(db: Db, returnId: number, log?: Logger): Promise<void> {
  const { row, lines, shop } = await returnFacts(db, returnId);
  await sendOrderMail(
    db,
    row.orderId,
    ({ order, t, money }) => {
      const address = [shop?.legalName, shop?.address].filter((v) => v && v.trim()).join(', ');
      const blocks: MailBlock[] = [
        { kind: 'paragraph', text: t('mail.returnOpened.intro', { order: order.orderNr, return: row.returnNr }) },
        {
          kind: 'html',
          ...orderTable(
            lines.map((l) => ({ name: l.name, quantity: l.quantity, total: money(l.priceCents * l.quantity) })),
            [],
          ),
        },
        { kind: 'paragraph', text: t('mail.returnOpened.pack', { return: row.returnNr }) },
        ...(address ? [{ kind: 'paragraph', text: t('mail.returnOpened.sendTo', { address }) } as const] : []),
        { kind: 'note', text: t('mail.returnOpened.refundNote') },
      ];
      return {
        subject: t('mail.returnOpened.subject', { return: row.returnNr, shop: t('app.name') }),
        heading: t('mail.returnOpened.heading'),
        blocks,
      };
    },
    { log, what: 'return opened mail failed' },
  );
}

export async function sendReturnReceivedMail(db: Db, returnId: number, log?: Logger): Promise<void> {
  const { row } = await returnFacts(db, returnId);
  await sendOrderMail(
    db,
    row.orderId,
    ({ order, t }) => ({
      subject: t('mail.returnReceived.subject', { return: row.returnNr, shop: t('app.name') }),
      heading: t('mail.returnReceived.heading'),
      blocks: [
        { kind: 'paragraph', text: t('mail.returnReceived.intro', { order: order.orderNr, return: row.returnNr }) },
      ],
    }),
    { log, what: 'return received mail failed' },
  );
}

/** The rejection: staff's reason, and whether (until when) the lines can be returned again. */
export async function sendReturnRejectedMail(db: Db, returnId: number, log?: Logger): Promise<void> {
  const { row, lines, shop } = await returnFacts(db, returnId);
  const [order] = await db.select({ shippedAt: orders.shippedAt }).from(orders).where(eq(orders.id, row.orderId));
  const endsAt = order?.shippedAt ? withdrawalEndsAt(order.shippedAt, shop?.days ?? 14) : null;
  const open = endsAt !== null && Date.now() <= endsAt.getTime();
  await sendOrderMail(
    db,
    row.orderId,
    ({ order: o, t, money, language }) => ({
      subject: t('mail.returnRejected.subject', { return: row.returnNr, shop: t('app.name') }),
      heading: t('mail.returnRejected.heading'),
      blocks: [
        { kind: 'paragraph', text: t('mail.returnRejected.intro', { order: o.orderNr, return: row.returnNr }) },
        {
          kind: 'html',
          ...orderTable(
            lines.map((l) => ({ name: l.name, quantity: l.quantity, total: money(l.priceCents * l.quantity) })),
            [],
          ),
        },
        { kind: 'paragraph', text: t('mail.returnRejected.reason', { reason: row.rejectionReason ?? '' }) },
        {
          kind: 'note',
          text:
            endsAt !== null && open
              ? t('mail.returnRejected.again', { date: formatMailDate(endsAt, language) })
              : t('mail.returnRejected.over'),
        },
      ],
    }),
    { log, what: 'return rejected mail failed' },
  );
}
