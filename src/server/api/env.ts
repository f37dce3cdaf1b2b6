import { type Context, Hono } from 'hono';
import type { Logger } from 'pino';
import type { Translator } from '@/lib/translator';
import type { Db, Engine } from '../db/client';
import type { ActiveSession } from '../services/auth/sessions';
import type { AuthUser } from '../services/auth/users';
import type { CurrencyOption, LanguageOption } from '../services/request-context';

/**
 * What every API handler can rely on. `db` is set by the database middleware before any
 * sub-app runs, so handlers never open connections themselves.
 */
export interface ApiVariables {
  requestId: string;
  /** pino child logger carrying the request id, so a handler's logs join the request line. */
  log: Logger;
  db: Db;
  /** For catalogue and content reads: the read replica when allowed (db/read-replica.ts), else db. */
  readDb: Db;
  engine: Engine;
  /** The request's currency and language (query on GET, body on writes); see locale.ts. */
  currency: CurrencyOption;
  language: LanguageOption;
  /** Signed-in user (session or bearer token), else null; see auth-middleware.ts. */
  user: AuthUser | null;
  /** The cookie session, also for guests who fetched /sanctum/csrf-cookie. */
  session: ActiveSession | null;
  authVia: 'session' | 'token' | null;
  /** The bearer token's row id when authVia is 'token' (logout revokes it). */
  tokenId: number | null;
}

/** Values the Astro route passes to `fetch`; absent under `app.request()` in tests. */
export interface ApiBindings {
  /** The client: the socket peer, or the address a trusted proxy forwarded (client-origin.ts). */
  clientAddress?: string;
  /** A trusted proxy says the client came over HTTPS (cookies get Secure). */
  forwardedHttps?: boolean;
  /** Filled with the matched route's pattern (`/api/products/:slug`), for the metrics and traces. */
  matched?: { route?: string };
}

export interface ApiEnv {
  Variables: ApiVariables;
  Bindings: ApiBindings;
}

/** What the /api/admin sub-apps (createAdminRouter in admin-language.ts) add. */
export interface AdminVariables extends ApiVariables {
  /**
   * The back office's texts (src/i18n/admin) in the admin's language; the error handler uses it
   * too. Only admin sub-apps set it, so shopper answers never change language through it.
   */
  at: Translator;
  /** The language `at` speaks (English for a language without admin texts). */
  atLanguage: string;
}

export interface AdminEnv {
  Variables: AdminVariables;
  Bindings: ApiBindings;
}

/** A sub-app for one resource, to be mounted with `api.route('/products', productsApp)`. */
export function createRouter(): Hono<ApiEnv> {
  return new Hono<ApiEnv>();
}

/**
 * The caller's address (the socket peer, or behind a TRUST_PROXY proxy the forwarded client),
 * for rate limits, sessions and logs. `c.env` is absent under `app.request()` in tests, hence
 * the fallback.
 */
export function clientAddress(c: Context<ApiEnv>): string {
  return (c.env as ApiBindings | undefined)?.clientAddress ?? 'unknown';
}

export function forwardedHttps(c: Context<ApiEnv>): boolean {
  return (c.env as ApiBindings | undefined)?.forwardedHttps ?? false;
}
