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
import { HttpError } from './errors';
import { pdfResponse } from './pdf';
import { documentPdf } from '../services/invoices/issue.server';
import { documentParams } from '@/lib/contract/purchasing';
import { validate } from './validate';
import {
  IDEMPOTENCY_KEY_PATTERN,
  cancelBody,
  noteBody,
  orderNrParam,
  refundBody,
  shipBody,
} from '@/lib/contract/admin/orders';
import { receiveReturnBody, refundReturnBody, rejectReturnBody, returnParams } from '@/lib/contract/returns';
import { sendReturnReceivedMail, sendReturnRejectedMail } from '../services/returns/return-mails';
import { rejectReturn } from '../services/returns/reject-return.server';
import { orderReturns } from '../services/returns/returns-read.server';
import { receiveReturn, refundReturn } from '../services/returns/staff-returns.server';

export const adminOrdersApp = createAdminRouter()
  .get('/:orderNr/documents/:number', validate('param', documentParams), async (c) => {
    const { orderNr, number } = c.req.valid('param');
    return pdfResponse(await documentPdf(c.var.db, { orderNr, number, userId: null }));
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
    const done = await cancelOrder(db, {
      orderNr: c.req.valid('param').orderNr,
      actorId: c.var.user!.id,
      reason: body.reason,
      refundTo: body.refund_to,
      reference: body.reference,
    });
    if (done.changed) await sendCancelledMail(db, done.orderId, done.refund ?? null, c.var.log);
    return ok(c, await staffOrderState(db, done.orderId), { message: spokenText(c.var.at, done.message) });
  })
  .post('/:orderNr/refund', validate('param', orderNrParam), validate('json', refundBody), async (c) => {
    const db = c.var.db;
    const key = c.req.header('Idempotency-Key') ?? null;
    if (key !== null && !IDEMPOTENCY_KEY_PATTERN.test(key))
      throw new HttpError(422, localized('admin.api.idempotencyKey'));
    const body = c.req.valid('json');
    const done = await refundOrder(db, {
      orderNr: c.req.valid('param').orderNr,
      actorId: c.var.user!.id,
      destination: body.destination,
      lines: body.lines,
      amountCents: body.amount_cents,
      reason: body.reason,
      reference: body.reference,
      restock: body.restock,
      idempotencyKey: key,
    });
    if (done.changed) await sendRefundedMail(db, done.orderId, done.refund, c.var.log);
    return ok(
      c,
      { ...(await staffOrderState(db, done.orderId)), refund: refundJson(done.refund) },
      { message: spokenText(c.var.at, done.message) },
    );
  })
  .post(
    '/:orderNr/returns/:returnNr/receive',
    validate('param', returnParams),
    validate('json', receiveReturnBody),
    async (c) => {
      const db = c.var.db;
      const { orderNr, returnNr } = c.req.valid('param');
      const done = await receiveReturn(db, {
        orderNr,
        returnNr,
        actorId: c.var.user!.id,
        lines: c.req.valid('json').lines,
      });
      if (done.changed) await sendReturnReceivedMail(db, done.returnId, c.var.log);
      return ok(c, await orderWithReturn(db, done.orderId, orderNr, done.returnId), {
        message: spokenText(c.var.at, done.message),
      });
    },
  )
  .post(
    '/:orderNr/returns/:returnNr/refund',
    validate('param', returnParams),
    validate('json', refundReturnBody),
    async (c) => {
      const db = c.var.db;
      const { orderNr, returnNr } = c.req.valid('param');
      const body = c.req.valid('json');
      const done = await refundReturn(db, {
        orderNr,
        returnNr,
        actorId: c.var.user!.id,
        destination: body.destination,
        reference: body.reference,
        reason: body.reason,
      });
      if (done.changed) await sendRefundedMail(db, done.orderId, done.refund, c.var.log);
      return ok(c, await orderWithReturn(db, done.orderId, orderNr, done.returnId), {
        message: spokenText(c.var.at, done.message),
      });
    },
  )
  .post(
    '/:orderNr/returns/:returnNr/reject',
    validate('param', returnParams),
    validate('json', rejectReturnBody),
    async (c) => {
      const db = c.var.db;
      const { orderNr, returnNr } = c.req.valid('param');
      const done = await rejectReturn(db, {
        orderNr,
        returnNr,
        actorId: c.var.user!.id,
        reason: c.req.valid('json').reason,
      });
      if (done.changed) await sendReturnRejectedMail(db, done.returnId, c.var.log);
      return ok(c, await orderWithReturn(db, done.orderId, orderNr, done.returnId), {
        message: spokenText(c.var.at, done.message),
      });
    },
  )
  .post('/:orderNr/notes', validate('param', orderNrParam), validate('json', noteBody), async (c) => {
    const db = c.var.db;
    const done = await addOrderNote(db, {
      orderNr: c.req.valid('param').orderNr,
      actorId: c.var.user!.id,
      text: c.req.valid('json').text,
    });
    return ok(c, await staffOrderState(db, done.orderId), { message: spokenText(c.var.at, done.message) });
  });

/** The order as staff actions answer it, with the return the action was about. */
async function orderWithReturn(
  db: Parameters<typeof staffOrderState>[0],
  orderId: number,
  orderNr: string,
  returnId: number,
) {
  const state = await staffOrderState(db, orderId);
  return { ...state, return: (await orderReturns(db, orderId, orderNr)).find((r) => r.id === returnId)! };
}
