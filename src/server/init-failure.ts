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

/** API clients parse the JSON envelope; browsers get a small page. Both with status 500. */
export function initFailureResponse(error: unknown, options: { json?: boolean } = {}): Response {
  const message = `${INIT_ERROR_TEXT} ${errorMessage(error)}`;
  if (options.json) return Response.json({ status: 'ERROR', message }, { status: 500, headers: NO_STORE });
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Shop unavailable</title></head><body><main><h1>Shop unavailable</h1><p>${escapeHtml(message)}</p></main></body></html>`;
  return new Response(html, {
    status: 500,
    headers: { 'Content-Type': 'text/html; charset=utf-8', ...NO_STORE },
  });
}
