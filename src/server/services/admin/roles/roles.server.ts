/** Staff accounts in the database (ADR 013); the role rules themselves are in roles.ts. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ForbiddenError } from '@/server/services/errors';
import { localized } from '@/server/services/localized';
import { transaction } from '@/server/services/transaction';
import type { Db } from '@/server/db/client';
import { users } from '@/server/db/schema/index';
import { normaliseEmail } from '@/server/services/auth/users';
import { type Editor, recordChange } from '../audit';
import { BACK_OFFICE_ROLES, type Role } from '@/lib/rules/roles';

export async function listStaff(db: Db) {
  return db
    .select({ id: users.id, email: users.email, name: users.name, surname: users.surname, role: users.role })
    .from(users)
    .where(inArray(users.role, [...BACK_OFFICE_ROLES]))
    .orderBy(users.email);
}

/**
 * Sets a user's role by address; null when there is no such user. `by` is null for the CLI.
 * Nobody changes their own role here (403, the attempt audited): an admin demoting themselves
 * could leave the shop without one, and nobody promotes themselves.
 */
export async function setRole(db: Db, by: Editor | null, email: string, role: Role) {
  if (by) {
    const [self] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, by.id), sql`lower(${users.email}) = ${normaliseEmail(email)}`));
    if (self) {
      await recordChange(db, by, 'user_role', by.id, 'refused_own', `→ ${role}`);
      throw new ForbiddenError(localized('admin.api.ownRole'), { email: [localized('admin.api.ownRole')] });
    }
  }
  return transaction(db, async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ role, updatedAt: sql`now()` })
      .where(sql`lower(${users.email}) = ${normaliseEmail(email)}`)
      .returning({ id: users.id, email: users.email, role: users.role });
    if (!row) return null;
    await recordChange(tx, by, 'user_role', row.id, 'update', `${row.email} → ${role}`);
    return row;
  });
}
