import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './db/unavailable';

/**
 * The start-up failure answer of storefront §2 ("An error occurred during initialization:" and the
 * message, never a blank page or a stack), used by the middleware when the database is not ready
 * and by pages whose frame data cannot be loaded.
 */
export const INIT_ERROR_TEXT = 'An error occurred during initialization:';

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const NO_STORE = { 'Cache-Control': 'no-store' };

function page(title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1><p>${escapeHtml(message)}</p></main></body></html>`;
}

/**
 * API clients parse the JSON envelope; browsers get a small page. A database outage (ADR 017) is
 * a 503 with Retry-After and a message without internals; anything else a 500 naming the error.
 */
export function initFailureResponse(error: unknown, options: { json?: boolean } = {}): Response {
  if (isDatabaseUnavailable(error)) return databaseUnavailableResponse(options);
  const message = `${INIT_ERROR_TEXT} ${errorMessage(error)}`;
  if (options.json)
    return Response.json({ status: 'ERROR', code: 'internal_error', message }, { status: 500, headers: NO_STORE });
  return new Response(page('Shop unavailable', message), {
    status: 500,
    headers: { 'Content-Type': 'text/html; charset=utf-8', ...NO_STORE },
  });
}

/** The 503 of a database outage, as JSON for the API or as a page. */
export function databaseUnavailableResponse(options: { json?: boolean } = {}): Response {
  const headers = { ...NO_STORE, 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) };
  if (options.json)
    return Response.json(
      { status: 'ERROR', code: 'service_unavailable', message: DATABASE_UNAVAILABLE_MESSAGE },
      { status: 503, headers },
    );
  return new Response(page('Shop temporarily unavailable', DATABASE_UNAVAILABLE_MESSAGE), {
    status: 503,
    headers: { 'Content-Type': 'text/html; charset=utf-8', ...headers },
  });
}
