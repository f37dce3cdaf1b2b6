/** /api/admin/customers/:id/* : staff look after customers' balances (ADR 023). */
import { adjustBalance } from '../services/admin/customers/balance-adjust.server';
import { createAdminRouter } from './admin-language';
import { ok } from './envelope';
import { validate } from './validate';
import { balanceBody, customerIdParam } from '@/lib/contract/admin/orders';

export const adminCustomersApp = createAdminRouter().post('/:id/balance', validate('param', customerIdParam), validate('json', balanceBody), async (c) => {
  const body = c.req.valid('json');
  const balance = await adjustBalance(c.var.db, { customerId: c.req.valid('param').id, actor: c.var.user!, deltaCents: body.delta_cents, reason: body.reason });
  return ok(c, balance, { message: c.var.at('admin.api.balanceAdjusted') });
});
