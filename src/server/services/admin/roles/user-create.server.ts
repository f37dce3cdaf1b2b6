/**
 * `npm run user:create -- <email> <role>`: the way to the first admin (and any later account an
 * operator makes). The account is created, or an existing one gets the role, and the operator
 * gets a link where that person chooses the password: a password-reset token (single use) that
 * lives 24 hours. No password is ever typed on a command line or printed.
 */
import { transaction } from '@/server/services/transaction';
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { users } from '@/server/db/schema/index';
import type { Role } from '@/lib/rules/roles';
import { randomToken } from '@/server/services/auth/crypto';
import { hashPassword } from '@/server/services/auth/passwords';
import { createResetToken, resetUrl } from '@/server/services/auth/password-reset';
import { normaliseEmail } from '@/server/services/auth/users';
import { chooseLanguage, loadShopBasics } from '@/server/services/request-context';
import { recordChange } from '../audit';

export const FIRST_PASSWORD_LINK_HOURS = 24;

export interface CreatedUser {
  email: string;
  role: Role;
  /** False: the account existed and was given the role. */
  created: boolean;
  /** Where the person chooses the password; valid FIRST_PASSWORD_LINK_HOURS, once. */
  link: string;
}

export async function createUserWithLink(db: Db, email: string, role: Role): Promise<CreatedUser> {
  const address = email.trim();
  // Nobody knows this password: the account can be signed in to only after the link is used.
  const unusable = await hashPassword(randomToken());
  const { user, created, token } = await transaction(db, async (tx) => {
    const t = tx as unknown as Db;
    const [existing] = await t
      .update(users)
      .set({ role, updatedAt: sql`now()` })
      .where(sql`lower(${users.email}) = ${normaliseEmail(address)}`)
      .returning({ id: users.id, email: users.email });
    const [row] = existing
      ? [existing]
      : await t
          .insert(users)
          .values({ name: '', surname: '', email: address, passwordHash: unusable, role })
          .returning({ id: users.id, email: users.email });
    // The command line is nobody in the audit (no user id).
    await recordChange(t, null, 'user_role', row!.id, existing ? 'update' : 'create', `${row!.email} → ${role}`);
    return { user: row!, created: !existing, token: await createResetToken(t, row!, FIRST_PASSWORD_LINK_HOURS * 60) };
  });
  const language = chooseLanguage((await loadShopBasics(db)).languages, undefined).code;
  return { email: user.email, role, created, link: await resetUrl(db, language, token, user.email, { welcome: true }) };
}
