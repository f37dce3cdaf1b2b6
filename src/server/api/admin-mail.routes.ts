/** /api/admin/mail: the mail log (issue 25; permission `settings`, roles.ts): list, one mail redacted, resend. */
import { idParam } from '@/lib/contract/admin/fields';
import { mailLogQuery } from '@/lib/contract/admin/mail';
import { getMailLogEntry, listMailLog, resendMail } from '../services/admin/settings/mail-log.server';
import { createAdminRouter } from './admin-language';
import { ok } from './envelope';
import { validate } from './validate';

export const adminMailApp = createAdminRouter()
  .get('/', validate('query', mailLogQuery), async (c) => {
    const { q, before } = c.req.valid('query');
    return ok(c, await listMailLog(c.var.db, q ?? '', before ?? null));
  })
  .get('/:id', validate('param', idParam), async (c) => ok(c, await getMailLogEntry(c.var.db, c.req.valid('param').id)))
  .post('/:id/resend', validate('param', idParam), async (c) => {
    const copy = await resendMail(c.var.db, c.var.user!, c.req.valid('param').id);
    return ok(c, copy, { status: 201, message: c.var.at('admin.api.mailResent', { to: copy.to }) });
  });
