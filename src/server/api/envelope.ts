import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody, FieldErrors, OkBody } from '@/lib/contract/envelope';
import { type ErrorCode, codeForStatus } from '@/lib/contract/error-codes';

// The envelope's shapes are the API contract's (src/lib/contract/envelope.ts).
export type { ErrorBody, FieldErrors, OkBody };

export interface OkOptions {
  message?: string;
  status?: ContentfulStatusCode;
  /** Top-level siblings of payload some spec calls carry (pagination, price_range, unavailableItems). */
  extra?: Record<string, unknown>;
}

/** The success envelope `{status:'OK', payload, message}` of every API call. */
export function ok<T>(c: Context, payload: T, options: OkOptions = {}) {
  const body = { ...options.extra, status: 'OK', payload, message: options.message ?? null };
  return c.json(body as OkBody<T>, options.status ?? 200);
}

export function errorBody(code: ErrorCode, message: string, errors?: FieldErrors): ErrorBody {
  return errors ? { status: 'ERROR', code, message, errors } : { status: 'ERROR', code, message };
}

/** The error envelope `{status:'ERROR', code, message, errors?}`; the code is the status's. */
export function fail(c: Context, status: ContentfulStatusCode, message: string, errors?: FieldErrors) {
  return c.json(errorBody(codeForStatus(status), message, errors), status);
}
