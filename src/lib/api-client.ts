/**
 * The browser's one way to call the shop API (accounts spec §7 common rules). Islands call
 * `api.get/post/...`; pages never do (they call server services directly).
 *
 * Pure factory + a default instance: tests build their own client with stubbed hooks.
 */

import type { FieldErrors } from './contract/envelope';
import type { ErrorCode } from './contract/error-codes';
import { pageHref } from './language-path';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Any /api answer as the client reads it before it knows the route (errors, 204s); the typed
 * replies of each route are the contract's (src/lib/contract/client.ts).
 */
export interface Envelope<T = unknown> {
  status: string;
  payload?: T;
  message?: string | null;
  /** An error's machine code (src/lib/contract/error-codes.ts): what code decides on, never `message`. */
  code?: ErrorCode;
  errors?: FieldErrors;
  [extra: string]: unknown;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: Record<string, unknown>;
  /** Default 6 s; totals and checkout pass LONG_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Lets the caller cancel (e.g. a newer totals request supersedes an older one). */
  signal?: AbortSignal;
  /** false: do not add `currency`/`lang_id` (the spec's "unless a request opts out"). */
  withLocale?: boolean;
  /** Shown when the server gives no message. */
  fallbackMessage?: string;
  /** Skip the shared 401/403 handling (e.g. the auth check itself expects a 401). */
  skipAuthHandling?: boolean;
  /** Extra request headers (e.g. checkout's Idempotency-Key); never overrides the client's own. */
  headers?: Record<string, string>;
  /** A file upload (multipart/form-data, e.g. /admin/media) instead of a JSON body; no locale is added. */
  form?: FormData;
}

export const DEFAULT_TIMEOUT_MS = 6_000;
export const LONG_TIMEOUT_MS = 30_000;
export const SESSION_EXPIRED_TOAST_MS = 3_000;

export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 for a network failure, timeout or cancellation. */
    readonly status: number,
    readonly body: Envelope | null = null,
    readonly reason: 'http' | 'network' | 'timeout' | 'aborted' = 'http',
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Field errors of a 422, keyed like the request fields. */
  get errors(): FieldErrors {
    return this.body?.errors ?? {};
  }

  /** The server's code; undefined for a network failure or a body that is no envelope. */
  get code(): ErrorCode | undefined {
    return this.body?.code;
  }
}

/**
 * Errors the client has already dealt with for the shopper (the 401 toast and sign-in redirect,
 * the 403 verification redirect): forms should not toast them a second time.
 */
export function handledByClient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 401 || error.code === 'email_not_verified';
}

export interface ApiClientHooks {
  /** Default '/api'. */
  base?: string;
  fetch?: typeof fetch;
  /** `currency` code and `lang_id` added to every call. */
  locale?: () => { currency?: string; lang_id?: string | number };
  /** A bearer token for API clients (apps, scripts); the web front end has none. */
  token?: () => string | null | undefined;
  /** Reads a cookie (XSRF-TOKEN); default: document.cookie. */
  readCookie?: (name: string) => string | undefined;
  /** Shows a toast; the 401 path uses it. */
  notify?: (message: string, autoCloseMs: number) => void;
  sessionExpiredText?: () => string;
  /** After the first 401 of a session: log out locally, redirect to sign-in, … */
  onUnauthorized?: () => void;
  /** 403 `email_not_verified` ("Your email address is not verified."): default redirect to /email-verification. */
  onEmailNotVerified?: (redirectPath: string) => void;
  /** Current path for the verification redirect; default location.pathname + search. */
  currentPath?: () => string;
  /** Where the XSRF cookie comes from; default '/sanctum/csrf-cookie'. */
  csrfCookiePath?: string;
}

export interface ApiClient {
  request<T = unknown>(method: HttpMethod, path: string, options?: RequestOptions): Promise<Envelope<T>>;
  get<T = unknown>(path: string, options?: RequestOptions): Promise<Envelope<T>>;
  post<T = unknown>(path: string, body?: Record<string, unknown>, options?: RequestOptions): Promise<Envelope<T>>;
  put<T = unknown>(path: string, body?: Record<string, unknown>, options?: RequestOptions): Promise<Envelope<T>>;
  patch<T = unknown>(path: string, body?: Record<string, unknown>, options?: RequestOptions): Promise<Envelope<T>>;
  delete<T = unknown>(path: string, options?: RequestOptions): Promise<Envelope<T>>;
  /** Call after a successful sign-in so the next 401 is reported again. */
  resetSessionExpired(): void;
  readonly sessionExpired: boolean;
}

export function readDocumentCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

const BODY_METHODS = new Set<HttpMethod>(['POST', 'PUT', 'PATCH']);

