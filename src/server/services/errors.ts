/**
 * Errors the services throw. Services are called by pages and by the API alike, so they speak of
 * what went wrong, never of HTTP; the API layer maps each kind to a status (api/errors.ts
 * handleError) and a page decides for itself. `errors` names the fields a form shows them under.
 */
import type { FieldErrors } from '@/lib/contract/envelope';
import type { ErrorCode } from '@/lib/contract/error-codes';
import { englishProblems, englishText, hasLocalized, isLocalized, type Localized, type Problems } from './localized';

// Field name → messages: the API contract's shape (src/lib/contract/envelope.ts).
export type { FieldErrors };

export type DomainErrorKind = 'invalid' | 'forbidden' | 'not_found' | 'conflict' | 'upstream';

/** The code of each kind when the thrower names none more specific (`out_of_stock`, …). */
const KIND_CODE: Record<DomainErrorKind, ErrorCode> = {
  invalid: 'validation_failed',
  forbidden: 'forbidden',
  not_found: 'not_found',
  conflict: 'conflict',
  upstream: 'upstream_failed',
};

/**
 * `code` is what programs decide on (the API's error envelope carries it); `message` and the field
 * errors are English text, or Localized keys (services/localized.ts) where the admin API should
 * answer them in the admin's language; `message` and `errors` then hold the English texts for
 * everyone else, `localized` and `problems` the keys.
 */
export class DomainError extends Error {
  override name = 'DomainError';
  readonly code: ErrorCode;
  readonly localized?: Localized;
  readonly errors?: FieldErrors;
  readonly problems?: Problems;
  constructor(
    readonly kind: DomainErrorKind,
    message: string | Localized,
    errors?: Problems,
    code?: ErrorCode,
  ) {
    super(isLocalized(message) ? englishText(message) : message);
    this.code = code ?? KIND_CODE[kind];
    if (isLocalized(message)) this.localized = message;
    if (errors) {
      this.errors = englishProblems(errors);
      if (hasLocalized(errors)) this.problems = errors;
    }
  }
}

/** A value the caller gave cannot be used (the API answers 422). */
export class InvalidInputError extends DomainError {
  constructor(message: string | Localized, errors?: Problems, code?: ErrorCode) {
    super('invalid', message, errors, code);
  }
}

/**
 * The caller may not do this, whatever the values (403): a staff member acting on their own
 * account or orders, an adjustment above what their role may make alone.
 */
export class ForbiddenError extends DomainError {
  constructor(message: string | Localized, errors?: Problems, code?: ErrorCode) {
    super('forbidden', message, errors, code);
  }
}

/** What the caller asked for does not exist (404). */
export class NotFoundError extends DomainError {
  constructor(message: string | Localized, errors?: Problems, code?: ErrorCode) {
    super('not_found', message, errors, code);
  }
}

/** The request clashes with the state of the shop (409). */
export class ConflictError extends DomainError {
  constructor(message: string | Localized, errors?: Problems, code?: ErrorCode) {
    super('conflict', message, errors, code);
  }
}

/** An outside service the action depends on (a payment provider) refused or failed (502). */
export class UpstreamError extends DomainError {
  constructor(message: string | Localized, errors?: Problems, code?: ErrorCode) {
    super('upstream', message, errors, code);
  }
}

/** Collects problems of several fields (the form helpers of the API layer implement it too). */
export interface ProblemSink {
  add(field: string, message: string): void;
}
