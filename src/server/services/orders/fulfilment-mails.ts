/**
 * The mails of staff actions on an order (ADR 023), in the customer's language through the
 * outbox, sent after the action's transaction committed and only when it changed the order:
 * shipped (carrier, tracking number, tracking link), cancelled (and what was refunded where),
 * refunded (amount in the order's currency, destination; an external refund's reference).
 */
import type { Logger } from 'pino';
import type { Db } from '@/server/db/client';
import { formatCents } from '@/lib/money';
import type { Translator } from '@/server/i18n/index';
import type { MailBlock } from '@/server/mail/templates';
import { orderTable, sendOrderMail } from './order-mail';

interface RefundFacts {
  destination: string;
  /** An external refund's reference. */
  reference?: string | null;
  /** In the order's currency, its minor units. */
  convertedCents: number;
}

function refundSentence(t: Translator, refund: RefundFacts, amount: string, order: string): string {
  if (refund.destination === 'external')
    return t('mail.refunded.external', { amount, order, reference: refund.reference ?? '' });
  return t(refund.destination === 'card' ? 'mail.refunded.card' : 'mail.refunded.balance', { amount, order });
}

export async function sendShippedMail(db: Db, orderId: number, log?: Logger): Promise<void> {
  await sendOrderMail(
    db,
    orderId,
    ({ order, t, lines, total }) => {
      const blocks: MailBlock[] = [
        { kind: 'paragraph', text: t('mail.shipped.intro', { order: order.orderNr, carrier: order.carrier ?? '' }) },
        { kind: 'paragraph', text: t('mail.shipped.tracking', { tracking: order.trackingNumber ?? '' }) },
        order.trackingUrl
          ? { kind: 'action', label: t('mail.shipped.track'), url: order.trackingUrl }
          : { kind: 'note', text: t('mail.shipped.noLink', { carrier: order.carrier ?? '' }) },
        { kind: 'html', ...orderTable(lines, [[t('mail.order.total'), total]]) },
      ];
      return {
        subject: t('mail.shipped.subject', { order: order.orderNr, shop: t('app.name') }),
        heading: t('mail.shipped.heading'),
        blocks,
      };
    },
    { log, what: 'shipped order mail failed' },
  );
}

export async function sendCancelledMail(
  db: Db,
  orderId: number,
  refund: RefundFacts | null,
  log?: Logger,
): Promise<void> {
  await sendOrderMail(
    db,
    orderId,
    ({ order, t, lines, total, language }) => ({
      subject: t('mail.cancelled.subject', { order: order.orderNr, shop: t('app.name') }),
      heading: t('mail.cancelled.heading'),
      blocks: [
        { kind: 'paragraph', text: t('mail.cancelled.intro', { order: order.orderNr }) },
        { kind: 'html', ...orderTable(lines, [[t('mail.order.total'), total]]) },
        {
          kind: 'paragraph',
          text: refund
            ? refundSentence(t, refund, formatCents(refund.convertedCents, order.currency, language), order.orderNr)
            : order.paidAt === null
              ? t('mail.cancelled.notCharged')
              : t('mail.cancelled.alreadyRefunded'),
        },
      ],
    }),
    { log, what: 'cancelled order mail failed' },
  );
}

export async function sendRefundedMail(db: Db, orderId: number, refund: RefundFacts, log?: Logger): Promise<void> {
  await sendOrderMail(
    db,
    orderId,
    ({ order, t, language }) => ({
      subject: t('mail.refunded.subject', { order: order.orderNr, shop: t('app.name') }),
      heading: t('mail.refunded.heading'),
      blocks: [
        {
          kind: 'paragraph',
          text: refundSentence(t, refund, formatCents(refund.convertedCents, order.currency, language), order.orderNr),
        },
        ...(order.status === 'Refunded' ? [{ kind: 'paragraph', text: t('mail.refunded.full') } as const] : []),
      ],
    }),
    { log, what: 'refund mail failed' },
  );
}
