import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Scalar } from '@scalar/hono-api-reference';
import { config } from '../config';
import { type ApiEnv, createRouter } from './env';
import { errorBody } from './envelope';
import { buildOpenApiDocument } from './openapi';

/**
 * GET /api/openapi.json and the reference page GET /api/docs (ADR 022). The page is Scalar's
 * Hono middleware; its script is the standalone bundle of @scalar/api-reference served from
 * node_modules here, so the page works without internet and the shop depends on no CDN. That
 * package is a development dependency (ADR 031: it brings ~245 packages, Vue among them, for one
 * file): an install without dev dependencies serves the document but not the page's script.
 */

export const DOCS_SCRIPT_PATH = '/api/docs/scalar.js';

let document: Record<string, unknown> | undefined;
let script: Promise<Buffer | null> | undefined;

const NO_SCRIPT =
  "The reference page's script comes with the development dependencies (@scalar/api-reference): install without --omit=dev to serve it. The document itself is at /api/openapi.json.";

/** The bundle, or null when the development dependencies are not installed. */
function scalarBundle(): Promise<Buffer | null> {
  script ??= (async () => {
    let path: string;
    try {
      path = createRequire(import.meta.url).resolve('@scalar/api-reference/browser/standalone.js');
    } catch {
      return null;
    }
    return readFile(path);
  })().catch((error: unknown) => {
    script = undefined;
    throw error;
  });
  return script;
}

const reference = Scalar<ApiEnv>({
  url: '/api/openapi.json',
  cdn: DOCS_SCRIPT_PATH,
  pageTitle: 'Gear shop API reference',
  // Fonts would come from Scalar's servers: the system fonts do.
  withDefaultFonts: false,
  hideClientButton: true,
  // Nothing leaves the page: no usage reports, no developer toolbar offering hosted services.
  telemetry: false,
  showDeveloperTools: 'never',
  agent: { disabled: true },
});

/**
 * The page's own policy (API answers get one that runs nothing): its script from here, the
 * inline start-up script by hash, the styles the bundle injects, and calls to this origin only.
 */
function docsPolicy(html: string): string {
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
  );
  return [
    "default-src 'none'",
    `script-src 'self' ${hashes.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const docsApp = createRouter()
  .get('/openapi.json', (c) => {
    document ??= buildOpenApiDocument(config().PUBLIC_URL);
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(document);
  })
  .get('/docs', async (c, next) => {
    const response = (await reference(c, next)) as Response;
    const html = await response.text();
    return c.html(html, 200, { 'Content-Security-Policy': docsPolicy(html), 'Cache-Control': 'public, max-age=300' });
  })
  .get('/docs/scalar.js', async (c) => {
    const body = await scalarBundle();
    if (!body) return c.json(errorBody('not_found', NO_SCRIPT), 404);
    return c.body(new Uint8Array(body), 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=86400',
    });
  });
