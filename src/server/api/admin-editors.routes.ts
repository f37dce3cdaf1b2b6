/** /api/admin/editors: admins grant and take the back-office roles (permission `roles`, roles.ts). */
import { listStaff, setRole } from '../services/admin/roles/roles.server';
import { localized } from '../services/localized';
import { createAdminRouter } from './admin-language';
import { ok } from './envelope';
import { HttpError } from './errors';
import { validate } from './validate';
import { body } from '@/lib/contract/admin/editors';

export const adminEditorsApp = createAdminRouter()
  .get('/', async (c) => ok(c, await listStaff(c.var.db)))
  .put('/', validate('json', body), async (c) => {
    const { email, role } = c.req.valid('json');
    const changed = await setRole(c.var.db, c.var.user!, email, role);
    if (!changed)
      throw new HttpError(422, localized('admin.api.noAccount'), {
        errors: { email: [localized('admin.api.noAccount')] },
      });
    return ok(c, changed);
  });
