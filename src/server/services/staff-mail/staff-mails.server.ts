/**
 * The mails staff need (issue 31), to the address in the settings (staff_mail_to; '' sends none)
 * in the staff's language (staff_mail_language, else the shop's default; staff-texts.ts): a new paid order, a new phone order to be paid, a
 * product or variation falling below its low-stock threshold, a new return, and the daily digest
 * (staff-digest.server.ts). Each is sent after the commit of what caused it, from the one place
 * that happens once (the paid order's confirmation, the placed order, the reservation that crossed
 * the threshold, the opened return), through the outbox; a failure is logged, never thrown.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '@/server/db/client';
import { config } from '@/server/config';
import {
  languages,
  orderItems,
  orders,
  products,
  returnLines,
  returns,
  settings,
  variations,
} from '@/server/db/schema/index';
import { formatCents } from '@/lib/money';
import type { Translator } from '@/lib/translator';
import { getTranslator } from '@/server/i18n/index';
import { sendMail } from '@/server/mail/mailer';
import { type MailBlock, renderMailLayout } from '@/server/mail/templates';
import { orderTable } from '@/server/services/orders/order-mail';
import type { StockFall } from '@/server/services/orders/stock.server';
import { staffMailTranslator } from './staff-texts';

export interface StaffRecipient {
  to: string;
  language: string;
  /** The back office's texts for the content, the shop's for the mail's frame. */
  t: Translator;
  digest: boolean;
}

/** Who gets the staff mails, or null when the owner has set no address. */
export async function staffRecipient(db: Db): Promise<StaffRecipient | null> {
  const [row] = await db
    .select({ to: settings.staffMailTo, language: settings.staffMailLanguage, digest: settings.staffDigest })
    .from(settings)
    .where(eq(settings.id, 1));
  if (!row || row.to.trim() === '') return null;
  let language = row.language;
  if (!language) {
    const [fallback] = await db
      .select({ code: languages.code })
      .from(languages)
      .where(eq(languages.isDefault, true))
      .limit(1);
    language = fallback?.code.trim().toLowerCase() ?? 'en';
  }
  const [at, shop] = await Promise.all([staffMailTranslator(language), getTranslator(db, language)]);
  const t: Translator = (key, vars) => (key.startsWith('admin.') ? at(key, vars) : shop(key, vars));
  return { to: row.to.trim(), language, t, digest: row.digest };
}

export interface StaffMailText {
  subject: string;
  heading: string;
  blocks: MailBlock[];
}

/** Sends one staff mail through the outbox; null from `compose` sends nothing. Never throws. */
export async function sendStaffMail(
  db: Db,
  compose: (r: StaffRecipient) => Promise<StaffMailText | null>,
  failure: { log?: Logger; what: string },
): Promise<boolean> {
  try {
    const recipient = await staffRecipient(db);
    if (!recipient) return false;
    const text = await compose(recipient);
    if (!text) return false;
    const mail = renderMailLayout({
      language: recipient.language,
      t: recipient.t,
      subject: text.subject,
      heading: text.heading,
      blocks: text.blocks,
    });
    await sendMail(db, { to: recipient.to, ...mail });
    return true;
  } catch (error) {
    failure.log?.error({ err: error }, failure.what);
    return false;
  }
}

const adminLink = (path: string) => `${config().PUBLIC_URL}${path}`;

async function orderMail(
  db: Db,
  orderId: number,
  kind: 'paid' | 'phone',
  t: Translator,
  language: string,
): Promise<StaffMailText | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.kind !== 'purchase') return null;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  // Staff count in EUR, as the back office does.
  const total = formatCents(order.finalCents, 'EUR', language);
  const vars = { order: order.orderNr, name: `${order.name} ${order.surname}`, email: order.email, total };
  return {
    subject: t(`admin.staffMail.${kind}.subject`, vars),
    heading: t(`admin.staffMail.${kind}.heading`, vars),
    blocks: [
      { kind: 'paragraph', text: t(`admin.staffMail.${kind}.intro`, vars) },
      {
        kind: 'html',
        ...orderTable(
          items.map((i) => ({
            name: i.name,
            quantity: i.quantity,
            total: formatCents(i.priceCents * i.quantity, 'EUR', language),
          })),
          [[t('admin.staffMail.total'), total]],
        ),
      },
      { kind: 'action', label: t('admin.staffMail.openOrder'), url: adminLink(`/admin/orders/${order.orderNr}`) },
    ],
  };
}

