/**
 * Signed email-verification links, Laravel style: /api/email/verify/<id>/<hash>?expires=&signature=
 * where <hash> is the SHA-256 of the address (a link stops working when the address changes)
 * and the signature an HMAC of the rest under the shop's link key. Nothing is stored.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { users } from '@/server/db/schema/index';
import { config } from '@/server/config';
import { hmacHex, safeEqual, sha256Hex } from './crypto';
import { linkSigningKey } from './secrets';
import { normaliseEmail } from './users';

/** Verification mail may sit unread a while; a day is long enough and short enough. */
export const VERIFICATION_LINK_TTL_SECONDS = 24 * 3600;

export type VerifyOutcome = 'verified' | 'already-verified' | 'invalid' | 'expired';

function emailHash(email: string): string {
  return sha256Hex(normaliseEmail(email));
}

function payload(id: number, hash: string, expires: number): string {
  return `verify-email|${id}|${hash}|${expires}`;
}

export async function verificationUrl(db: Db, user: { id: number; email: string }, now = Date.now()): Promise<string> {
  const hash = emailHash(user.email);
  const expires = Math.floor(now / 1000) + VERIFICATION_LINK_TTL_SECONDS;
  const signature = hmacHex(await linkSigningKey(db), payload(user.id, hash, expires));
  return `${config().PUBLIC_URL}/api/email/verify/${user.id}/${hash}?expires=${expires}&signature=${signature}`;
}

export interface VerifyLinkInput {
  id: string;
  hash: string;
  expires: string | undefined;
  signature: string | undefined;
}

/** Checks the link and marks the address verified; the outcome picks the page to show. */
export async function verifyEmailLink(db: Db, input: VerifyLinkInput, now = Date.now()): Promise<VerifyOutcome> {
  const { id, hash, expires, signature } = input;
  if (!/^\d{1,9}$/.test(id) || !/^[0-9a-f]{64}$/.test(hash) || !/^\d{1,12}$/.test(expires ?? '')) return 'invalid';
  if (!/^[0-9a-f]{64}$/.test(signature ?? '')) return 'invalid';
  const expected = hmacHex(await linkSigningKey(db), payload(Number(id), hash, Number(expires)));
  if (!safeEqual(expected, signature!)) return 'invalid';
  if (Number(expires) * 1000 < now) return 'expired';

  const [user] = await db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, Number(id)))
    .limit(1);
  // Signed for an address the account no longer has: the link belongs to the old one.
  if (!user || !safeEqual(emailHash(user.email), hash)) return 'invalid';
  if (user.verifiedAt) return 'already-verified';
  const updated = await db
    .update(users)
    .set({ emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(users.id, Number(id)), isNull(users.emailVerifiedAt)))
    .returning({ id: users.id });
  return updated.length > 0 ? 'verified' : 'already-verified';
}
