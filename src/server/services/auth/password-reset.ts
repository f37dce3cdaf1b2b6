/**
 * Password reset tokens: 256 random bits mailed as a link, stored as SHA-256, single use,
 * valid 60 minutes. Using one sets the new password and ends every session and API token of
 * the account, so whoever knew the old password is out.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema/index';
import { config } from '../../config';
import { revokeUserTokens } from './access-tokens';
import { randomToken, sha256Hex } from './crypto';
import { hashPassword } from './passwords';
import { endUserSessions } from './sessions';
import { normaliseEmail } from './users';

export const RESET_TOKEN_TTL_MINUTES = 60;

export async function createResetToken(db: Db, userId: number): Promise<string> {
  const token = randomToken();
  await db.insert(passwordResetTokens).values({
    userId,
    tokenHash: sha256Hex(token),
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60_000),
  });
  return token;
}

export function resetUrl(token: string, email: string): string {
  const params = new URLSearchParams({ token, email });
  return `${config().PUBLIC_URL}/reset-password?${params}`;
}

/**
 * Spends the token and sets the password, or returns false when the token is unknown, used,
 * expired or belongs to another address. The update that marks it used is the check, so two
 * concurrent uses cannot both succeed.
 */
export async function resetPasswordWithToken(
  db: Db,
  input: { token: string; email: string; password: string },
): Promise<{ userId: number } | null> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, sha256Hex(input.token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
          sql`${passwordResetTokens.userId} = (select id from ${users} where lower(${users.email}) = ${normaliseEmail(input.email)})`,
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
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, spent.userId), isNull(passwordResetTokens.usedAt)));
    await endUserSessions(tx as unknown as Db, spent.userId);
    await revokeUserTokens(tx as unknown as Db, spent.userId);
    return { userId: spent.userId };
  });
}
