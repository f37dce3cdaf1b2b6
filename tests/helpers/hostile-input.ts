/**
 * The shapes and payloads of the hostile-input table (tests/integration/hostile-input.test.ts),
 * shared with the per-area tables that feed it (hostile-input-admin.ts).
 */

/** The session a route's cases are sent from. */
export type Who = 'guest' | 'customer' | 'editor' | 'admin';

export interface Case {
  name: string;
  /** Replaces the route's path (path parameters under attack). */
  path?: string;
  /** Appended to the path, starting with `?`. */
  query?: string;
  /** A JSON value, or raw bytes/text sent as they are. */
  json?: unknown;
  raw?: { body: string | Uint8Array; type?: string };
  headers?: Record<string, string>;
  status: number;
  /** Exact text or pattern of the message; any case must have a readable one anyway. */
  message?: string | RegExp;
  /** The first field message of each named field. */
  errors?: Record<string, string>;
  /** Where the answer is a redirect to a page (the mailed verification link). */
  location?: RegExp;
}

export interface Entry {
  who: Who;
  path: string;
  /**
   * 'object': the route reads a JSON object body; 'none': it reads no body (GETs too); 'signed':
   * the body is checked against a signature header before anything else; 'multipart': a file
   * upload (multipart/form-data), refused as anything else.
   */
  body: 'object' | 'none' | 'signed' | 'multipart';
  /** Outside the locale middleware (no lang_id/currency handling). */
  noLocale?: boolean;
  cases: Case[];
}

export const NUL_IN_ADDRESS = 'The address may not contain NUL characters.';
export const huge = (n: number) => 'x'.repeat(n);
export const SQL = "1' OR '1'='1'; DROP TABLE users; --";
export const HTML = '<img src=x onerror=alert(1)>';

/** 422 with a message: the field rules answer in the shopper's words. */
export const invalid = (name: string, json: unknown, message?: string | RegExp): Case => ({
  name,
  json,
  status: 422,
  ...(message ? { message } : {}),
});
export const param = (name: string, path: string, status: number, message?: string | RegExp): Case => ({
  name,
  path,
  status,
  ...(message ? { message } : {}),
});
