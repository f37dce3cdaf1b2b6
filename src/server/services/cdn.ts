import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { logger } from '../logger';
import { rowsOf } from './catalog/rows';
import type { ChangeScope } from './content-changed';

/**
 * A CDN in front of the shop (issue 33, docs/cdn.md, ADR 038): storefront pages that declare their
 * surrogate keys (`Astro.locals.surrogateKeys`) are answered to cookie-less guests with
 * `Cache-Control: public, s-maxage, stale-while-revalidate` and the keys as `Surrogate-Key`
 * (Fastly, Varnish, nginx) and `Cache-Tag` (Cloudflare, Akamai, Bunny). An edit purges its keys
 * through the purge hook: a generic webhook (CDN_PURGE_URL) unless something registers another.
 */

/** Every cacheable page carries it: an edit of unknown reach (settings, translations, an import) purges them all. */
export const SHOP_KEY = 'shop';
export const productKey = (id: number) => `product-${id}`;
export const categoryKey = (id: number) => `category-${id}`;
/** A page that is neither a product nor a category list: 'home', 'faq', 'page-<slug>'. */
export const pageKey = (name: string) => `page-${name.toLowerCase().replace(/[^a-z0-9-]+/g, '-')}`;

/** Seconds a CDN serves a page without asking; a purge ends it earlier. */
export const CDN_S_MAXAGE = 300;
/** Seconds a CDN may keep serving the old page while it fetches the new one (an origin outage too). */
export const CDN_STALE_WHILE_REVALIDATE = 60;
/** Most keys on one response: headers stay well under the 8-16 KB CDNs accept. */
const MAX_KEYS = 64;

/**
 * Cookies that change nothing in a page's HTML (the CSRF token). A request with any other cookie
 * (a session, a cart, the language, currency or consent choices) may see a page of its own, so
 * its answer is not offered to shared caches, and the CDN must not answer it from its cache
 * either (docs/cdn.md: bypass on those cookies).
 */
const NEUTRAL_COOKIES: ReadonlySet<string> = new Set(['XSRF-TOKEN']);

/** Whether a request's Cookie header leaves the page the same for every guest. */
export function cookieFree(cookieHeader: string | null): boolean {
  if (!cookieHeader) return true;
  return cookieHeader
    .split(';')
    .map((part) => part.split('=')[0]!.trim())
    .every((name) => name === '' || NEUTRAL_COOKIES.has(name));
}

/**
 * Marks a guest's page for shared caches (or takes every trace of it off when it must not be):
 * `keys` are the page's surrogate keys, null when the answer is this visitor's alone.
 */
export function applyCdnHeaders(headers: Headers, keys: readonly string[] | null): void {
  if (!keys || keys.length === 0) {
    headers.delete('Surrogate-Key');
    headers.delete('Cache-Tag');
    return;
  }
  const unique = [...new Set([SHOP_KEY, ...keys])].slice(0, MAX_KEYS);
  // Browsers revalidate (max-age=0): only the CDN, which is purged, keeps the page.
  headers.set(
    'Cache-Control',
    `public, max-age=0, s-maxage=${CDN_S_MAXAGE}, stale-while-revalidate=${CDN_STALE_WHILE_REVALIDATE}`,
  );
  headers.set('Surrogate-Key', unique.join(' '));
  headers.set('Cache-Tag', unique.join(','));
}

// ------------------------------------------------------------------ purging

/** Purges the given surrogate keys; must not throw for a CDN that is down (the edit is saved). */
export type PurgeHook = (keys: readonly string[]) => Promise<void>;

const KEY = Symbol.for('gear-shop.cdn-purge');
const holder = globalThis as { [KEY]?: { hook: PurgeHook | null } };
// Shared: the start script and the Astro bundle each load this module, an edit comes from either.
const shared = (holder[KEY] ??= { hook: null });

/**
 * The generic webhook: POST `{"keys": [...]}` as JSON to `url`, with `Authorization: Bearer
 * <token>` when a token is set. docs/cdn.md shows the relays for Fastly, Cloudflare and Varnish.
 */
export function webhookPurge(url: string, token?: string): PurgeHook {
  return async (keys) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token && { Authorization: `Bearer ${token}` }) },
      body: JSON.stringify({ keys }),
      signal: AbortSignal.timeout(5_000),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`CDN purge webhook answered ${response.status}`);
  };
}

/** Installs the purge hook (null: none). runtime.ts installs the webhook of CDN_PURGE_URL. */
export function setPurgeHook(hook: PurgeHook | null): void {
  shared.hook = hook;
}

/** The keys an edit of this scope must purge (product edits: the product and its categories' lists). */
export async function keysForScope(db: Db, scope: ChangeScope): Promise<string[]> {
  if (typeof scope === 'string') return [SHOP_KEY];
  const list = rowsOf<{ id: number }>(
    await db.execute(
      sql`select distinct unnest(category_ids) as id from products where id = any(${`{${scope.products.join(',')}}`}::int[])`,
    ),
  );
  return [...scope.products.map(productKey), ...list.map((r) => categoryKey(Number(r.id)))];
}

/**
 * Purges what an edit made stale (called by contentChanged after the edit's transaction). A
 * failed purge is logged: the CDN then serves the old page until s-maxage runs out.
 */
export async function purgeForChange(db: Db, scope: ChangeScope): Promise<void> {
  const hook = shared.hook;
  if (!hook) return;
  try {
    await hook(await keysForScope(db, scope));
  } catch (error) {
    logger.warn({ err: error }, 'CDN purge failed');
  }
}
