import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { APIContext, MiddlewareNext } from 'astro';
// Plain .mjs shared with the start script's on-the-fly compression, so both pick alike.
import { isCompressible, MIN_COMPRESS_BYTES, negotiateEncoding } from '../http/encoding.mjs';
import { countCacheLookup } from '../observability/hooks';
import { applyCdnHeaders, cookieFree } from './cdn';
import { onContentChanged } from './content-changed';
import { createPageCache, pageCacheKey, type CachedPage } from './page-cache';

const pages = createPageCache();
// Every edit of shop content empties it, so an editor sees the change on the next request.
onContentChanged(() => pages.clear());

/** For tests and the benchmark: how full the cache is. */
export function guestPageCacheStats() {
  return pages.stats();
}

/** A page and the not-found page are the same for every guest; errors and redirects are not kept. */
const CACHED_STATUSES = new Set([200, 404]);

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compressed once per page and encoding, on the first hit, off the main thread and harder than
 * the on-the-fly compression can afford: later hits cost no compression at all (a 100 KB list
 * page took ~2 ms per request). A page seen once is left to the start script's compression.
 */
function encode(body: Uint8Array, encoding: 'br' | 'gzip'): Promise<Uint8Array> {
  return encoding === 'br'
    ? brotliAsync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
      })
    : gzipAsync(body, { level: 9 });
}

async function respondFromCache(key: string, page: CachedPage, acceptEncoding: string | null): Promise<Response> {
  const headers = new Headers(page.headers);
  headers.set('X-Page-Cache', 'hit');
  const encoding =
    page.body.byteLength >= MIN_COMPRESS_BYTES && isCompressible(headers.get('content-type'))
      ? negotiateEncoding(acceptEncoding ?? undefined)
      : null;
  let body = page.body;
  if (encoding) {
    let encoded = page.encoded.get(encoding);
    if (!encoded) {
      encoded = await encode(page.body, encoding);
      pages.addEncoding(key, page, encoding, encoded);
    }
    body = encoded;
    headers.set('Content-Encoding', encoding);
    headers.append('Vary', 'Accept-Encoding');
  }
  headers.set('Content-Length', String(body.byteLength));
  return new Response(body.slice(), { status: page.status, headers });
}

/**
 * Answers a signed-out GET of a page that opted in (`Astro.locals.cacheForGuests = true`) from
 * the guest page cache, or renders it and keeps the result; a guest session (CSRF cookie only)
 * changes nothing on these pages. A signed-in GET of a page that opted in for them too
 * (`cacheForSignedIn`) is answered from the entry of its variant (signed-in-pages.server.ts):
 * visitors who see the same frame share it. `variantOf` gives a signed-in visitor's variant.
 */
export async function renderForGuests(
  context: APIContext,
  next: MiddlewareNext,
  variantOf: (() => Promise<string>) | null,
): Promise<Response> {
  const base =
    context.request.method === 'GET'
      ? pageCacheKey(context.url, (name) => context.cookies.get(name)?.value, context.locals.pageLanguageId)
      : null;
  if (base === null) return next();
  const signedIn = variantOf !== null;
  const key = signedIn ? `${base}\u0001${await variantOf()}` : base;
  const acceptEncoding = context.request.headers.get('accept-encoding');
  // A CDN may keep the answer only for a guest without cookies that shape the page (cdn.ts).
  const shared = !signedIn && cookieFree(context.request.headers.get('cookie'));
  const hit = pages.get(key);
  countCacheLookup('page', hit !== undefined);
  if (hit) return forCdn(await respondFromCache(key, hit, acceptEncoding), shared);

  const response = await next();
  // A page that set a cookie wrote something for this visitor only.
  const setsCookie = !context.cookies.headers().next().done;
  const optedIn = signedIn ? context.locals.cacheForSignedIn : context.locals.cacheForGuests;
  if (!optedIn || !CACHED_STATUSES.has(response.status) || setsCookie) return response;
  const headers = new Headers(response.headers);
  // The page's surrogate keys are kept with it; whether they are sent is decided per request.
  const keys = response.status === 200 ? context.locals.surrogateKeys : undefined;
  if (keys?.length) headers.set('Surrogate-Key', keys.join(' '));
  const page = {
    status: response.status,
    headers: [...headers.entries()],
    body: new Uint8Array(await response.arrayBuffer()),
  };
  pages.set(key, page);
  headers.set('X-Page-Cache', 'miss');
  return forCdn(new Response(page.body.slice(), { status: page.status, headers }), shared);
}

/** Public with its surrogate keys for a cookie-less guest; without any key for everyone else. */
function forCdn(response: Response, shared: boolean): Response {
  const keys = response.headers.get('Surrogate-Key')?.split(' ').filter(Boolean) ?? null;
  applyCdnHeaders(response.headers, shared ? keys : null);
  return response;
}
