/**
 * Data protection (GDPR, issue 31): a customer downloads everything the shop holds about them and
 * erases their account; staff do the same on a customer's request (the customers area, audited).
 */
import { z } from 'zod';
import { route } from './define';
import { okBody } from './envelope';
import { customerIdParam } from './admin/orders';

/** The export: one JSON document (services/gdpr/data-export.server.ts), sent as a file. */
export const dataExportSchema = z.record(z.string(), z.unknown()).meta({
  description:
    'profile, addresses, orders (with invoice data, refunds, returns), balance_ledger, reviews, newsletter, consents, sign_in_history, api_tokens, contact_messages',
});

// Not strict: the shop's client adds currency and lang_id to every write.
export const deleteAccountBody = z.object({
  password: z
    .string({ message: 'Enter your password to delete your account.' })
    .min(1, 'Enter your password to delete your account.')
    .max(1024),
});

export const eraseCustomerBody = z.strictObject(
  {
    reason: z
      .string({ message: 'The reason is required.' })
      .trim()
      .min(3, 'The reason needs at least 3 characters.')
      .max(500, 'The reason may have at most 500 characters.'),
  },
  { message: 'Unknown field.' },
);

const erased = okBody(z.object({ kept_orders: z.number().int(), anonymised_orders: z.number().int() }));

export const gdprRoutes = {
  exportOwn: route({
    method: 'GET',
    path: '/api/user/data-export',
    tag: 'Account',
    access: 'session',
    summary: 'Everything the shop holds about me, as a JSON file',
    response: dataExportSchema,
  }),
  deleteOwn: route({
    method: 'POST',
    path: '/api/user/delete-account',
    tag: 'Account',
    access: 'session',
    summary:
      'Erase my account (paid orders are kept, for tax law, until their retention period ends); signs out everywhere',
    body: deleteAccountBody,
    response: erased,
    errors: [422, 429],
  }),
  exportCustomer: route({
    access: 'back_office',
    method: 'GET',
    path: '/api/admin/customers/:id/data-export',
    tag: 'Admin: customers',
    summary: "A customer's data export, on their request",
    params: customerIdParam,
    response: dataExportSchema,
    errors: [404],
  }),
  eraseCustomer: route({
    access: 'back_office',
    method: 'POST',
    path: '/api/admin/customers/:id/erase',
    tag: 'Admin: customers',
    summary: "Erase a customer's account on their request (audited)",
    params: customerIdParam,
    body: eraseCustomerBody,
    response: erased,
    errors: [404, 409, 422],
  }),
} as const;
