import { firstErrors } from '@/features/forms/first-errors';
import { atom } from 'nanostores';
import { ApiError, type Envelope } from '@/lib/api-client';
import { signInUrl } from '@/lib/redirect';
import { api, onUnauthorized } from '@/stores/api';
import { pageHref } from '@/lib/language-path';

/**
 * Auth state of the browser (accounts spec §3 "Auth state", §4 "Authentication", "Session
 * expiry"). The session itself is an HttpOnly cookie the browser never sees; what is kept here
 * is the spec's session marker in localStorage (a flag, never a token) and the state islands
 * render from.
 *
 * Every page is server-rendered with the signed-in state on <html> (data-signed-in,
 * data-email-verified, see DefaultLayout): that is the start value and the marker follows it.
 * Without those attributes the marker decides, as the spec says.
 *
 * Importing this module registers the 401 handling: the first 401 of a session clears the local
 * state once and goes to sign-in with a redirect back (the API client has shown the toast).
 */

export interface AuthState {
  isAuthenticated: boolean;
  emailVerified: boolean;
  isLoading: boolean;
  error: string | null;
}

export const SESSION_MARKER_KEY = 'shop.signedIn';

/** What an action tells the form that called it. */
export interface AuthResult {
  ok: boolean;
  /** The server's message, else the caller's fallback. */
  message: string;
  /** Field errors of a 422, first message per field, keyed like the request. */
  errors: Record<string, string>;
  /** HTTP status (0: no answer). */
  status: number;
  /** Resend only: the address was verified already (the server's flag, whatever the language). */
  alreadyVerified?: boolean;
}

export interface RegisterFields {
  name: string;
  surname: string;
  email: string;
  /** International form, e.g. "+44 20 7946 0958". */
  phone: string;
  /** ISO 3166 alpha-2, e.g. "GB". */
  phoneCountryCode: string;
  /** Digits only. */
  nationalNumber: string;
  password: string;
  passConfirm: string;
}

// ---------------------------------------------------------------------------------------------
// Pure parts (unit-tested)

export interface PageAuth {
  signedIn?: string;
  emailVerified?: string;
}

/** Start value: the page's word when it has one, else the stored marker. */
export function initialAuthState(page: PageAuth, marker: boolean): AuthState {
  const known = page.signedIn === 'true' || page.signedIn === 'false';
  const isAuthenticated = known ? page.signedIn === 'true' : marker;
  return {
    isAuthenticated,
    emailVerified: isAuthenticated && page.emailVerified === 'true',
    isLoading: false,
    error: null,
  };
}

/** First message of each field of a 422. */
function messageOf(body: Envelope | null | undefined, fallback: string): string {
  const message = body?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : fallback;
}

function failure(error: unknown, fallback: string): AuthResult {
  if (error instanceof ApiError) {
    return { ok: false, message: error.message || fallback, errors: firstErrors(error.errors), status: error.status };
  }
  return { ok: false, message: fallback, errors: {}, status: 0 };
}

// ---------------------------------------------------------------------------------------------
// Marker (localStorage; unavailable storage just means no marker)

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function hasSessionMarker(): boolean {
  try {
    return storage()?.getItem(SESSION_MARKER_KEY) === '1';
  } catch {
    return false;
  }
}

function writeMarker(signedIn: boolean): void {
  try {
    const store = storage();
    if (!store) return;
    if (signedIn) store.setItem(SESSION_MARKER_KEY, '1');
    else store.removeItem(SESSION_MARKER_KEY);
  } catch {
    // Private mode or a full quota: the server-rendered state still holds.
  }
}

function readPageAuth(): PageAuth {
  if (typeof document === 'undefined') return {};
  const data = document.documentElement.dataset;
  return { signedIn: data.signedIn, emailVerified: data.emailVerified };
}

// ---------------------------------------------------------------------------------------------
// Store

const page = readPageAuth();
export const $auth = atom<AuthState>(initialAuthState(page, hasSessionMarker()));
// The page the server rendered is the truth for this page; the marker follows it.
if (page.signedIn === 'true' || page.signedIn === 'false') writeMarker(page.signedIn === 'true');

function patch(next: Partial<AuthState>): void {
  $auth.set({ ...$auth.get(), ...next });
}

const signedOutHandlers = new Set<() => void>();

/**
 * Runs `handler` whenever the local session ends (logout, even a failed one, or a 401): the
 * profile and cart stores clear themselves here. Returns the unsubscribe function.
 */
export function onSignedOut(handler: () => void): () => void {
  signedOutHandlers.add(handler);
  return () => {
    signedOutHandlers.delete(handler);
  };
}

/** Ends the session in this browser only: marker, state, and every onSignedOut store. */
export function clearLocalSession(): void {
  writeMarker(false);
  $auth.set({ isAuthenticated: false, emailVerified: false, isLoading: false, error: null });
  for (const handler of [...signedOutHandlers]) {
    try {
      handler();
    } catch {
      // One store failing to clear must not keep the others (or the logout) from finishing.
    }
  }
}

function signedIn(emailVerified: boolean): void {
  writeMarker(true);
  api.resetSessionExpired();
  expiredHandled = false;
  $auth.set({ isAuthenticated: true, emailVerified, isLoading: false, error: null });
}

/** POST /login. On success the caller navigates (a full page load renders the signed-in frame). */
export async function signIn(
  username: string,
  password: string,
  options: { fallbackMessage?: string } = {},
): Promise<AuthResult> {
  const fallback = options.fallbackMessage ?? 'Authentication failed';
  patch({ isLoading: true, error: null });
  try {
    const body = await api.post(
      '/login',
      { username, password },
      { fallbackMessage: fallback, skipAuthHandling: true },
    );
    signedIn(body.payload?.user?.email_verified === true);
    return { ok: true, message: messageOf(body, ''), errors: {}, status: 200 };
  } catch (error) {
    const result = failure(error, fallback);
    patch({ isLoading: false, error: result.message });
    return result;
  }
}

