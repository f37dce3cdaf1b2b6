/** Request schemas of /api/admin/editors (ADR 013, 018). */
import { z } from 'zod';
import { GRANTABLE_ROLES } from '@/lib/rules/roles';

export const body = z.strictObject(
  {
    email: z
      .string({ message: 'Enter the account’s email address.' })
      .max(254, 'Enter the account’s email address.')
      .pipe(z.email('Enter the account’s email address.')),
    role: z.enum(GRANTABLE_ROLES, { message: 'The role must be staff, editor or customer.' }),
  },
  { message: 'Unknown field.' },
);
