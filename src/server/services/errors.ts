/**
 * Errors the services throw. Services are called by pages and by the API alike, so they speak of
 * what went wrong, never of HTTP; the API layer maps each kind to a status (api/errors.ts
 * handleError) and a page decides for itself. `errors` names the fields a form shows them under.
 */
import type { FieldErrors } from '@/lib/contract/envelope';
import { englishProblems, englishText, hasLocalized, isLocalized, type Localized, type Problems } from './localized';

// Field name → messages: the API contract's shape (src/lib/contract/envelope.ts).
export type { FieldErrors };

export type DomainErrorKind = 'invalid' | 'forbidden' | 'not_found' | 'conflict' | 'upstream';

/**
 * `message` and the field errors are English text, or Localized keys (services/localized.ts) where
 * the admin API should answer them in the admin's language; `message` and `errors` then hold the
 * English texts for everyone else, `localized` and `problems` the keys.
 */
export class DomainError extends Error {
  override name = 'DomainError';
  readonly localized?: Localized;
  readonly errors?: FieldErrors;
  readonly problems?: Problems;
  constructor(
    readonly kind: DomainErrorKind,
    message: string | Localized,
    errors?: Problems,
  ) {
    super(isLocalized(message) ? englishText(message) : message);
    if (isLocalized(message)) this.localized = message;
    if (errors) {
      this.errors = englishProblems(errors);
      if (hasLocalized(errors)) this.problems = errors;
    }
  }
}

/** A value the caller gave cannot be used (the API answers 422). */
export class InvalidInputError extends DomainError {
  constructor(message: string | Localized, errors?: Problems) {
    super('invalid', message, errors);
  }
}

/**
 * The caller may not do this, whatever the values (403): a staff member acting on their own
 * account or orders, an adjustment above what their role may make alone.
 */
export class ForbiddenError extends DomainError {
  constructor(message: string | Localized, errors?: Problems) {
    super('forbidden', message, errors);
  }
}

/** What the caller asked for does not exist (404). */
export class NotFoundError extends DomainError {
  constructor(message: string | Localized, errors?: Problems) {
    super('not_found', message, errors);
  }
}

/** The request clashes with the state of the shop (409). */
export class ConflictError extends DomainError {
  constructor(message: string | Localized, errors?: Problems) {
    super('conflict', message, errors);
  }
}

/** An outside service the action depends on (a payment provider) refused or failed (502). */
export class UpstreamError extends DomainError {
  constructor(message: string | Localized, errors?: Problems) {
    super('upstream', message, errors);
  }
}

/** Collects problems of several fields (the form helpers of the API layer implement it too). */
export interface ProblemSink {
  add(field: string, message: string): void;
}
