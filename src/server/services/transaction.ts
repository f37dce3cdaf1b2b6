/**
 * The one way to run a database transaction (ADR 017 "Conflicts"): PostgreSQL may abort a
 * transaction that waits in a lock cycle (deadlock, SQLSTATE 40P01) or cannot be serialised
 * (40001). Both mean "nothing was written; the same work again will most likely pass", so the
 * whole callback runs again, a bounded number of times with jittered back-off (two colliding
 * requests must not collide again in lock-step). A conflict that remains is the caller's 409 with
 * a reason (ConflictError), never a 500. PGlite has one writer and never aborts this way.
 *
 * The callback may run more than once: it does its work through `tx` only, and an outside effect
 * inside it (a card refund at the provider) carries an idempotency key. Jobs that hold a
 * transaction open around outside work (shared-jobs.server.ts) and the first seed (under the
 * migration lock) use their own; tests/unit/transactions.test.ts lists every other
 * `.transaction(` in src/ and fails for one outside this module.
 */
import type { Db } from '@/server/db/client';
import { errorChain } from '@/server/db/error-chain';
import { ConflictError } from './errors';
import { localized } from './localized';

/** The transaction handle the callback gets: a Db in every way a service uses it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Serialisation failure and deadlock: the transaction was rolled back and may simply run again. */
const RETRYABLE = new Set(['40001', '40P01']);

export const TRANSACTION_ATTEMPTS = 5;
/** Back-off before attempt n+1: a random wait in [0, BASE·2ⁿ) ms ("full jitter"). */
const BACKOFF_BASE_MS = 15;

export const TRANSACTION_CONFLICT = localized('admin.api.transactionConflict');

export function isRetryableConflict(error: unknown): boolean {
  for (const e of errorChain(error)) if (typeof e.code === 'string' && RETRYABLE.has(e.code)) return true;
  return false;
}

const pause = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export async function transaction<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  attempts = TRANSACTION_ATTEMPTS,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (!isRetryableConflict(error)) throw error;
      if (attempt >= attempts) throw new ConflictError(TRANSACTION_CONFLICT);
      await pause(Math.random() * BACKOFF_BASE_MS * 2 ** attempt);
    }
  }
}
