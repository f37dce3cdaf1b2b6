import type { APIContext, MiddlewareNext } from 'astro';
// Plain .mjs: astro.config.mjs reads the same limit for the Node adapter.
import { PAGE_BODY_LIMIT_BYTES } from './page-requests.mjs';
import { peerOf, requestOrigin } from './client-origin';
import { logger } from './logger';
import { type PageRejection, checkAddress, checkForm, declaredTooLarge } from './page-input';
import { REQUEST_ID_HEADER, isAcceptableRequestId } from './request-id';

/**
 * The page side of the input gate (docs/decisions/020-page-input-gate-and-redirects.md), run by src/middleware.ts
 * for every request that is not /api or /sanctum, before any page reads its address or form.
 * A refused request gets the shop's error page (or one line of text when no HTML was asked for)
 * and one warning in the log, never a 500 with a stack.
 */

export type PageRefusal = PageRejection | { status: 403; reason: 'cross-site-form' };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const PLAIN_TEXT: Record<PageRefusal['status'], string> = {
  400: 'The address or form could not be read.',
  403: 'Forms may only be sent from this shop’s own pages.',
  404: 'Not found.',
  413: `The request body is too large (limit ${PAGE_BODY_LIMIT_BYTES / 1024 / 1024} MB).`,
  414: 'The address is too long.',
  415: 'Forms must be sent as application/x-www-form-urlencoded.',
};

/** The origin the browser addressed: https when a trusted proxy says so (Astro's own check did not know). */
function ownOrigin(context: APIContext): string {
  const { forwardedHttps } = requestOrigin(peerOf(context), context.request.headers);
  const url = new URL(context.request.url);
  return `${forwardedHttps ? 'https:' : url.protocol}//${url.host}`;
}

/**
 * The body, or null when it passes `limit` bytes. Reads a copy: the page reads the original. Past
 * the limit the original is let go and the rest is read and thrown away, so the client can read
 * the 413 (the Node adapter ends the stream with an error at PAGE_BODY_DRAIN_BYTES).
 */
async function readBounded(request: Request, limit: number): Promise<Uint8Array | null> {
  const reader = request.clone().body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let overLimit = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size <= limit) chunks.push(value);
      else if (!overLimit) {
        overLimit = true;
        chunks.length = 0;
        // Without this the original would keep every chunk read from here on. Not awaited: a
        // branch of a tee settles its cancel only once the other branch is cancelled too.
        request.body?.cancel().catch(() => {});
      }
    }
  } catch {
    return null;
  }
  if (overLimit) return null;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export async function checkPageRequest(context: APIContext): Promise<PageRefusal | null> {
  const { request } = context;
  // The address as sent: context.url has already been decoded by Astro.
  const raw = new URL(request.url);
  const address = checkAddress(raw.pathname, raw.search);
  if (address) return address;
  if (SAFE_METHODS.has(request.method)) return null;
  // Astro's security.checkOrigin is off because it also refused bearer-token API clients (the API
  // has its own CSRF rules); page forms are checked here instead: only from the shop's own pages.
  if (request.headers.get('origin') !== ownOrigin(context)) return { status: 403, reason: 'cross-site-form' };
  if (declaredTooLarge(request.headers.get('content-length'), PAGE_BODY_LIMIT_BYTES))
    return { status: 413, reason: 'body-too-large' };
  if (!request.body) return null;
  const bytes = await readBounded(request, PAGE_BODY_LIMIT_BYTES);
  if (bytes === null) return { status: 413, reason: 'body-too-large' };
  return checkForm(request.headers.get('content-type'), bytes);
}

/** A request for the error page itself: a GET with the visitor's cookies and languages, no body. */
function errorPageRequest(context: APIContext, path: string): Request {
  const headers = new Headers(context.request.headers);
  for (const name of ['content-length', 'content-type', 'transfer-encoding']) headers.delete(name);
  return new Request(new URL(path, context.url), { headers });
}

export async function refusePage(context: APIContext, next: MiddlewareNext, refusal: PageRefusal): Promise<Response> {
  const { request } = context;
  const incomingId = request.headers.get(REQUEST_ID_HEADER);
  logger.warn(
    {
      ...(isAcceptableRequestId(incomingId) ? { reqId: incomingId } : {}),
      method: request.method,
      // Hostile addresses can be long: the start is enough to find it.
      path: new URL(request.url).pathname.slice(0, 200),
      status: refusal.status,
      reason: refusal.reason,
    },
    'page request refused',
  );
  const headers = { 'Cache-Control': 'no-store' };
  if (!(request.headers.get('accept') ?? '').includes('text/html')) {
    return new Response(`${PLAIN_TEXT[refusal.status]}\n`, {
      status: refusal.status,
      headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  context.locals.requestError = refusal.status;
  const page = await next(errorPageRequest(context, refusal.status === 404 ? '/404' : '/400'));
  const response = new Response(page.body, { status: refusal.status, headers: page.headers });
  response.headers.set('Cache-Control', 'no-store');
  return response;
}
