import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

export interface PublicCacheOptions {
  /** Seconds a browser or shared cache may reuse the answer without asking (default 60). */
  maxAge?: number;
  /** Seconds a cache may keep serving the old answer while it revalidates (default 300). */
  staleWhileRevalidate?: number;
}

export const DEFAULT_MAX_AGE = 60;
export const DEFAULT_STALE_WHILE_REVALIDATE = 300;

/**
 * A validator from the JSON bytes (sha1 is plenty for change detection, and short). Weak by
 * default because the HTTP server compresses after us (src/server/http/compress.mjs): gzip and
 * identity bodies differ byte for byte yet mean the same, which is what W/ says.
 */
export function etagOf(body: ArrayBuffer | Uint8Array | string, weak = true): string {
  const bytes = typeof body === 'string' ? body : body instanceof Uint8Array ? body : new Uint8Array(body);
  const tag = `"${createHash('sha1').update(bytes).digest('base64url')}"`;
  return weak ? `W/${tag}` : tag;
}

/**
 * If-None-Match uses weak comparison (RFC 9110 §13.1.2): `W/"x"` matches `"x"`, a list matches
 * when any member does, `*` matches any current representation.
 */
export function etagMatches(ifNoneMatch: string | undefined | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//i, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || (tag !== '' && opaque(tag) === wanted);
  });
}

function appendVary(existing: string | null, value: string): string {
  if (!existing) return value;
  const parts = existing.split(',').map((part) => part.trim().toLowerCase());
  return parts.includes(value.toLowerCase()) || parts.includes('*') ? existing : `${existing}, ${value}`;
}

/**
 * Cache headers and conditional GET for public, anonymous JSON (catalogue, categories, content).
 * The ETag is computed from the final body, so any edit in the database changes it without any
 * invalidation bookkeeping; a matching If-None-Match gets a bodyless 304. Answers that are not a
 * 200 JSON GET/HEAD (errors, 422, redirects) pass through untouched, so errors are never cached.
 * The compression layer (scripts/start.mjs) adds `Vary: Accept-Encoding`; it is set here too
 * so caches keep the encodings apart even when the API is served by another front.
 */
export function publicCache(options: PublicCacheOptions = {}): MiddlewareHandler {
  const maxAge = options.maxAge ?? DEFAULT_MAX_AGE;
  const swr = options.staleWhileRevalidate ?? DEFAULT_STALE_WHILE_REVALIDATE;
  const cacheControl = `public, max-age=${maxAge}, stale-while-revalidate=${swr}`;
  return async (c, next) => {
    await next();
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD') return;
    const res = c.res;
    if (res.status !== 200 || !(res.headers.get('Content-Type') ?? '').includes('application/json')) return;
    // A handler that set its own policy (e.g. no-store for a personalised answer) wins.
    if (res.headers.has('Cache-Control')) return;

    const body = new Uint8Array(await res.clone().arrayBuffer());
    const etag = res.headers.get('ETag') ?? etagOf(body);
    const headers = new Headers(res.headers);
    headers.set('ETag', etag);
    headers.set('Cache-Control', cacheControl);
    headers.set('Vary', appendVary(headers.get('Vary'), 'Accept-Encoding'));

    // Hono's res setter merges the old response's headers into the new one; clearing it first
    // keeps Content-Type/Content-Length off the 304.
    c.res = undefined;
    if (etagMatches(c.req.header('If-None-Match'), etag)) {
      headers.delete('Content-Type');
      headers.delete('Content-Length');
      c.res = new Response(null, { status: 304, headers });
      return;
    }
    c.res = new Response(method === 'HEAD' ? null : body, { status: 200, headers });
  };
}
