/**
 * POST /api/orders/:orderNr/returns (issue 31): a customer opens a return. Its refusals are
 * Localized keys of the shop's messages, answered in the shopper's language: c.var.at is the
 * shop's translator here (on the admin routes it is the admin's).
 */
import { Hono } from 'hono';
import { orderNrParam } from '@/lib/contract/admin/orders';
import { returnRequestBody } from '@/lib/contract/returns';
import { openReturn } from '../services/returns/open-return.server';
import { sendReturnOpenedMail } from '../services/returns/return-mails';
import { orderReturns } from '../services/returns/returns-read.server';
import { notifyStaffOfReturn } from '../services/staff-mail/staff-mails.server';
import { requireVerified } from './auth-guards';
import type { AdminEnv } from './env';
import { ok } from './envelope';
import { getTranslator } from '../i18n/index';
import { validate } from './validate';

export const returnsApp = new Hono<AdminEnv>()
  .use(async (c, next) => {
    c.set('at', await getTranslator(c.var.db, c.var.language.code));
    await next();
  })
  .post(
    '/:orderNr/returns',
    requireVerified(),
    validate('param', orderNrParam),
    validate('json', returnRequestBody),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      const db = c.var.db;
      const orderNr = c.req.valid('param').orderNr;
      const { returnId, orderId } = await openReturn(db, { userId: c.var.user!.id, orderNr, ...c.req.valid('json') });
      await sendReturnOpenedMail(db, returnId, c.var.log);
      await notifyStaffOfReturn(db, returnId, c.var.log);
      const made = (await orderReturns(db, orderId, orderNr)).find((r) => r.id === returnId)!;
      return ok(c, made, { message: c.var.at('returns.api.opened', { return: made.return_nr }) });
    },
  );