/** A new paid order (card settled, or a phone order marked paid). */
export function notifyStaffOfPaidOrder(db: Db, orderId: number, log?: Logger): Promise<boolean> {
  return sendStaffMail(db, ({ t, language }) => orderMail(db, orderId, 'paid', t, language), {
    log,
    what: 'staff mail (paid order) failed',
  });
}

/** A new phone order, waiting for its payment. */
export function notifyStaffOfPhoneOrder(db: Db, orderId: number, log?: Logger): Promise<boolean> {
  return sendStaffMail(db, ({ t, language }) => orderMail(db, orderId, 'phone', t, language), {
    log,
    what: 'staff mail (phone order) failed',
  });
}

/** A new return, with its lines and the customer's reason. */
export function notifyStaffOfReturn(db: Db, returnId: number, log?: Logger): Promise<boolean> {
  return sendStaffMail(
    db,
    async ({ t }) => {
      const [row] = await db
        .select({
          returnNr: returns.returnNr,
          reason: returns.reason,
          comment: returns.comment,
          orderNr: orders.orderNr,
          email: orders.email,
        })
        .from(returns)
        .innerJoin(orders, eq(orders.id, returns.orderId))
        .where(eq(returns.id, returnId));
      if (!row) return null;
      const lines = await db
        .select({ name: orderItems.name, quantity: returnLines.quantity })
        .from(returnLines)
        .innerJoin(orderItems, eq(orderItems.id, returnLines.orderItemId))
        .where(eq(returnLines.returnId, returnId))
        .orderBy(asc(returnLines.id));
      const vars = {
        return: row.returnNr,
        order: row.orderNr,
        email: row.email,
        reason: t(`admin.staffMail.reason.${row.reason}`),
      };
      return {
        subject: t('admin.staffMail.return.subject', vars),
        heading: t('admin.staffMail.return.heading', vars),
        blocks: [
          { kind: 'paragraph', text: t('admin.staffMail.return.intro', vars) },
          ...lines.map((l) => ({ kind: 'paragraph' as const, text: `${l.name} × ${l.quantity}` })),
          ...(row.comment ? [{ kind: 'note' as const, text: row.comment }] : []),
          { kind: 'action', label: t('admin.staffMail.openOrder'), url: adminLink(`/admin/orders/${row.orderNr}`) },
        ],
      };
    },
    { log, what: 'staff mail (return) failed' },
  );
}

/** One mail per product or variation that fell below its threshold (stock.server.ts reserveStock). */
export async function notifyStaffOfLowStock(db: Db, fallen: readonly StockFall[], log?: Logger): Promise<void> {
  if (fallen.length === 0) return;
  const names = new Map(
    (
      await db
        .select({ id: products.id, name: products.name, sku: products.sku })
        .from(products)
        .where(
          inArray(
            products.id,
            fallen.map((f) => f.productId),
          ),
        )
    ).map((p) => [p.id, p]),
  );
  const variationIds = fallen.flatMap((f) => (f.variationId === null ? [] : [f.variationId]));
  const skus = new Map(
    variationIds.length === 0
      ? []
      : (
          await db
            .select({ id: variations.id, sku: variations.sku })
            .from(variations)
            .where(inArray(variations.id, variationIds))
        ).map((v) => [v.id, v.sku]),
  );
  for (const f of fallen) {
    const product = names.get(f.productId);
    const vars = {
      name: product?.name ?? `#${f.productId}`,
      sku: (f.variationId === null ? product?.sku : skus.get(f.variationId)) ?? '',
      stock: f.stock,
      threshold: f.threshold,
    };
    await sendStaffMail(
      db,
      async ({ t }) => ({
        subject: t('admin.staffMail.lowStock.subject', vars),
        heading: t('admin.staffMail.lowStock.heading', vars),
        blocks: [
          { kind: 'paragraph', text: t('admin.staffMail.lowStock.intro', vars) },
          { kind: 'action', label: t('admin.staffMail.openProduct'), url: adminLink(`/admin/products/${f.productId}`) },
        ],
      }),
      { log, what: 'staff mail (low stock) failed' },
    );
  }
}
