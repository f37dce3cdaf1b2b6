import type { MiddlewareHandler } from 'hono';
import type { ApiEnv } from './env';
import { HttpError } from './errors';
import { MultipartError, multipartBoundary, parseMultipart } from './multipart';

/**
 * One gate for what every API request carries, before any route reads it (docs/decisions/
 * 014-input-limits-xss-backups.md). Routes then see either no body or a JSON text that is valid
 * UTF-8, parses, is at most MAX_JSON_DEPTH levels deep and holds no NUL character; the size is
 * bounded by the body limit mounted before this. What each field may hold stays the routes' zod
 * schemas' business.
 */

/** Deeper than any body the shop takes (calculate-totals: 4 levels), shallow enough to walk. */
export const MAX_JSON_DEPTH = 16;

export const BODY_MESSAGES = {
  contentType: 'The request body must be JSON, sent with Content-Type: application/json.',
  utf8: 'The request body is not valid UTF-8.',
  // Hono's own words, which the routes that use validate('json') answered with before this gate.
  json: 'Malformed JSON in request body',
  depth: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`,
  nul: 'Text may not contain NUL characters.',
  multipart: 'The file must be sent as multipart/form-data (form field "file").',
  // Hono's words for a form Request.formData() could not read, which these routes answered before.
  form: 'Malformed FormData request. Failed to parse body as FormData.',
} as const;

/**
 * The routes that take a file (multipart/form-data) instead of JSON; their form is read here
 * (multipart.ts, off the platform's slow parser) and checked by the route's own schema, within the
 * upload body limit (app.ts).
 */
export const UPLOAD_PATHS = new Set(['/api/admin/media', '/api/admin/catalog-imports']);
const MULTIPART_TYPE = /^multipart\/form-data\s*;\s*boundary=/i;

/** The methods whose JSON body is read: by the gate here and by the locale middleware (lang_id, currency). */
export const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** application/json or any application/*+json, in UTF-8 (the only charset JSON may use). */
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * PostgreSQL text cannot hold NUL (it would be a 500 from the driver), and no form field needs it;
 * the walk stops at the depth limit, so it never recurses further than that.
 */
function checkValue(value: unknown, depth: number): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw new HttpError(400, BODY_MESSAGES.nul);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth >= MAX_JSON_DEPTH) throw new HttpError(400, BODY_MESSAGES.depth);
  if (Array.isArray(value)) {
    for (const item of value) checkValue(item, depth + 1);
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) throw new HttpError(400, BODY_MESSAGES.nul);
    checkValue(item, depth + 1);
  }
}

/** NUL encoded in the path or query (`%00`) would reach SQL parameters the same way. */
const ENCODED_NUL = /%00/;

export function requestInput(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (ENCODED_NUL.test(c.req.url)) throw new HttpError(400, 'The address may not contain NUL characters.');
    if (!BODY_METHODS.has(c.req.method) || !c.req.raw.body) return next();
    if (c.req.method === 'POST' && UPLOAD_PATHS.has(c.req.path)) {
      const type = c.req.header('Content-Type') ?? '';
      const boundary = MULTIPART_TYPE.test(type) ? multipartBoundary(type) : null;
      if (!boundary) throw new HttpError(415, BODY_MESSAGES.multipart);
      let form: FormData;
      try {
        form = parseMultipart(new Uint8Array(await c.req.arrayBuffer()), boundary);
      } catch (error) {
        if (!(error instanceof MultipartError)) throw error;
        throw new HttpError(400, BODY_MESSAGES.form);
      }
      // The route's validate('form') reads this instead of Request.formData() (multipart.ts: why).
      (c.req.bodyCache as { formData?: Promise<FormData> }).formData = Promise.resolve(form);
      return next();
    }
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    // An empty body is no body: routes that need one say so in their own words.
    if (bytes.byteLength === 0) return next();
    if (!JSON_TYPE.test(c.req.header('Content-Type') ?? '')) throw new HttpError(415, BODY_MESSAGES.contentType);
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      throw new HttpError(400, BODY_MESSAGES.utf8);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new HttpError(400, BODY_MESSAGES.json);
    }
    checkValue(parsed, 0);
    // Later reads get this checked text and this parsed value (the locale middleware and the
    // route's validator would otherwise decode and parse the body again). Hono keeps promises in
    // this cache, though its type names the resolved values.
    const cache = c.req.bodyCache as { text?: Promise<string>; json?: Promise<unknown> };
    cache.text = Promise.resolve(text);
    cache.json = Promise.resolve(parsed);
    await next();
  };
}
