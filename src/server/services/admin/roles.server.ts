/** Staff accounts in the database (ADR 013); the role rules themselves are in roles.ts. */
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { users } from '@/server/db/schema/index';
import { normaliseEmail } from '../auth/users';
import { type Editor, recordChange } from './audit';
import type { Role } from '@/lib/rules/roles';


export async function listStaff(db: Db) {
  return db
    .select({ id: users.id, email: users.email, name: users.name, surname: users.surname, role: users.role })
    .from(users)
    .where(inArray(users.role, ['staff', 'editor', 'admin']))
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
