// @ts-check
/**
 * Content negotiation of compression, pure: the HTTP server of `npm start`
 * (compress.mjs beside this file) and the guest page cache (services/guest-pages.server.ts) must
 * decide alike. Plain .mjs because scripts/start.mjs loads it without a build step.
 */

/** Textual types worth compressing; images, fonts (woff2) and archives are already compressed. */
const COMPRESSIBLE =
  /^(text\/|image\/svg\+xml|application\/(json|javascript|xml|manifest\+json|[\w.-]+\+json|[\w.-]+\+xml)\b)/i;

export const MIN_COMPRESS_BYTES = 1024;

/** @param {string | undefined | null} type */
export function isCompressible(type) {
  return COMPRESSIBLE.test(String(type ?? ''));
}

/**
 * Picks br over gzip when both are accepted (q > 0), as brotli is ~15-20 % smaller on HTML.
 * @param {string | string[] | undefined} header
 * @returns {'br' | 'gzip' | null}
 */
export function negotiateEncoding(header) {
  if (!header) return null;
  /** @type {Record<string, number>} */
  const q = {};
  for (const part of String(header).toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number.parseFloat(qParam.slice(2)) : 1;
    q[name] = Number.isNaN(value) ? 0 : value;
  }
  const accepts = (/** @type {string} */ name) => (q[name] ?? q['*'] ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}
