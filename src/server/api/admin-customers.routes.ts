/** /api/admin/customers/:id/* : staff look after customers' balances (ADR 023) and their data protection requests (issue 31). */
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index';
import { adjustBalance } from '../services/admin/customers/balance-adjust.server';
import { customerDataExport } from '../services/gdpr/data-export.server';
import { eraseCustomer } from '../services/gdpr/erase.server';
import { createAdminRouter } from './admin-language';
import { ok } from './envelope';
import { HttpError } from './errors';
import { validate } from './validate';
import { balanceBody, customerIdParam } from '@/lib/contract/admin/orders';
import { eraseCustomerBody } from '@/lib/contract/gdpr';

export const adminCustomersApp = createAdminRouter()
  .post('/:id/balance', validate('param', customerIdParam), validate('json', balanceBody), async (c) => {
    const body = c.req.valid('json');
    const balance = await adjustBalance(c.var.db, {
      customerId: c.req.valid('param').id,
      actor: c.var.user!,
      deltaCents: body.delta_cents,
      reason: body.reason,
    });
    return ok(c, balance, { message: c.var.at('admin.api.balanceAdjusted') });
  })
  .get('/:id/data-export', validate('param', customerIdParam), async (c) => {
    const data = await customerDataExport(c.var.db, c.req.valid('param').id);
    if (!data) throw new HttpError(404, c.var.at('admin.api.customerNotFound'));
    c.header('Cache-Control', 'no-store');
    c.header('Content-Disposition', `attachment; filename="customer-${c.req.valid('param').id}-data.json"`);
    return c.json(data);
  })
  .post('/:id/erase', validate('param', customerIdParam), validate('json', eraseCustomerBody), async (c) => {
    const db = c.var.db;
    const id = c.req.valid('param').id;
    const [target] = await db.select({ role: users.role }).from(users).where(eq(users.id, id));
    if (!target) throw new HttpError(404, c.var.at('admin.api.customerNotFound'));
    // Staff accounts are removed by an admin as people, not erased as customers from here.
    if (target.role !== 'customer' || id === c.var.user!.id)
      throw new HttpError(409, c.var.at('admin.api.eraseNotCustomer'));
    const done = await eraseCustomer(db, { userId: id, actorId: c.var.user!.id, reason: c.req.valid('json').reason });
    if (!done) throw new HttpError(404, c.var.at('admin.api.customerNotFound'));
    return ok(
      c,
      { kept_orders: done.kept, anonymised_orders: done.anonymised },
      { message: c.var.at('admin.api.customerErased') },
    );
  });
