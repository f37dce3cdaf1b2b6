import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/unavailable';
import { logger } from '../logger';
import { type FieldErrors, errorBody } from './envelope';
import type { ApiEnv } from './env';

/**
 * Throw from a handler or service to answer with the error envelope. Services throw this
 * instead of building responses so they stay usable from Astro pages too.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly options: { errors?: FieldErrors; headers?: Record<string, string> } = {},
  ) {
    super(message);
  }
}

export const NOT_FOUND_MESSAGE = 'Not found';
export const INTERNAL_ERROR_MESSAGE = 'Internal server error';

export function notFound(c: Context) {
  return c.json(errorBody(NOT_FOUND_MESSAGE), 404);
}

/**
 * onError for the API: known errors keep their status; a database outage is a 503 the client may
 * retry (ADR 017); anything else is logged and hidden.
 */
export function handleError(error: Error, c: Context<ApiEnv>) {
  if (error instanceof HttpError) {
    return c.json(errorBody(error.message, error.options.errors), error.status, error.options.headers);
  }
  if (error instanceof HTTPException) {
    // Hono's own 4xx (malformed JSON, body limit...) are client errors with safe texts.
    const status = error.status as ContentfulStatusCode;
    if (status < 500) return c.json(errorBody(error.message || 'Bad request'), status);
  }
  const log = c.get('log') ?? logger;
  if (isDatabaseUnavailable(error)) {
    log.warn({ err: error, reqId: c.get('requestId') }, 'database unavailable');
    return c.json(errorBody(DATABASE_UNAVAILABLE_MESSAGE), 503, {
      'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
      'Cache-Control': 'no-store',
    });
  }
  log.error({ err: error, reqId: c.get('requestId') }, 'unhandled API error');
  return c.json(errorBody(INTERNAL_ERROR_MESSAGE), 500);
}
