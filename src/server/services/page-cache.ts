/**
 * Rendered HTML of public pages for visitors who are not signed in (docs/decisions/016).
 *
 * A guest's page depends only on its URL and four cookies (language, currency, cookie consent,
 * notice dismissed), so guests share one rendering for a short time instead of each paying the
 * full render (~5-15 ms of CPU on this machine). Signed-in visitors are never served from here:
 * their header, cart badge and prices are theirs. Edits call contentChanged(), which empties the
 * cache at once; the time limit bounds what an edit on another instance, a sale (stock) or a new
 * review can leave stale.
 */

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Uint8Array;
  storedAt: number;
  /** The body compressed once per encoding a browser asked for ('br', 'gzip'). */
  encoded: Map<string, Uint8Array>;
}

export interface PageCacheOptions {
  maxAgeMs: number;
  maxEntries: number;
  maxBytes: number;
}

export const PAGE_CACHE_DEFAULTS: PageCacheOptions = {
  maxAgeMs: 10_000,
  maxEntries: 1_000,
  maxBytes: 64 * 1024 * 1024,
};

/** What a guest's page can differ by; every other cookie is ignored. */
export const PAGE_VARYING_COOKIES = ['languageId', 'currency', 'cookie-consent', 'cookie-notice-dismissed'] as const;

/** A cookie value longer than this is not a real choice: such requests are not cached. */
const MAX_COOKIE_VALUE = 16;

/**
 * The cache key of a guest request, or null when it must be rendered for itself (odd cookie
 * values, a very long URL). `cookie` reads one cookie's value.
 */
export function pageCacheKey(
  url: URL,
  cookie: (name: string) => string | undefined,
  pageLanguageId?: number,
): string | null {
  if (url.pathname.length + url.search.length > 512) return null;
  // The language of a storefront page comes from its address (ADR 028); a page's rewrite to
  // /404 keeps that language while its URL loses the prefix, so the language is part of the key.
  const parts = [url.pathname + url.search, String(pageLanguageId ?? '')];
  for (const name of PAGE_VARYING_COOKIES) {
    const value = cookie(name) ?? '';
    if (value.length > MAX_COOKIE_VALUE) return null;
    parts.push(value);
  }
  return parts.join('\u0000');
}

/** Headers that belong to one response and must never be replayed to another visitor. */
const PRIVATE_HEADERS = new Set(['set-cookie', 'x-request-id', 'date', 'content-length']);

export function createPageCache(options: PageCacheOptions = PAGE_CACHE_DEFAULTS) {
  // A Map keeps insertion order: re-inserting on a hit makes the first key the least recently used.
  const entries = new Map<string, CachedPage>();
  let bytes = 0;

  function drop(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.body.byteLength;
    for (const body of entry.encoded.values()) bytes -= body.byteLength;
    entries.delete(key);
  }

  function evict(): void {
    for (const oldest of entries.keys()) {
      if (entries.size <= options.maxEntries && bytes <= options.maxBytes) break;
      drop(oldest);
    }
  }

  return {
    get(key: string, now: number = Date.now()): CachedPage | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now - entry.storedAt >= options.maxAgeMs) {
        drop(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },

    set(key: string, page: Pick<CachedPage, 'status' | 'headers' | 'body'>, now: number = Date.now()): void {
      if (page.body.byteLength > options.maxBytes / 8) return;
      drop(key);
      const headers = page.headers.filter(([name]) => !PRIVATE_HEADERS.has(name.toLowerCase()));
      entries.set(key, { ...page, headers, storedAt: now, encoded: new Map() });
      bytes += page.body.byteLength;
      evict();
    },

    /** Keeps a compressed copy of a stored page (a no-op when the page has gone meanwhile). */
    addEncoding(key: string, page: CachedPage, encoding: string, body: Uint8Array): void {
      if (entries.get(key) !== page || page.encoded.has(encoding)) return;
      page.encoded.set(encoding, body);
      bytes += body.byteLength;
      evict();
    },

    clear(): void {
      entries.clear();
      bytes = 0;
    },

    stats(): { entries: number; bytes: number } {
      return { entries: entries.size, bytes };
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
