/** Request schemas of /api/admin/editors (ADR 013, 018). */
import { z } from 'zod';

export const body = z.strictObject(
  {
    email: z.string({ message: 'Enter the account’s email address.' }).max(254, 'Enter the account’s email address.').pipe(z.email('Enter the account’s email address.')),
    role: z.enum(['customer', 'editor'], { message: 'The role must be editor or customer.' }),
  },
  { message: 'Unknown field.' },
);
