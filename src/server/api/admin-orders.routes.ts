/**
 * /api/admin/orders/:orderNr/* : the staff actions on an order (ADR 023). Each is one
 * transaction in its service; the mail goes out after the commit and only when the action changed
 * the order, so a repeated click neither changes nor mails anything twice. Each answers the order
 * as it is now (with its refunds), and a message.
 */
import { localized, spokenText } from '../services/localized';
import { sendOrderConfirmation } from '../services/orders/confirmation-mail';
import { sendCancelledMail, sendRefundedMail, sendShippedMail } from '../services/orders/fulfilment-mails';
import { cancelOrder } from '../services/admin/orders/cancel.server';
import { markPaid } from '../services/admin/orders/mark-paid.server';
import { addOrderNote } from '../services/admin/orders/note.server';
import { staffOrderState, refundJson } from '../services/admin/orders/order-state.server';
import { refundOrder } from '../services/admin/orders/refund.server';
import { shipOrder } from '../services/admin/orders/ship.server';
import { createAdminRouter } from './admin-language';
import { ok } from './envelope';
import { HttpError, notFound } from './errors';
import { pdfResponse } from './pdf';
import { documentPdf } from '../services/invoices/issue.server';
import { documentParams } from '@/lib/contract/purchasing';
import { validate } from './validate';
import { IDEMPOTENCY_KEY_PATTERN, cancelBody, noteBody, orderNrParam, refundBody, shipBody } from '@/lib/contract/admin/orders';

export const adminOrdersApp = createAdminRouter()
  .get('/:orderNr/documents/:number', validate('param', documentParams), async (c) => {
    const { orderNr, number } = c.req.valid('param');
    const found = await documentPdf(c.var.db, { orderNr, number, userId: null });
    return found ? pdfResponse(found) : notFound(c);
  })
  .post('/:orderNr/mark-paid', validate('param', orderNrParam), async (c) => {
    const db = c.var.db;
    const done = await markPaid(db, { orderNr: c.req.valid('param').orderNr, actorId: c.var.user!.id });
    if (done.paidOrderId !== undefined) await sendOrderConfirmation(db, done.paidOrderId, c.var.log);
    return ok(c, await staffOrderState(db, done.orderId), { message: spokenText(c.var.at, done.message) });
  })
  .post('/:orderNr/ship', validate('param', orderNrParam), validate('json', shipBody), async (c) => {
    const db = c.var.db;
    const body = c.req.valid('json');
    const done = await shipOrder(db, {
      orderNr: c.req.valid('param').orderNr,
      actorId: c.var.user!.id,
      carrier: body.carrier,
      trackingNumber: body.tracking_number,
      trackingUrl: body.tracking_url ?? null,
    });
    if (done.changed) await sendShippedMail(db, done.orderId, c.var.log);
    return ok(c, await staffOrderState(db, done.orderId), { message: spokenText(c.var.at, done.message) });
  })
  .post('/:orderNr/cancel', validate('param', orderNrParam), validate('json', cancelBody), async (c) => {
    const db = c.var.db;
    const body = c.req.valid('json');
    const done = await cancelOrder(db, { orderNr: c.req.valid('param').orderNr, actorId: c.var.user!.id, reason: body.reason, refundTo: body.refund_to });
    if (done.changed) await sendCancelledMail(db, done.orderId, done.refund ?? null, c.var.log);
    return ok(c, await staffOrderState(db, done.orderId), { message: spokenText(c.var.at, done.message) });
  })
  .post('/:orderNr/refund', validate('param', orderNrParam), validate('json', refundBody), async (c) => {
    const db = c.var.db;
    const key = c.req.header('Idempotency-Key') ?? null;
    if (key !== null && !IDEMPOTENCY_KEY_PATTERN.test(key)) throw new HttpError(422, localized('admin.api.idempotencyKey'));
    const body = c.req.valid('json');
    const done = await refundOrder(db, {
      orderNr: c.req.valid('param').orderNr,
      actorId: c.var.user!.id,
      destination: body.destination,
      lines: body.lines,
      amountCents: body.amount_cents,
      reason: body.reason,
      idempotencyKey: key,
    });
    if (done.changed) await sendRefundedMail(db, done.orderId, done.refund, c.var.log);
    return ok(c, { ...(await staffOrderState(db, done.orderId)), refund: refundJson(done.refund) }, { message: spokenText(c.var.at, done.message) });
  })
  .post('/:orderNr/notes', validate('param', orderNrParam), validate('json', noteBody), async (c) => {
    const db = c.var.db;
    const done = await addOrderNote(db, { orderNr: c.req.valid('param').orderNr, actorId: c.var.user!.id, text: c.req.valid('json').text });
    return ok(c, await staffOrderState(db, done.orderId), { message: spokenText(c.var.at, done.message) });
  });
