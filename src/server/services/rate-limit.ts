/**
 * Fixed-window request counters in the `rate_limits` table. One atomic upsert per hit, so every
 * app instance sharing the database sees the same count (ADR 015): there is no
 * read-then-write race and no per-process memory to keep in step. Time comes from the database
 * clock only, so instances with skewed clocks still agree on when a window ends.
 */
import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { config } from '../config';
import { rateLimits } from '../db/schema/index';

export interface RateLimitRule {
  /** Names the limit, e.g. "newsletter" or "login-ip"; part of the stored key. */
  name: string;
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Hits in the current window, this one included. */
  count: number;
  limit: number;
  remaining: number;
  resetAt: Date;
  /** Whole seconds until the window ends (at least 1), for Retry-After. */
  retryAfterSeconds: number;
}

/**
 * Every limit times RATE_LIMIT_MULTIPLIER (default 1): the end-to-end suite signs in many times
 * a minute from one address and raises it; production leaves it at 1.
 */
function scaled(rule: RateLimitRule): number {
  return rule.limit * config().RATE_LIMIT_MULTIPLIER;
}

/** The column is varchar(191); long identifiers (emails, tokens) are hashed to fit and to stay private. */
const MAX_KEY = 191;

export function rateLimitKey(name: string, identifier: string): string {
  const key = `${name}:${identifier}`;
  if (key.length <= MAX_KEY) return key;
  return `${name}:#${createHash('sha256').update(identifier).digest('base64url')}`.slice(0, MAX_KEY);
}

/** Expired rows are only dead weight (the upsert restarts them anyway); sweep now and then. */
const PRUNE_EVERY = 500;
let hitsSincePrune = 0;

/**
 * Counts one hit for `identifier` under the rule and says whether it is within the limit.
 * A hit over the limit is still counted, so hammering does not shorten the wait.
 */
export async function hitRateLimit(db: Db, rule: RateLimitRule, identifier: string): Promise<RateLimitResult> {
  if (!Number.isInteger(rule.limit) || rule.limit < 1)
    throw new RangeError(`rate limit ${rule.name}: limit must be >= 1`);
  if (!Number.isInteger(rule.windowSeconds) || rule.windowSeconds < 1) {
    throw new RangeError(`rate limit ${rule.name}: windowSeconds must be >= 1`);
  }
  const key = rateLimitKey(rule.name, identifier);
  const window = sql`make_interval(secs => ${rule.windowSeconds})`;
  // In ON CONFLICT ... DO UPDATE every SET expression reads the old row, so both CASEs agree on
  // whether the window had ended. least() keeps a flood from overflowing the integer.
  const result = await db.execute(sql`
    insert into ${rateLimits} (key, count, reset_at)
    values (${key}, 1, now() + ${window})
    on conflict (key) do update set
      count = case when ${rateLimits}.reset_at <= now() then 1
                   else least(${rateLimits}.count + 1, 2147483646) end,
      reset_at = case when ${rateLimits}.reset_at <= now() then excluded.reset_at
                      else ${rateLimits}.reset_at end
    returning count, reset_at,
      greatest(1, ceil(extract(epoch from (reset_at - now()))))::int as retry_after`);
  const row = rowsOf<{ count: number; reset_at: string | Date; retry_after: number }>(result)[0];
  if (!row) throw new Error('rate limit upsert returned no row');

  if (++hitsSincePrune >= PRUNE_EVERY) {
    hitsSincePrune = 0;
    void pruneRateLimits(db).catch(() => undefined);
  }

  const count = Number(row.count);
  const limit = scaled(rule);
  return {
    allowed: count <= limit,
    count,
    limit,
    remaining: Math.max(0, limit - count),
    resetAt: new Date(row.reset_at),
    retryAfterSeconds: Number(row.retry_after),
  };
}

/**
 * Gives back one hit of the current window: for limits on failures only (failed sign-ins, wrong
 * passwords). Such a limit must still count *before* the attempt (hitRateLimit), or parallel
 * attempts all pass a check made before any of them is counted (ADR 009: 40 parallel wrong
 * passwords got 30 password checks); an attempt that turns out not to be a failure is given
 * back afterwards. There is deliberately no way to read a window without counting.
 */
export async function forgiveRateLimitHit(db: Db, rule: RateLimitRule, identifier: string): Promise<void> {
  await db.execute(sql`
    update ${rateLimits} set count = greatest(count - 1, 0)
    where key = ${rateLimitKey(rule.name, identifier)} and reset_at > now()`);
}

/** Forgets a key's window, e.g. after a successful login clears the failed attempts. */
export async function resetRateLimit(db: Db, name: string, identifier: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${rateLimitKey(name, identifier)}`);
}

/** Deletes windows that have ended; returns how many. */
export async function pruneRateLimits(db: Db): Promise<number> {
  const deleted = await db
    .delete(rateLimits)
    .where(lt(rateLimits.resetAt, sql`now()`))
    .returning({ key: rateLimits.key });
  return deleted.length;
}

/** node-postgres returns a QueryResult, PGlite a Results object; both carry `rows`. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
