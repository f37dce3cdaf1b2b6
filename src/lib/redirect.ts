/**
 * The one same-site check for every redirect the shop makes from a value it did not build itself:
 * sign-in's and email verification's `?redirect=`, the no-JavaScript locale switch, the payment
 * return, the islands that navigate after sign-in. A value passes only as a path on this site
 * (or, where a caller names its own origin, an absolute URL on exactly that origin):
 * - no other host: `//evil.example`, `/\evil.example`, `https://evil.example`, `javascript:`;
 * - no control characters, raw or percent-encoded: browsers drop tabs and newlines, so
 *   `/\t/evil.example` becomes `//evil.example`, and CR/LF would split the Location header;
 * - no backslashes, and no encoded slash or backslash (`%2f`, `%5c`) in the path, which a proxy
 *   or a second decoding could turn into `//evil.example`;
 * - at most MAX_LENGTH characters.
 * Isomorphic: the browser forms and the server use the same function.
 */

export const DEFAULT_REDIRECT = '/account';
export const MAX_REDIRECT_LENGTH = 2048;
// C0 controls, DEL, C1 controls and the Unicode line/paragraph separators.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i;
const ENCODED_SEPARATOR = /%(?:2f|5c)/i;
const PROBE_ORIGIN = 'http://redirect.invalid';

export interface RedirectOptions {
  /** An absolute URL on this origin passes too (the payment return is built from PUBLIC_URL). */
  origin?: string;
}

function isSafePath(value: string): boolean {
  if (value[0] !== '/' || value[1] === '/') return false;
  const path = value.split(/[?#]/, 1)[0] ?? '';
  if (ENCODED_SEPARATOR.test(path)) return false;
  try {
    // Whatever a browser would make of it must stay on this origin.
    return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

function originOf(url: string): string | null {
  try {
    const { origin, protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? origin : null;
  } catch {
    return null;
  }
}

export function isSafeRedirect(value: unknown, options: RedirectOptions = {}): value is string {
  if (typeof value !== 'string') return false;
  if (value.length === 0 || value.length > MAX_REDIRECT_LENGTH) return false;
  if (value.includes('\\') || CONTROL.test(value) || ENCODED_CONTROL.test(value)) return false;
  const own = options.origin ? originOf(options.origin) : null;
  // `https://shop.example/path` is that origin followed by a safe path, compared as text, so
  // user info (`https://shop.example@evil.example`) or another port never passes.
  if (own && value.startsWith(`${own}/`)) return isSafePath(value.slice(own.length));
  return isSafePath(value);
}

/** `value` when it is a same-site path (or a URL on `options.origin`), else `fallback`. */
export function safeRedirect(
  value: unknown,
  fallback: string = DEFAULT_REDIRECT,
  options: RedirectOptions = {},
): string {
  return isSafeRedirect(value, options) ? value : fallback;
}

/**
 * The sign-in page that returns to `path` afterwards (navigation guard and 401 handling).
 * A path that is itself unsafe, or the auth pages themselves, give the plain sign-in page.
 */
export function signInUrl(path?: string | null): string {
  const base = '/auth?form=signin';
  if (!path || !isSafeRedirect(path)) return base;
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  if (pathname === '/auth' || pathname === '/reset-password') return base;
  return `${base}&redirect=${encodeURIComponent(path)}`;
}
