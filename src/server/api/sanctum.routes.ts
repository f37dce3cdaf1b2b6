import { getCookie } from 'hono/cookie';
import { csrfTokenMatches, renewCsrfToken, SESSION_COOKIE, startSession, XSRF_COOKIE } from '../services/auth/sessions';
import { clientAddress, createRouter } from './env';
import { setSessionCookies } from './session-cookies';

/**
 * GET /sanctum/csrf-cookie: 204 with XSRF-TOKEN and the session cookie. Keeps a live session
 * (and its token when the cookie still holds it); otherwise starts a guest session.
 */
export const sanctumApp = createRouter().get('/csrf-cookie', async (c) => {
  const db = c.var.db;
  const current = c.var.session;
  c.header('Cache-Control', 'no-store');
  if (current) {
    const cookieToken = getCookie(c, XSRF_COOKIE);
    const token =
      cookieToken && csrfTokenMatches(current, cookieToken) ? cookieToken : await renewCsrfToken(db, current);
    setSessionCookies(c, getCookie(c, SESSION_COOKIE)!, token, current.expiresAt);
    return c.body(null, 204);
  }
  const started = await startSession(db, {
    userId: null,
    ip: clientAddress(c),
    userAgent: c.req.header('User-Agent'),
  });
  setSessionCookies(c, started.cookieValue, started.csrfToken, started.session.expiresAt);
  return c.body(null, 204);
});
