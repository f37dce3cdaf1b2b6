/**
 * What a page request may carry (docs/decisions/020-page-input-gate-and-redirects.md): the pages' counterpart of
 * the API's JSON gate (src/server/api/body.ts). Pure checks; src/server/page-gate.ts applies them
 * in the middleware before any page reads its address or form.
 *
 * - The path must decode (as Astro decodes it: repeatedly) to UTF-8 without NUL: else 404, since
 *   such a path names no page. `/static-page/%00` reached SQL as a NUL byte (a 500).
 * - Each query name and value must decode to UTF-8 without NUL: else 400 (`?search=a%00` was a
 *   500; `%C3%28` and `%FF` were silently replaced by U+FFFD).
 * - Path and query together at most MAX_PAGE_ADDRESS_LENGTH characters: else 414.
 * - A form body: at most PAGE_BODY_LIMIT_BYTES (413), `application/x-www-form-urlencoded` (415),
 *   UTF-8 text whose fields decode to UTF-8 without NUL (400).
 */

export const MAX_PAGE_ADDRESS_LENGTH = 8192;
/** Astro decodes a path up to this many times (astro/dist/core/util/pathname.js). */
const MAX_PATH_DECODES = 10;
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(?:;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;
const utf8 = new TextDecoder('utf-8', { fatal: true });

export type PageRejection =
  | { status: 404; reason: 'path-encoding' | 'path-nul' }
  | { status: 400; reason: 'query-encoding' | 'query-nul' | 'form-encoding' | 'form-nul' }
  | { status: 413; reason: 'body-too-large' }
  | { status: 414; reason: 'address-too-long' }
  | { status: 415; reason: 'form-type' };

/**
 * The path fully decoded, or null when some level is not valid percent-encoded UTF-8. Stricter
 * than Astro, which stops at the first level that fails and routes what it has: `/a%25C3%28`
 * would reach the pages as `/a%C3%28`, which no page can decode.
 */
function decodePath(pathname: string): string | null {
  let current = pathname;
  for (let i = 0; i < MAX_PATH_DECODES; i++) {
    let next: string;
    try {
      next = decodeURI(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

/** One `a=b&c=d` component, strictly: `+` is a space, a bad escape or invalid UTF-8 throws. */
function decodeComponent(text: string): string {
  return decodeURIComponent(text.replace(/\+/g, ' '));
}

/** Whether every name and value of an urlencoded text decodes; 'nul' when one holds NUL. */
function checkUrlEncoded(text: string): 'ok' | 'encoding' | 'nul' {
  if (text === '') return 'ok';
  for (const pair of text.split('&')) {
    for (const part of pair.split('=')) {
      let decoded: string;
      try {
        decoded = decodeComponent(part);
      } catch {
        return 'encoding';
      }
      if (decoded.includes('\u0000')) return 'nul';
    }
  }
  return 'ok';
}

/** `pathname` and `search` as the request sent them (still percent-encoded). */
export function checkAddress(pathname: string, search: string): PageRejection | null {
  if (pathname.length + search.length > MAX_PAGE_ADDRESS_LENGTH) return { status: 414, reason: 'address-too-long' };
  const path = decodePath(pathname);
  if (path === null) return { status: 404, reason: 'path-encoding' };
  if (path.includes('\u0000')) return { status: 404, reason: 'path-nul' };
  const query = checkUrlEncoded(search.replace(/^\?/, ''));
  if (query === 'encoding') return { status: 400, reason: 'query-encoding' };
  if (query === 'nul') return { status: 400, reason: 'query-nul' };
  return null;
}

/** A declared Content-Length over the limit is refused before a byte is read. */
export function declaredTooLarge(contentLength: string | null, limit: number): boolean {
  if (contentLength === null || !/^\d+$/.test(contentLength.trim())) return false;
  return Number(contentLength) > limit;
}

/** The body of a page form, once read (at most the limit). */
export function checkForm(contentType: string | null, bytes: Uint8Array): PageRejection | null {
  if (bytes.byteLength === 0) return null;
  if (!FORM_TYPE.test(contentType ?? '')) return { status: 415, reason: 'form-type' };
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { status: 400, reason: 'form-encoding' };
  }
  const fields = checkUrlEncoded(text);
  if (fields === 'encoding') return { status: 400, reason: 'form-encoding' };
  if (fields === 'nul') return { status: 400, reason: 'form-nul' };
  return null;
}
