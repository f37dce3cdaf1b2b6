/**
 * Personal access tokens for API clients (apps, scripts), Sanctum style: `<id>|<secret>`, of
 * which only the SHA-256 of the secret is stored. The web front end never holds one.
 */
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { personalAccessTokens, users } from '@/server/db/schema/index';
import { randomToken, safeEqual, sha256Hex } from './crypto';
import { type AuthUser, authUserColumns, toAuthUser } from './users';

/** API tokens expire after a year unless revoked (logout with the token revokes it). */
const TOKEN_TTL_MS = 365 * 24 * 3_600_000;

export interface ResolvedToken {
  tokenId: number;
  user: AuthUser;
}

export async function createAccessToken(db: Db, userId: number, name: string): Promise<string> {
  const secret = randomToken();
  const [row] = await db
    .insert(personalAccessTokens)
    .values({
      userId,
      name: name.slice(0, 191),
      tokenHash: sha256Hex(secret),
      expiresAt: new Date(Date.now() + TOKEN_TTL_MS),
    })
    .returning({ id: personalAccessTokens.id });
  return `${row!.id}|${secret}`;
}

export async function resolveAccessToken(db: Db, bearer: string): Promise<ResolvedToken | null> {
  const match = /^(\d{1,9})\|([\w-]{20,100})$/.exec(bearer);
  if (!match) return null;
  const [row] = await db
    .select({
      id: personalAccessTokens.id,
      tokenHash: personalAccessTokens.tokenHash,
      lastUsedAt: personalAccessTokens.lastUsedAt,
      user: authUserColumns,
    })
    .from(personalAccessTokens)
    .innerJoin(users, eq(users.id, personalAccessTokens.userId))
    .where(
      and(
        eq(personalAccessTokens.id, Number(match[1])),
        or(isNull(personalAccessTokens.expiresAt), gt(personalAccessTokens.expiresAt, sql`now()`)),
      ),
    )
    .limit(1);
  if (!row || !safeEqual(row.tokenHash, sha256Hex(match[2]!))) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
    await db
      .update(personalAccessTokens)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(personalAccessTokens.id, row.id));
  }
  return { tokenId: row.id, user: toAuthUser(row.user) };
}

export async function revokeAccessToken(db: Db, tokenId: number): Promise<void> {
  await db.delete(personalAccessTokens).where(eq(personalAccessTokens.id, tokenId));
}

export async function revokeUserTokens(db: Db, userId: number): Promise<void> {
  await db.delete(personalAccessTokens).where(eq(personalAccessTokens.userId, userId));
}
