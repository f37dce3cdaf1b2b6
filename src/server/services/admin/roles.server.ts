/** Staff roles (ADR 013): editors edit content; admins also grant and take the editor role. */
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { normaliseEmail } from '../auth/users';
import { type Editor, recordChange } from './audit';

export const ROLES = ['customer', 'editor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** Editors and admins may use /admin and /api/admin. */
export function isStaff(role: string | undefined | null): boolean {
  return role === 'editor' || role === 'admin';
}

export async function listStaff(db: Db) {
  return db
    .select({ id: users.id, email: users.email, name: users.name, surname: users.surname, role: users.role })
    .from(users)
    .where(inArray(users.role, ['editor', 'admin']))
    .orderBy(users.email);
}

/** Sets a user's role by address; null when there is no such user. `by` is null for the CLI. */
export async function setRole(db: Db, by: Editor | null, email: string, role: Role) {
  return db.transaction(async (tx) => {
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
