import type { Context } from 'hono';

/** The signature part of a mailed link's query (?expires=&signature=), as the services check it. */
export function linkSignature(c: Context): { expires: string | undefined; signature: string | undefined } {
  return { expires: c.req.query('expires'), signature: c.req.query('signature') };
}

/**
 * Where a mailed link sends the browser once handled: to the outcome page, never cached, and
 * without the signed link in the Referer of whatever that page loads.
 */
export function redirectToOutcome(c: Context, page: string): Response {
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  return c.redirect(page, 302);
}
