import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { errorChain } from '../db/error-chain';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/unavailable';
import { FALLBACK_LANGUAGE } from '../i18n/messages';
import { logger } from '../logger';
import { DomainError, type DomainErrorKind } from '../services/errors';
import {
  englishProblems,
  englishText,
  hasLocalized,
  isLocalized,
  type Localized,
  type Problems,
  spokenText,
} from '../services/localized';
import { type ErrorCode, codeForStatus } from '@/lib/contract/error-codes';
import { type FieldErrors, errorBody } from './envelope';
import { totalsErrorCode } from './totals-error-code';
import type { AdminVariables, ApiEnv } from './env';

/**
 * Throw from a handler to answer with the error envelope. Services throw DomainError
 * (services/errors.ts) instead, which handleError maps to a status below. A Localized message is
 * answered in the admin's language on /api/admin (admin-language.ts), in English elsewhere.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly code: ErrorCode;
  readonly localized?: Localized;
  readonly options: { errors?: FieldErrors; headers?: Record<string, string> };
  readonly problems?: Problems;
  constructor(
    readonly status: ContentfulStatusCode,
    message: string | Localized,
    { errors, headers, code }: { errors?: Problems; headers?: Record<string, string>; code?: ErrorCode } = {},
  ) {
    super(isLocalized(message) ? englishText(message) : message);
    this.code = code ?? codeForStatus(status);
    if (isLocalized(message)) this.localized = message;
    this.options = { ...(errors ? { errors: englishProblems(errors) } : {}), ...(headers ? { headers } : {}) };
    if (errors && hasLocalized(errors)) this.problems = errors;
  }
}

/**
 * The error's text for this caller: translated when the admin API set c.var.at and the error
 * carries keys (an English admin reads the English texts, zod's wording included). Field errors
 * with keys are translated; an English field error that repeats the message follows it; other
 * field errors stay as they are.
 */
function spoken(
  c: Context<ApiEnv>,
  error: DomainError | HttpError,
  errors: FieldErrors | undefined,
  problems?: Problems,
) {
  const { at, atLanguage } = c.var as Partial<AdminVariables>;
  if (!at || atLanguage === FALLBACK_LANGUAGE || (!error.localized && !problems))
    return { message: error.message, errors };
  const message = error.localized ? spokenText(at, error.localized) : error.message;
  const say = (text: string | Localized) =>
    isLocalized(text) ? spokenText(at, text) : text === error.message ? message : text;
  const fields = problems ?? errors;
  if (!fields) return { message, errors };
  return { message, errors: Object.fromEntries(Object.entries(fields).map(([field, list]) => [field, list.map(say)])) };
}

/** The status of each kind of service error. */
const DOMAIN_ERROR_STATUS: Record<DomainErrorKind, ContentfulStatusCode> = {
  invalid: 422,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  upstream: 502,
};

export const NOT_FOUND_MESSAGE = 'Not found';
export const BAD_VALUE_MESSAGE = 'A value in the request is malformed or out of range.';
export const INTERNAL_ERROR_MESSAGE = 'Internal server error';

export function notFound(c: Context) {
  return c.json(errorBody('not_found', NOT_FOUND_MESSAGE), 404);
}

const TOTALS_PATHS = new Set(['/api/cart/calculate-totals']);

/** The code of an error of the totals route follows the spec's text rule (totals-error-code.ts). */
function codeFor(c: Context, code: ErrorCode, englishMessage: string): ErrorCode {
  return TOTALS_PATHS.has(c.req.path) ? totalsErrorCode(code, englishMessage) : code;
}

/**
 * The SQLSTATE of a database error, through drizzle's wrapper (DrizzleQueryError keeps the
 * driver's error as its cause); the same on PGlite and PostgreSQL.
 */
export function sqlState(error: unknown): string | undefined {
  for (const { code } of errorChain(error)) {
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * Class 22 "data exception" (a text that is no uuid, a number past the column's range, NUL in
 * text...) can only come from a value the request carried that a route's schema let through.
 * It is the caller's error, so a 400 with a plain message; it is logged as a warning because the
 * schema that let it through should be tightened.
 */
function isBadValue(error: unknown): boolean {
  return sqlState(error)?.startsWith('22') ?? false;
}

/**
 * onError for the API: known errors keep their status; a database outage is a 503 the client may
 * retry (ADR 017); a value the database refused is the caller's 400; anything else is logged and
 * hidden.
 */
export function handleError(error: Error, c: Context<ApiEnv>) {
  if (error instanceof DomainError) {
    const { message, errors } = spoken(c, error, error.errors, error.problems);
    return c.json(errorBody(codeFor(c, error.code, error.message), message, errors), DOMAIN_ERROR_STATUS[error.kind]);
  }
  if (error instanceof HttpError) {
    const { message, errors } = spoken(c, error, error.options.errors, error.problems);
    return c.json(
      errorBody(codeFor(c, error.code, error.message), message, errors),
      error.status,
      error.options.headers,
    );
  }
  if (error instanceof HTTPException) {
    // Hono's own 4xx (malformed JSON, body limit...) are client errors with safe texts.
    const status = error.status as ContentfulStatusCode;
    if (status < 500) return c.json(errorBody(codeForStatus(status), error.message || 'Bad request'), status);
  }
  const log = c.get('log') ?? logger;
  if (isDatabaseUnavailable(error)) {
    log.warn({ err: error, reqId: c.get('requestId') }, 'database unavailable');
    return c.json(errorBody('service_unavailable', DATABASE_UNAVAILABLE_MESSAGE), 503, {
      'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
      'Cache-Control': 'no-store',
    });
  }
  if (isBadValue(error)) {
    log.warn(
      { err: error, reqId: c.get('requestId'), sqlState: sqlState(error) },
      'request value rejected by the database',
    );
    return c.json(errorBody('bad_request', BAD_VALUE_MESSAGE), 400);
  }
  log.error({ err: error, reqId: c.get('requestId') }, 'unhandled API error');
  return c.json(errorBody('internal_error', INTERNAL_ERROR_MESSAGE), 500);
}
