/**
 * Browser sessions (docs/architecture.md "Accounts and security"): a random 256-bit cookie value whose SHA-256
 * is the row id, so the table never holds a usable session. The session also keeps the hash of
 * its CSRF token; the token itself lives only in the readable XSRF-TOKEN cookie.
 */
import { type AnyColumn, type SQL, and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { transaction } from '@/server/services/transaction';
import type { Db } from '@/server/db/client';
import { sessions, users } from '@/server/db/schema/index';
import { reachedOverHttps } from '@/server/hsts';
import { randomToken, safeEqual, sha256Hex } from './crypto';
import { type AuthUser, authUserColumns, toAuthUser } from './users';

export const SESSION_COOKIE = 'shop_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';

const MINUTE = 60_000;
/** Signed-in sessions last 14 days after the last visit. */
export const USER_SESSION_TTL_MS = 14 * 24 * 60 * MINUTE;
/** Guest sessions exist only to carry a CSRF token before sign-in or for guest writes. */
export const GUEST_SESSION_TTL_MS = 2 * 60 * MINUTE;
/** Sliding expiry is written at most this often per session, not on every request. */
const TOUCH_EVERY_MS = 5 * MINUTE;

interface SessionData {
  csrf?: string;
}

export interface ActiveSession {
  /** SHA-256 of the cookie value. */
  id: string;
  userId: number | null;
  csrfHash: string | null;
  expiresAt: Date;
}

export interface ResolvedSession {
  session: ActiveSession;
  user: AuthUser | null;
  /** The expiry moved on: the caller re-sends the cookies so the browser keeps them as long. */
  extended: boolean;
  /** What the caller's `also` computed for the session's user, in the same statement (null without a user). */
  also: number | null;
  /** When the next lookup will move the expiry on (ms since the epoch). */
  touchAt: number;
}

export interface StartedSession {
  /** Goes into the session cookie; never stored. */
  cookieValue: string;
  csrfToken: string;
  session: ActiveSession;
}

export function sessionTtlMs(userId: number | null): number {
  return userId === null ? GUEST_SESSION_TTL_MS : USER_SESSION_TTL_MS;
}

/**
 * Cookie attributes shared by the API (Hono) and the pages (Astro). Secure when the shop's
 * public address is https, or when a trusted proxy says this request came over https.
 */
export function cookieBase(forwardedHttps = false) {
  return {
    path: '/',
    sameSite: 'lax' as const,
    secure: reachedOverHttps(forwardedHttps),
  };
}

/**
 * A new session row. `replaces` is deleted in the same step: signing in or registering always
 * gets a new id, so a session id planted before sign-in is worthless after it (fixation).
 */
export async function startSession(
  db: Db,
  options: { userId: number | null; ip?: string; userAgent?: string; replaces?: string | null },
): Promise<StartedSession> {
  const cookieValue = randomToken();
  const csrfToken = randomToken();
  const id = sha256Hex(cookieValue);
  const csrfHash = sha256Hex(csrfToken);
  const expiresAt = new Date(Date.now() + sessionTtlMs(options.userId));
  await transaction(db, async (tx) => {
    if (options.replaces) await tx.delete(sessions).where(eq(sessions.id, options.replaces));
    await tx.insert(sessions).values({
      id,
      userId: options.userId,
      data: { csrf: csrfHash } satisfies SessionData,
      ip: options.ip?.slice(0, 64) ?? null,
      userAgent: options.userAgent?.slice(0, 512) ?? null,
      expiresAt,
    });
  });
  pruneNowAndThen(db);
  return { cookieValue, csrfToken, session: { id, userId: options.userId, csrfHash, expiresAt } };
}

/**
 * The live session for a cookie value (and its user), or null when unknown or expired. `also`
 * adds one number about the user to the same statement (pages count the cart badge this way).
 */
export async function resolveSession(
  db: Db,
  cookieValue: string | undefined,
  also?: (userId: AnyColumn) => SQL<number>,
): Promise<ResolvedSession | null> {
  if (!cookieValue || cookieValue.length > 128) return null;
  const id = sha256Hex(cookieValue);
  const [row] = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      data: sessions.data,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      user: authUserColumns,
      also: also ? also(sessions.userId) : sql<null>`null`,
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  if (!row) return null;
  let expiresAt = row.expiresAt;
  const extended = Date.now() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS;
  if (extended) {
    expiresAt = new Date(Date.now() + sessionTtlMs(row.userId));
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()`, expiresAt })
      .where(eq(sessions.id, id));
  }
  const data = (row.data ?? {}) as SessionData;
  return {
    session: { id: row.id, userId: row.userId, csrfHash: data.csrf ?? null, expiresAt },
    extended,
    also: row.userId === null || row.also === null ? null : Number(row.also),
    touchAt: (extended ? Date.now() : row.lastSeenAt.getTime()) + TOUCH_EVERY_MS,
    // A left join gives a row of nulls for a guest session.
    user: row.userId !== null && row.user?.id != null ? toAuthUser(row.user as Parameters<typeof toAuthUser>[0]) : null,
  };
}

/** A fresh CSRF token for an existing session (e.g. its cookie was lost). */
export async function renewCsrfToken(db: Db, session: ActiveSession): Promise<string> {
  const csrfToken = randomToken();
  const csrfHash = sha256Hex(csrfToken);
  await db
    .update(sessions)
    .set({ data: sql`coalesce(${sessions.data}, '{}'::jsonb) || ${JSON.stringify({ csrf: csrfHash })}::jsonb` })
    .where(eq(sessions.id, session.id));
  session.csrfHash = csrfHash;
  return csrfToken;
}

export function csrfTokenMatches(session: ActiveSession, token: string): boolean {
  return session.csrfHash !== null && safeEqual(session.csrfHash, sha256Hex(token));
}

export async function endSession(db: Db, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Signs the user out everywhere, except (optionally) the session making the change. */
export async function endUserSessions(db: Db, userId: number, options: { except?: string } = {}): Promise<void> {
  await db
    .delete(sessions)
    .where(
      options.except ? and(eq(sessions.userId, userId), ne(sessions.id, options.except)) : eq(sessions.userId, userId),
    );
}

const PRUNE_EVERY = 200;
let startsSincePrune = 0;

function pruneNowAndThen(db: Db): void {
  if (++startsSincePrune < PRUNE_EVERY) return;
  startsSincePrune = 0;
  void db
    .delete(sessions)
    .where(lt(sessions.expiresAt, sql`now()`))
    .catch(() => undefined);
}
