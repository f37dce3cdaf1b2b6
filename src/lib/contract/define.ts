import type { z } from 'zod';

/**
 * How one /api route is declared in the contract (ADR 022): method and path as the Hono app
 * registers them, who may call it, and the zod schemas of what it reads and answers. The server
 * validates requests with these schemas, the OpenAPI document (GET /api/openapi.json) is
 * generated from them, and islands get their reply types from them (`z.infer`), so there is one
 * description of each call.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call: `public` anyone; `session` a signed-in user (cookie session or bearer token);
 * `verified` one whose address is verified; `back_office` a role with a permission of the route's
 * area (/api/admin/{area}: AREA_PERMISSIONS in lib/rules/roles.ts, the one declaration of who may
 * do what; the OpenAPI document names it per route);
 * `signed` a payment gateway's signed notification (no session, no CSRF).
 */
export type Access = 'public' | 'session' | 'verified' | 'back_office' | 'signed';

/** What a successful call sends: JSON by default; the docs page and its script; a redirect; a PDF (invoices). */
export type Produces = 'json' | 'html' | 'javascript' | 'redirect' | 'pdf';

export interface RouteContract {
  method: Method;
  /** Hono path, e.g. `/api/products/:id/info`. */
  path: string;
  /** The module (OpenAPI tag). */
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** How the body is sent: JSON unless said; `multipart` for file uploads (multipart/form-data). */
  consumes?: 'json' | 'multipart';
  /** Request headers that change the answer (e.g. Idempotency-Key), name → description. */
  headers?: Record<string, string>;
  /** The success body (the envelope with its payload). */
  response: z.ZodType;
  /** Success status; 200 unless said. */
  status?: number;
  produces?: Produces;
  /** Error statuses beyond the ones `access`, writes and the database imply (404, 409, 422...). */
  errors?: readonly number[];
  /** Has a rate limit (answers 429 with Retry-After). */
  rateLimited?: boolean;
  /**
   * Answers before sessions and tokens are read (the health check, the API's own description), so
   * it has no 401: every other route refuses a bearer token that is not valid, public ones too.
   */
  beforeAuth?: boolean;
}

/** Declares a route; keeps the literal method, path and schema types for the typed client. */
export function route<const R extends RouteContract>(contract: R): R {
  return contract;
}
