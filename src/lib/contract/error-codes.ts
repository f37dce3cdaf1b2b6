import { z } from 'zod';

/**
 * The machine-readable `code` of every /api error (issue 28). Messages are for people and change
 * with the language (a German shopper, an edited translation); browser code decides on the code,
 * never on a message's text. Stable: a client may switch on them, so a code is only ever added.
 */
export const ERROR_CODES = [
  /** 422: a field of the request is missing or wrong (`errors` says which). */
  'validation_failed',
  /** 422 on totals and checkout: the delivery address (country, post code) cannot be used. */
  'address_invalid',
  /** 422 on totals and checkout: the server cannot calculate delivery for the destination. */
  'delivery_unavailable',
  /** 422/409: more of an item than the shop has. */
  'out_of_stock',
  /** 400: the request is malformed (no JSON object, a value the database refuses). */
  'bad_request',
  /** 401: no session or token. */
  'unauthenticated',
  /** 403: signed in, but the email address is not verified yet. */
  'email_not_verified',
  /** 403: the caller may not do this. */
  'forbidden',
  /** 404 */
  'not_found',
  /** 409: the request clashes with the shop's state. */
  'conflict',
  /** 409 on checkout: the customer holds the most orders (or units) waiting for payment (issue 29). */
  'unpaid_limit',
  /** 413 */
  'payload_too_large',
  /** 415 */
  'unsupported_media_type',
  /** 419: a write without a matching X-XSRF-TOKEN header. */
  'csrf_mismatch',
  /** 429: Retry-After says when to try again. */
  'rate_limited',
  /** 502: an outside service (the payment provider) refused or failed. */
  'upstream_failed',
  /** 503: the database (or the mailer) is unavailable; Retry-After when known. */
  'service_unavailable',
  /** 500 */
  'internal_error',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorCodeSchema = z
  .enum(ERROR_CODES)
  .meta({ description: 'What went wrong, for programs: stable, never translated.' });

/** The code of an HTTP status when nothing more specific is known. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 419:
      return 'csrf_mismatch';
    case 422:
      return 'validation_failed';
    case 429:
      return 'rate_limited';
    case 502:
      return 'upstream_failed';
    case 503:
      return 'service_unavailable';
    default:
      return status >= 500 ? 'internal_error' : 'bad_request';
  }
}
