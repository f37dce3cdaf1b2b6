import type { MiddlewareHandler } from 'hono';
import type { ApiEnv } from './env';
import { errorBody } from './envelope';

/** The spec's texts (accounts spec §7) in the documented error envelope, with the codes islands decide on (error-codes.ts). */
export const UNAUTHENTICATED = errorBody('unauthenticated', 'Unauthenticated.');
export const EMAIL_NOT_VERIFIED = errorBody('email_not_verified', 'Your email address is not verified.');

/** 401 unless someone is signed in (session or bearer token). */
export function requireAuth(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (!c.var.user) return c.json(UNAUTHENTICATED, 401, { 'Cache-Control': 'no-store' });
    return next();
  };
}

/** requireAuth, and 403 while the address is unverified (docs/decisions/009-accounts.md). */
export function requireVerified(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const user = c.var.user;
    if (!user) return c.json(UNAUTHENTICATED, 401, { 'Cache-Control': 'no-store' });
    if (!user.emailVerified) return c.json(EMAIL_NOT_VERIFIED, 403, { 'Cache-Control': 'no-store' });
    return next();
  };
}
