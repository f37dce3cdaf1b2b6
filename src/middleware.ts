import { defineMiddleware } from 'astro:middleware';
import { ready } from './server/runtime';
// Plain .mjs because astro.config.mjs and the start script share it without a TS loader.
import { BASE_SECURITY_HEADERS, RESOURCE_CSP } from '../scripts/server/security-headers.mjs';

const CSP = 'content-security-policy';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function initFailure(error: unknown, pathname: string): Response {
  const message = error instanceof Error ? error.message : String(error);
  if (pathname.startsWith('/api/')) {
    // API clients parse the JSON envelope, not a page.
    return Response.json(
      { status: 'ERROR', message: `An error occurred during initialization: ${message}` },
      { status: 500, headers: { 'Cache-Control': 'no-store' } },
    );
  }
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop unavailable</title></head><body><h1>Shop unavailable</h1><p>An error occurred during initialization: ${escapeHtml(message)}</p></body></html>`;
  return new Response(html, {
    status: 500,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/** Some responses (Response.redirect, fetched ones) have immutable headers; copy them then. */
function withMutableHeaders(response: Response): Response {
  try {
    response.headers.set('X-Content-Type-Options', 'nosniff');
    return response;
  } catch {
    return new Response(response.body, response);
  }
}

function secure(input: Response): Response {
  const response = withMutableHeaders(input);
  for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  // Rendered pages already carry Astro's policy with the hashes of its inline island scripts.
  if (!response.headers.has(CSP)) {
    const isHtml = response.headers.get('content-type')?.includes('text/html') ?? false;
    // Astro emits no policy in dev and Vite injects inline scripts there, so dev HTML gets
    // only the anti-framing part.
    response.headers.set(CSP, isHtml && import.meta.env.DEV ? "frame-ancestors 'none'" : RESOURCE_CSP);
  }
  return response;
}

export const onRequest = defineMiddleware(async (context, next) => {
  // Prerendering runs at build time, where no database is opened.
  if (context.isPrerendered) return next();
  try {
    // The start script has already awaited this; in `astro dev` the first request opens the db.
    await ready();
  } catch (error) {
    return secure(initFailure(error, context.url.pathname));
  }
  return secure(await next());
});
