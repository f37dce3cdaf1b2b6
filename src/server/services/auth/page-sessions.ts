/**
 * The session lookup of page requests, remembered on PGlite while nothing was written (issue 18:
 * signed-in pages within the guest budget). Every PGlite statement runs on the process's one
 * thread (~1 ms even for this indexed lookup), which was most of what a cached signed-in page
 * cost. An embedded database has no other writer, so an answer read at write epoch n is exact
 * while the epoch is still n (db/write-epoch.ts): a sign-out, a role change, a cart change or a
 * stock change anywhere makes the next page ask again. On PostgreSQL other instances write too:
 * every page asks the database (a round trip that does not block this thread).
 */
import type { AnyColumn, SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { rememberWhileUnwritten } from '@/server/db/write-epoch';
import { sha256Hex } from './crypto';
import { type ResolvedSession, resolveSession } from './sessions';

const remembered = rememberWhileUnwritten<ResolvedSession | null>({
  // Bounds memory against a flood of made-up cookies.
  maxEntries: 5_000,
  // An expired session, or one whose sliding expiry is due, goes to the database.
  stillGood: (resolved, now) =>
    resolved === null || (resolved.session.expiresAt.getTime() > now && resolved.touchAt > now),
});

export async function resolvePageSession(
  db: Db,
  cookieValue: string | undefined,
  also: (userId: AnyColumn) => SQL<number>,
): Promise<ResolvedSession | null> {
  if (!cookieValue || cookieValue.length > 128) return resolveSession(db, cookieValue, also);
  const { value, remembered: again } = await remembered(db, sha256Hex(cookieValue), () =>
    resolveSession(db, cookieValue, also),
  );
  // The cookies were re-sent when the lookup that is remembered moved the expiry on.
  return again && value ? { ...value, extended: false } : value;
}