/** POST /register; signs in on success (the caller goes to /email-verification). */
export async function register(
  fields: RegisterFields,
  options: { fallbackMessage?: string } = {},
): Promise<AuthResult> {
  const fallback = options.fallbackMessage ?? 'Registration failed';
  patch({ isLoading: true, error: null });
  try {
    const body = await api.post('/register', { ...fields }, { fallbackMessage: fallback, skipAuthHandling: true });
    signedIn(body.payload?.user?.email_verified === true);
    return { ok: true, message: messageOf(body, ''), errors: {}, status: 201 };
  } catch (error) {
    const result = failure(error, fallback);
    patch({ isLoading: false, error: result.message });
    return result;
  }
}

/**
 * POST /logout, then clears the marker, the state and the onSignedOut stores whatever the
 * answer (spec §4). `ok` is false when the server call failed (the caller may toast it).
 */
export async function logout(options: { fallbackMessage?: string } = {}): Promise<AuthResult> {
  const fallback = options.fallbackMessage ?? 'Logout failed';
  patch({ isLoading: true, error: null });
  let result: AuthResult;
  try {
    const body = await api.post('/logout', {}, { fallbackMessage: fallback, skipAuthHandling: true });
    result = { ok: true, message: messageOf(body, ''), errors: {}, status: 200 };
  } catch (error) {
    result = failure(error, fallback);
  }
  clearLocalSession();
  if (!result.ok) patch({ error: result.message });
  return result;
}

/** GET /is-auth: both flags from the server, or both false when the check fails. */
export async function checkAuth(): Promise<AuthState> {
  patch({ isLoading: true });
  try {
    const body = await api.get('/is-auth', { skipAuthHandling: true });
    const isAuthenticated = body.authenticated === true;
    writeMarker(isAuthenticated);
    $auth.set({
      isAuthenticated,
      emailVerified: isAuthenticated && body.emailVerified === true,
      isLoading: false,
      error: null,
    });
  } catch {
    $auth.set({ isAuthenticated: false, emailVerified: false, isLoading: false, error: null });
  }
  return $auth.get();
}

/** POST /email/verify/resend: `ok` with the server's message, else the fallback; `alreadyVerified` from the payload's flag. */
export async function resendVerification(options: { fallbackMessage?: string } = {}): Promise<AuthResult> {
  const fallback = options.fallbackMessage ?? 'Failed to send verification email';
  try {
    const body = await api.post('/email/verify/resend', {}, { fallbackMessage: fallback });
    const ok = body.status === 'OK';
    const alreadyVerified = ok && body.payload?.already_verified === true;
    if (alreadyVerified) patch({ emailVerified: true });
    return { ok, message: messageOf(body, ok ? '' : fallback), errors: {}, status: 200, alreadyVerified };
  } catch (error) {
    return failure(error, fallback);
  }
}

/** POST /user/reset-password: the same answer whether or not the address has an account. */
export async function requestPasswordReset(
  email: string,
  options: { fallbackMessage?: string } = {},
): Promise<AuthResult> {
  const fallback = options.fallbackMessage ?? 'Failed to reset the password';
  try {
    const body = await api.post(
      '/user/reset-password',
      { email },
      { fallbackMessage: fallback, skipAuthHandling: true },
    );
    return { ok: true, message: messageOf(body, ''), errors: {}, status: 200 };
  } catch (error) {
    return failure(error, fallback);
  }
}

export interface NewPasswordFields {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}

/** POST /reset-password with the emailed token; the shopper signs in afterwards. */
export async function resetPassword(
  fields: NewPasswordFields,
  options: { fallbackMessage?: string } = {},
): Promise<AuthResult> {
  const fallback = options.fallbackMessage ?? 'Failed to reset password';
  try {
    const body = await api.post(
      '/reset-password',
      { ...fields },
      { fallbackMessage: fallback, skipAuthHandling: true },
    );
    return { ok: true, message: messageOf(body, ''), errors: {}, status: 200 };
  } catch (error) {
    return failure(error, fallback);
  }
}

// ---------------------------------------------------------------------------------------------
// Session expiry (spec §4): once per session, clear locally and go to sign-in with a way back.

let expiredHandled = false;

export function handleSessionExpired(
  navigate: (url: string) => void = defaultNavigate,
  signedInOnly: boolean = onSignedInOnlyPage(),
): void {
  if (expiredHandled) return;
  expiredHandled = true;
  clearLocalSession();
  // Only a page for customers sends the shopper away; the cart, the lists and the rest are open
  // to guests, so the shopper stays and reads the toast (accounts spec §4).
  if (!signedInOnly) return;
  const here = typeof location === 'undefined' ? undefined : location.pathname + location.search;
  navigate(pageHref(signInUrl(here)));
}

/** DefaultLayout marks the pages its guard keeps for signed-in customers. */
function onSignedInOnlyPage(): boolean {
  return typeof document !== 'undefined' && document.documentElement.dataset.signedInOnly !== undefined;
}

function defaultNavigate(url: string): void {
  if (typeof location !== 'undefined') location.assign(url);
}

onUnauthorized(() => handleSessionExpired());

// Another tab signed out (or in): follow it, so this tab's islands stop acting signed in.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== SESSION_MARKER_KEY) return;
    if (event.newValue !== '1' && $auth.get().isAuthenticated) clearLocalSession();
  });
}
