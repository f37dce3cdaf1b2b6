/**
 * Where to send a visitor after sign-in (accounts spec §2: "goes to the redirect value, or to
 * /account if none"). The value comes from the query string, so anything but a path on this
 * site is ignored: no other host (`//evil.example`, `/\evil.example`), no scheme
 * (`javascript:`, `https:`), no control characters (browsers drop tabs and newlines, which would
 * turn `/\t/evil.example` into `//evil.example`), no backslashes. Used by the browser forms and
 * by the server guards alike.
 */

export const DEFAULT_REDIRECT = '/account';
const MAX_LENGTH = 2048;
// C0 controls, DEL, C1 controls and the Unicode line/paragraph separators.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const PROBE_ORIGIN = 'http://redirect.invalid';

export function isSafeRedirect(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  if (value.length === 0 || value.length > MAX_LENGTH) return false;
  if (value[0] !== '/' || value[1] === '/') return false;
  if (value.includes('\\') || CONTROL.test(value)) return false;
  try {
    // Whatever a browser would make of it must stay on this origin.
    return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

/** `value` when it is a same-site path, else `fallback`. */
export function safeRedirect(value: unknown, fallback: string = DEFAULT_REDIRECT): string {
  return isSafeRedirect(value) ? value : fallback;
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
