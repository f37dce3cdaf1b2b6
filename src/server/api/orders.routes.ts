import { documentParams, historyQuery, orderNrParams } from '@/lib/contract/purchasing';
import { cancelPendingOrder, payPendingOrder } from '../services/orders/pending-actions.server';
import { rateLimit } from './rate-limit';
import { documentPdf } from '../services/invoices/issue.server';
import { pdfResponse } from './pdf';
import { HISTORY_PER_PAGE_DEFAULT } from '../services/orders/history';
import { listOrderHistory } from '../services/orders/history.server';
import { requireVerified } from './auth-guards';
import { createRouter } from './env';
import { ok } from './envelope';
import { translatorFor } from './form';
import { validate } from './validate';

const PENDING_ACTIONS_LIMIT = { name: 'pending-order', limit: 10, windowSeconds: 60 } as const;
const perUser = (c: { var: { user: { id: number } | null } }) => (c.var.user ? `user:${c.var.user.id}` : null);

/**
 * /api/orders/*. History needs a verified address (docs/decisions/009-accounts.md); amounts are
 * in each order's own currency (docs/decisions/011-orders-history-and-contact.md).
 */
export const ordersApp = createRouter()
  .get('/history', requireVerified(), validate('query', historyQuery), async (c) => {
    c.header('Cache-Control', 'no-store');
    const q = c.req.valid('query');
    const t = await translatorFor(c);
    const result = await listOrderHistory(c.var.db, c.var.user!.id, {
      page: q.page ?? 1,
      perPage: q.per_page ?? HISTORY_PER_PAGE_DEFAULT,
      texts: { unnamedProduct: t('orders.unnamedProduct'), fallbackCategory: t('orders.fallbackCategory') },
    });
    return ok(c, result.orders, { extra: { pagination: result.pagination } });
  })
  .get('/:orderNr/documents/:number', requireVerified(), validate('param', documentParams), async (c) => {
    const { orderNr, number } = c.req.valid('param');
    return pdfResponse(await documentPdf(c.var.db, { orderNr, number, userId: c.var.user!.id }));
  })
  // Pay now / Cancel of a pending card order (issue 29): services/orders/pending-actions.server.ts.
  .post(
    '/:orderNr/pay',
    requireVerified(),
    rateLimit({ ...PENDING_ACTIONS_LIMIT, key: perUser }),
    validate('param', orderNrParams),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      const paid = await payPendingOrder(
        c.var.db,
        { userId: c.var.user!.id, orderNr: c.req.valid('param').orderNr },
        c.var.log,
      );
      return ok(c, { order_nr: paid.orderNr, redirect_url: paid.redirectUrl });
    },
  )
  .post(
    '/:orderNr/cancel',
    requireVerified(),
    rateLimit({ ...PENDING_ACTIONS_LIMIT, key: perUser }),
    validate('param', orderNrParams),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      const done = await cancelPendingOrder(
        c.var.db,
        { userId: c.var.user!.id, orderNr: c.req.valid('param').orderNr },
        c.var.log,
      );
      return ok(c, { order_nr: done.orderNr, restored_lines: done.restoredLines });
    },
  );
