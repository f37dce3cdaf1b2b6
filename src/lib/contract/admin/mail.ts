/**
 * The mail log (issue 25): what the shop mailed, from the outbox (ADR 008), secrets hidden, and
 * "Resend". Routes of /api/admin/mail (permission `settings`, lib/rules/roles.ts).
 */
import { z } from 'zod';
import { route } from '../define';
import { id, okBody } from '../envelope';
import { idParam, idText } from './fields';

export const mailLogQuery = z.strictObject(
  {
    q: z
      .string({ message: 'The search must be one text.' })
      .max(254, 'The search may have at most 254 characters.')
      .optional(),
    before: idText('before must be the `next_before` of the previous page.').optional(),
  },
  { message: 'Unknown parameter.' },
);

export const mailLogRowSchema = z.object({
  id,
  to: z.string(),
  subject: z.string(),
  language: z.string().nullable().describe("The mail's language code; null for mail written before the log kept it"),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  status: z
    .enum(['sent', 'kept', 'sending', 'failed'])
    .describe(
      'sent: accepted by SMTP; kept: stored only (no SMTP_URL); sending: an attempt is under way; failed: the attempts so far failed (last_error says why)',
    ),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
});
export type MailLogRow = z.infer<typeof mailLogRowSchema>;

export const mailLogEntrySchema = mailLogRowSchema.extend({
  text: z
    .string()
    .describe(
      'The plain-text part with reset, verification and set-password links, tokens and one-time codes replaced by [hidden]',
    ),
});

const backOffice = { access: 'back_office', tag: 'Admin: mail log' } as const;

export const adminMailRoutes = {
  list: route({
    ...backOffice,
    method: 'GET',
    path: '/api/admin/mail',
    summary:
      "What the shop mailed, newest first, 50 a page (keyset: `before` = the previous page's `next_before`); `q` is part of the recipient's address",
    query: mailLogQuery,
    response: okBody(z.object({ items: z.array(mailLogRowSchema), next_before: z.number().int().nullable() })),
    errors: [422],
  }),
  get: route({
    ...backOffice,
    method: 'GET',
    path: '/api/admin/mail/:id',
    summary: 'One mail with its text, secrets hidden',
    params: idParam,
    response: okBody(mailLogEntrySchema),
    errors: [404, 422],
  }),
  resend: route({
    ...backOffice,
    method: 'POST',
    path: '/api/admin/mail/:id/resend',
    summary: 'Queue a copy of the mail to the same recipient (sent at once when SMTP is set; audited)',
    params: idParam,
    response: okBody(mailLogRowSchema),
    status: 201,
    errors: [404, 422],
  }),
} as const;
