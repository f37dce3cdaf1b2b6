// @ts-check
/**
 * Page requests before Astro sees them: the body limit shared by astro.config.mjs (the Node
 * adapter's bodySizeLimit) and the page gate (src/server/page-gate.ts), so the gate answers 413
 * before the adapter's own limit turns a large page form into a 500; and the path escape the
 * start script applies. Plain .mjs because the config and the start script load it without a
 * TypeScript loader.
 */

/** A page form (the demo gateway's card form) may send at most this many bytes. */
export const PAGE_BODY_LIMIT_BYTES = 2 * 1024 * 1024;
/**
 * How much of a larger body sent in chunks (no Content-Length) is still read and thrown away, so
 * the client hears the 413 instead of a connection reset; past this the Node adapter cuts the
 * connection (its bodySizeLimit). A body with a Content-Length over the limit is refused unread.
 */
export const PAGE_BODY_DRAIN_BYTES = 8 * 1024 * 1024;

/**
 * An API file upload (POST /api/admin/media, multipart/form-data) may send at most this many
 * bytes: the 15 MB a photo may have (src/lib/images/upload-limits.ts) and the form's framing. The
 * Node adapter's limit (astro.config.mjs) is set above it.
 */
export const API_UPLOAD_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * A request path that is not valid percent-encoded UTF-8 (`/%FF`) with every `%` escaped once
 * more (`/%25FF`), else the path unchanged; the query is left alone. Astro logs such a path as an
 * error before any middleware runs; escaped, it decodes once to the original bytes, and the page
 * gate (src/server/page-input.ts), which decodes as often as Astro, answers it with the 404 page
 * and one warning.
 * @param {string} url the request target, e.g. req.url
 */
export function escapeUndecodablePath(url) {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  try {
    decodeURI(path);
    return url;
  } catch {
    return path.replaceAll('%', '%25') + (query === -1 ? '' : url.slice(query));
  }
}
