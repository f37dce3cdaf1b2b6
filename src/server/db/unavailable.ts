/**
 * Whether an error means "the database cannot be reached or is not answering in time" (an
 * outage the caller should retry: 503 + Retry-After), as opposed to a bug or a bad query (500).
 * The one place that knows what node-postgres, pg-pool and PostgreSQL say when the server is
 * down, restarting, full or too slow; API errors, pages and the start script all ask it.
 * See docs/decisions/017-load-faults-shutdown.md.
 */

import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { errorChain } from './error-chain';

/** Seconds a client is asked to wait (Retry-After) before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The shop cannot reach its database at the moment. Nothing was changed; please try again in a few seconds.';

/** Socket errors of a connection that could not be made or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of an unavailable server: class 08 (connection exception) is matched by prefix;
 * 57P01 admin_shutdown (pg_ctl stop/restart -m fast), 57P02 crash_shutdown, 57P03
 * cannot_connect_now (starting up or shutting down), 53300 too_many_connections, 57014
 * query_canceled (our statement_timeout: the database is too slow right now).
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/** node-postgres and pg-pool report these without a code. */
const MESSAGES = [
  /^Connection terminated/i, // "… unexpectedly", "… due to connection timeout"
  /timeout exceeded when trying to connect/i, // pg-pool: no connection within connectionTimeoutMillis
  /Client has encountered a connection error and is not queryable/i,
  /Cannot use a pool after calling end on the pool/i, // shutting down
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of errorChain(error)) {
    if (
      typeof e.code === 'string' &&
      (NETWORK_CODES.has(e.code) || SQLSTATES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code))
    )
      return true;
    if (typeof e.message === 'string' && MESSAGES.some((pattern) => pattern.test(e.message as string))) return true;
    // A connection tried on several addresses fails with an AggregateError of each attempt.
    if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}

/**
 * Whether the database is unreachable right now (one `select 1`). For answers that degraded
 * without the error at hand: a page that caught its own query failure and shows its in-page
 * message with a 500 is then answered as the outage it is (503 + Retry-After).
 */
export async function isDatabaseDown(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return false;
  } catch (error) {
    return isDatabaseUnavailable(error);
  }
}