function buildUrl(base: string, path: string, query: RequestOptions['query']): string {
  const url = `${base.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

async function parseBody(response: Response): Promise<Envelope | null> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Envelope) : null;
  } catch {
    return null;
  }
}

function serverMessage(body: Envelope | null): string | undefined {
  const message = body?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

export const CSRF_MISMATCH_STATUS = 419;

export function createApiClient(hooks: ApiClientHooks = {}): ApiClient {
  const base = hooks.base ?? '/api';
  const readCookie = hooks.readCookie ?? readDocumentCookie;
  const csrfCookiePath = hooks.csrfCookiePath ?? '/sanctum/csrf-cookie';
  let sessionExpired = false;
  let csrfInFlight: Promise<void> | null = null;

  /** Fetches the XSRF cookie once for all writes waiting on it; failures surface on the write. */
  function ensureCsrfCookie(force: boolean): Promise<void> {
    if (!force && readCookie('XSRF-TOKEN')) return Promise.resolve();
    csrfInFlight ??= (hooks.fetch ?? fetch)(csrfCookiePath, {
      credentials: 'include',
      headers: { Accept: 'application/json' },
    })
      .then(() => undefined)
      .catch(() => undefined)
      .finally(() => {
        csrfInFlight = null;
      });
    return csrfInFlight;
  }

  function handleAuthFailure(status: number, body: Envelope | null): void {
    if (status === 401) {
      // Several calls fail together when a session ends; the shopper needs to hear it once.
      if (sessionExpired) return;
      sessionExpired = true;
      hooks.notify?.(hooks.sessionExpiredText?.() ?? 'Error occurred. Please log in again.', SESSION_EXPIRED_TOAST_MS);
      hooks.onUnauthorized?.();
    } else if (body?.code === 'email_not_verified') {
      const path =
        hooks.currentPath?.() ?? (typeof location === 'undefined' ? '/' : location.pathname + location.search);
      if (hooks.onEmailNotVerified) hooks.onEmailNotVerified(path);
      else if (typeof location !== 'undefined') {
        location.assign(pageHref(`/email-verification?redirect=${encodeURIComponent(path)}`));
      }
    }
  }

  async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
    const write = method !== 'GET';
    const withToken = Boolean(hooks.token?.());
    // Writes carry the XSRF token (docs/architecture.md "Accounts and security"); bearer clients need none.
    if (write && !withToken) await ensureCsrfCookie(false);
    try {
      return await send<T>(method, path, options);
    } catch (error) {
      // An expired or lost token: fetch a fresh one and try once more.
      if (write && !withToken && error instanceof ApiError && error.status === CSRF_MISMATCH_STATUS) {
        await ensureCsrfCookie(true);
        return send<T>(method, path, options);
      }
      throw error;
    }
  }

  async function send<T>(method: HttpMethod, path: string, options: RequestOptions): Promise<Envelope<T>> {
    const fallback = options.fallbackMessage ?? 'Something went wrong';
    const locale = options.withLocale === false ? {} : (hooks.locale?.() ?? {});
    const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
    let body: string | FormData | undefined;
    let query = options.query;
    if (options.form) {
      // The browser writes the multipart Content-Type with its boundary.
      body = options.form;
    } else if (BODY_METHODS.has(method)) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify({ ...locale, ...options.body });
    } else {
      query = { ...locale, ...options.query };
    }
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
    const token = hooks.token?.();
    if (token) headers.Authorization = `Bearer ${token}`;

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const onExternalAbort = () => controller.abort();
    if (options.signal?.aborted) controller.abort();
    options.signal?.addEventListener('abort', onExternalAbort, { once: true });

    let response: Response;
    try {
      response = await (hooks.fetch ?? fetch)(buildUrl(base, path, query), {
        method,
        headers,
        body,
        credentials: 'include',
        signal: controller.signal,
      });
    } catch {
      const reason = timedOut ? 'timeout' : controller.signal.aborted ? 'aborted' : 'network';
      throw new ApiError(fallback, 0, null, reason);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onExternalAbort);
    }

    const parsed = await parseBody(response);
    if (!response.ok) {
      if (!options.skipAuthHandling) handleAuthFailure(response.status, parsed);
      throw new ApiError(serverMessage(parsed) ?? fallback, response.status, parsed);
    }
    // A 204 or an empty 200 still reads as success to the caller.
    return (parsed ?? { status: 'OK', message: null }) as Envelope<T>;
  }

  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    patch: (path, body, options) => request('PATCH', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
    resetSessionExpired() {
      sessionExpired = false;
    },
    get sessionExpired() {
      return sessionExpired;
    },
  };
}
