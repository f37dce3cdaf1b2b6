import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { resolveAccessToken } from '../services/auth/access-tokens';
import { safeEqual } from '../services/auth/crypto';
import { csrfTokenMatches, resolveSession, SESSION_COOKIE, XSRF_COOKIE } from '../services/auth/sessions';
import type { ApiEnv } from './env';
import { HttpError } from './errors';
import { UNAUTHENTICATED } from './auth-guards';
import { setSessionCookies } from './session-cookies';

const BEARER = /^Bearer\s+(.+)$/i;

/**
 * Who is calling: a bearer token (API clients) or the session cookie (the web front end).
 * A request that presents a bearer token is judged by it alone, cookies are ignored; a bearer
 * that is not valid is a 401 at once, so a client with a revoked token hears why.
 */
export function withAuth(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    c.set('user', null);
    c.set('session', null);
    c.set('authVia', null);
    c.set('tokenId', null);
    const authorization = c.req.header('Authorization');
    if (authorization) {
      const bearer = BEARER.exec(authorization)?.[1]?.trim();
      const resolved = bearer ? await resolveAccessToken(c.var.db, bearer) : null;
      if (!resolved) return c.json(UNAUTHENTICATED, 401);
      c.set('user', resolved.user);
      c.set('authVia', 'token');
      c.set('tokenId', resolved.tokenId);
      return next();
    }
    const cookieValue = getCookie(c, SESSION_COOKIE);
    const resolved = await resolveSession(c.var.db, cookieValue);
    if (resolved) {
      c.set('session', resolved.session);
      const xsrf = getCookie(c, XSRF_COOKIE);
      if (resolved.extended && cookieValue && xsrf) setSessionCookies(c, cookieValue, xsrf, resolved.session.expiresAt);
      if (resolved.user) {
        c.set('user', resolved.user);
        c.set('authVia', 'session');
      }
    }
    return next();
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_MISMATCH = 'CSRF token mismatch.';

/**
 * Every write without a bearer token carries X-XSRF-TOKEN equal to the XSRF-TOKEN cookie and
 * to the token the session was given (a cookie planted from a sibling domain does not match
 * the session). Else 419, as Laravel Sanctum answers.
 */
export function csrfProtection(
  options: { exempt?: (c: Context<ApiEnv>) => boolean | Promise<boolean> } = {},
): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || c.var.authVia === 'token' || (await options.exempt?.(c))) return next();
    const header = c.req.header('X-XSRF-TOKEN');
    const cookie = getCookie(c, XSRF_COOKIE);
    const session = c.var.session;
    if (!header || !cookie || !session || !safeEqual(header, cookie) || !csrfTokenMatches(session, header)) {
      throw new HttpError(419 as ContentfulStatusCode, CSRF_MISMATCH);
    }
    return next();
  };
}

/**
 * An API client's sign-in (`POST /api/login` with `device_name`) needs no CSRF token: it gets a
 * bearer token in the body and no cookie, so a forged cross-site request gains nothing.
 */
export async function isTokenLogin(c: Context<ApiEnv>): Promise<boolean> {
  if (c.req.method !== 'POST' || c.req.path !== '/api/login') return false;
  const body: unknown = await c.req.json().catch(() => undefined);
  const device = body && typeof body === 'object' ? (body as Record<string, unknown>).device_name : undefined;
  return typeof device === 'string' && device.trim() !== '';
}
