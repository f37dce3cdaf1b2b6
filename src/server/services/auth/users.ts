import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { users } from '@/server/db/schema/index';

/** Who is signed in, as pages and handlers see it (no secrets). */
export interface AuthUser {
  id: number;
  name: string;
  surname: string;
  email: string;
  emailVerified: boolean;
  languageId: number | null;
  role: string;
}

export const authUserColumns = {
  id: users.id,
  name: users.name,
  surname: users.surname,
  email: users.email,
  emailVerifiedAt: users.emailVerifiedAt,
  languageId: users.languageId,
  role: users.role,
};

export function toAuthUser(row: {
  id: number;
  name: string;
  surname: string;
  email: string;
  emailVerifiedAt: Date | null;
  languageId: number | null;
  role: string;
}): AuthUser {
  return {
    id: row.id,
    name: row.name,
    surname: row.surname,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    languageId: row.languageId,
    role: row.role,
  };
}

/** Addresses compare case-insensitively (the unique index is on lower(email)). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normaliseEmail(email)}`)
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}
