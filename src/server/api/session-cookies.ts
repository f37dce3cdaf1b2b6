import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { cookieBase, SESSION_COOKIE, XSRF_COOKIE } from '../services/auth/sessions';
import { type ApiEnv, forwardedHttps } from './env';

/** Sets the HttpOnly session cookie and the script-readable XSRF-TOKEN cookie together. */
export function setSessionCookies(c: Context<ApiEnv>, cookieValue: string, csrfToken: string, expiresAt: Date): void {
  const base = cookieBase(forwardedHttps(c));
  setCookie(c, SESSION_COOKIE, cookieValue, { ...base, httpOnly: true, expires: expiresAt });
  setXsrfCookie(c, csrfToken, expiresAt);
}

export function setXsrfCookie(c: Context<ApiEnv>, csrfToken: string, expiresAt: Date): void {
  setCookie(c, XSRF_COOKIE, csrfToken, { ...cookieBase(forwardedHttps(c)), httpOnly: false, expires: expiresAt });
}

export function clearSessionCookies(c: Context<ApiEnv>): void {
  const { path, secure } = cookieBase(forwardedHttps(c));
  deleteCookie(c, SESSION_COOKIE, { path, secure });
  deleteCookie(c, XSRF_COOKIE, { path, secure });
}
