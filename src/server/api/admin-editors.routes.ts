/** /api/admin/editors: admins grant and take the editor role (editors get 403 here). */
import { z } from 'zod';
import { listStaff, setRole } from '../services/admin/roles.server';
import { requireRole } from './admin-guard';
import { createRouter } from './env';
import { ok } from './envelope';
import { HttpError } from './errors';
import { validate } from './validate';

const body = z.strictObject(
  {
    email: z.string({ message: 'Enter the account’s email address.' }).max(254, 'Enter the account’s email address.').pipe(z.email('Enter the account’s email address.')),
    role: z.enum(['customer', 'editor'], { message: 'The role must be editor or customer.' }),
  },
  { message: 'Unknown field.' },
);

export const adminEditorsApp = createRouter()
  .use(requireRole('admin'))
  .get('/', async (c) => ok(c, await listStaff(c.var.db)))
  .put('/', validate('json', body), async (c) => {
    const { email, role } = c.req.valid('json');
    if (email.trim().toLowerCase() === c.var.user!.email.toLowerCase()) throw new HttpError(422, 'You cannot change your own role.', { errors: { email: ['You cannot change your own role.'] } });
    const changed = await setRole(c.var.db, c.var.user!, email, role);
    if (!changed) throw new HttpError(422, 'No account has this email address.', { errors: { email: ['No account has this email address.'] } });
    return ok(c, changed);
  });
