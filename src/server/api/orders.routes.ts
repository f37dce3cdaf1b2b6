import { documentParams, historyQuery } from '@/lib/contract/purchasing';
import { documentPdf } from '../services/invoices/issue.server';
import { pdfResponse } from './pdf';
import { HISTORY_PER_PAGE_DEFAULT } from '../services/orders/history';
import { listOrderHistory } from '../services/orders/history.server';
import { requireVerified } from './auth-guards';
import { createRouter } from './env';
import { ok } from './envelope';
import { translatorFor } from './form';
import { validate } from './validate';

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
  });
