/**
 * Limits on password guessing at sign-in (ADR 009). Every attempt reserves a failure in the
 * database *before* the password is checked, one atomic upsert per counter, so parallel attempts
 * can never get more password checks than the limit allows; a successful sign-in gives its
 * reservation back. Unknown addresses are counted like known ones (no existence oracle).
 */
import type { Db } from '@/server/db/client';
import { forgiveRateLimitHit, hitRateLimit, resetRateLimit, type RateLimitRule } from '../rate-limit';
import { normaliseEmail } from './users';

/** Failed sign-ins per account and client address: the sixth try within a minute is a 429. */
export const LOGIN_FAILURE_LIMIT = { name: 'login-failures', limit: 5, windowSeconds: 60 } as const;
/**
 * Failed sign-ins per account from any address, against guessing spread over many addresses.
 * 20 per 15 minutes: far above what a person mistyping does, far below a useful guessing rate.
 */
export const LOGIN_ACCOUNT_LIMIT = { name: 'login-account', limit: 20, windowSeconds: 900 } as const;

export type SignInReservation =
  | { allowed: true; email: string; pair: string }
  | { allowed: false; rule: RateLimitRule; limit: number; retryAfterSeconds: number };

/** Counts the attempt as a failure for the account+address and for the account. */
export async function reserveSignInAttempt(
  db: Db,
  username: string,
  clientAddress: string,
): Promise<SignInReservation> {
  const email = normaliseEmail(username);
  const pair = `${email}|${clientAddress}`;
  const perPair = await hitRateLimit(db, LOGIN_FAILURE_LIMIT, pair);
  if (!perPair.allowed)
    return {
      allowed: false,
      rule: LOGIN_FAILURE_LIMIT,
      limit: perPair.limit,
      retryAfterSeconds: perPair.retryAfterSeconds,
    };
  const perAccount = await hitRateLimit(db, LOGIN_ACCOUNT_LIMIT, email);
  if (!perAccount.allowed) {
    return {
      allowed: false,
      rule: LOGIN_ACCOUNT_LIMIT,
      limit: perAccount.limit,
      retryAfterSeconds: perAccount.retryAfterSeconds,
    };
  }
  return { allowed: true, email, pair };
}

/**
 * The password was right: this address starts again from zero for the account (as it always
 * did, ADR 009), and the account-wide count loses only this attempt's reservation, so the owner
 * signing in does not wipe out the failures of someone guessing from elsewhere.
 */
export async function signInSucceeded(db: Db, reservation: { email: string; pair: string }): Promise<void> {
  await resetRateLimit(db, LOGIN_FAILURE_LIMIT.name, reservation.pair);
  await forgiveRateLimitHit(db, LOGIN_ACCOUNT_LIMIT, reservation.email);
}
