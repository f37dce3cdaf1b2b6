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
import { writeEpoch } from '@/server/db/write-epoch';
import { sha256Hex } from './crypto';
import { type ResolvedSession, resolveSession } from './sessions';

interface Remembered {
  db: Db;
  epoch: number;
  storedAt: number;
  resolved: ResolvedSession | null;
}

/** Bounds memory against a flood of made-up cookies; the oldest entry goes first. */
const MAX_ENTRIES = 5_000;
/** Belt and braces for anything time-dependent the lookup might gain later. */
const MAX_AGE_MS = 60_000;
const remembered = new Map<string, Remembered>();

function stillExact(entry: Remembered, db: Db, epoch: number, now: number): boolean {
  if (entry.db !== db || entry.epoch !== epoch || now - entry.storedAt > MAX_AGE_MS) return false;
  const resolved = entry.resolved;
  // An expired session, or one whose sliding expiry is due, goes to the database.
  return resolved === null || (resolved.session.expiresAt.getTime() > now && resolved.touchAt > now);
}

export async function resolvePageSession(
  db: Db,
  cookieValue: string | undefined,
  also: (userId: AnyColumn) => SQL<number>,
): Promise<ResolvedSession | null> {
  const epoch = writeEpoch(db);
  if (epoch === null || !cookieValue || cookieValue.length > 128) return resolveSession(db, cookieValue, also);
  const key = sha256Hex(cookieValue);
  const now = Date.now();
  const entry = remembered.get(key);
  // The cookies were re-sent when the lookup that is remembered moved the expiry on.
  if (entry && stillExact(entry, db, epoch, now)) return entry.resolved && { ...entry.resolved, extended: false };
  // The epoch from before the lookup: a write while it ran leaves the entry stale at once.
  const resolved = await resolveSession(db, cookieValue, also);
  remembered.delete(key);
  remembered.set(key, { db, epoch, storedAt: now, resolved });
  if (remembered.size > MAX_ENTRIES) remembered.delete(remembered.keys().next().value!);
  return resolved;
}
