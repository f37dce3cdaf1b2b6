/**
 * Password reset tokens: 256 random bits mailed as a link, stored as SHA-256, single use,
 * valid 60 minutes, bound to the address they were mailed to. Using one sets the new password
 * and ends every session and API token of the account, so whoever knew the old password is out.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { transaction } from '@/server/services/transaction';
import type { Db } from '@/server/db/client';
import { passwordResetTokens, users } from '@/server/db/schema/index';
import { shopUrl } from '@/server/mail/links';
import { revokeUserTokens } from './access-tokens';
import { randomToken, sha256Hex } from './crypto';
import { hashPassword } from './passwords';
import { endUserSessions } from './sessions';
import { normaliseEmail } from './users';

export const RESET_TOKEN_TTL_MINUTES = 60;

/** A mailed reset link lives an hour; the first-password link of `npm run user:create` a day. */
export async function createResetToken(
  db: Db,
  user: { id: number; email: string },
  ttlMinutes: number = RESET_TOKEN_TTL_MINUTES,
): Promise<string> {
  const token = randomToken();
  await db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: sha256Hex(token),
    email: normaliseEmail(user.email),
    expiresAt: new Date(Date.now() + ttlMinutes * 60_000),
  });
  return token;
}

/**
 * The reset page's address with the token, in the mail's language; `welcome` words the page as
 * choosing a first password (the link `npm run user:create` prints).
 */
export function resetUrl(
  db: Db,
  language: string,
  token: string,
  email: string,
  options: { welcome?: boolean } = {},
): Promise<string> {
  const params = new URLSearchParams({ token, email, ...(options.welcome && { welcome: '1' }) });
  return shopUrl(db, language, `/reset-password?${params}`);
}

/**
 * Voids the account's unused reset links: its address changed, so a link mailed to the old one
 * must not prove the new one (ADR 009). Call inside the transaction that changes the address.
 */
export async function voidResetTokens(db: Db, userId: number): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/**
 * Spends the token and sets the password, or returns null when the token is unknown, used,
 * expired, or was mailed to another address than the one given or the account has now. The
 * update that marks it used is the check, so two concurrent uses cannot both succeed.
 */
export async function resetPasswordWithToken(
  db: Db,
  input: { token: string; email: string; password: string },
): Promise<{ userId: number } | null> {
  const passwordHash = await hashPassword(input.password);
  return transaction(db, async (tx) => {
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, sha256Hex(input.token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
          eq(passwordResetTokens.email, normaliseEmail(input.email)),
          sql`exists (select 1 from ${users} where ${users.id} = ${passwordResetTokens.userId}
                      and lower(${users.email}) = ${passwordResetTokens.email})`,
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!spent) return null;
    // Reading the mailed link proves the address, so it counts as verified too.
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(users.id, spent.userId));
    // Older links of the account die with this one.
    await voidResetTokens(tx as unknown as Db, spent.userId);
    await endUserSessions(tx as unknown as Db, spent.userId);
    await revokeUserTokens(tx as unknown as Db, spent.userId);
    return { userId: spent.userId };
  });
}
