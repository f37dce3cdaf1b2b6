/**
 * Errors the services throw. Services are called by pages and by the API alike, so they speak of
 * what went wrong, never of HTTP; the API layer maps each kind to a status (api/errors.ts
 * handleError) and a page decides for itself. `errors` names the fields a form shows them under.
 */
import type { FieldErrors } from '@/lib/contract/envelope';
import { englishText, isLocalized, type Localized } from './localized';

// Field name → messages: the API contract's shape (src/lib/contract/envelope.ts).
export type { FieldErrors };

export type DomainErrorKind = 'invalid' | 'not_found' | 'conflict' | 'upstream';

/**
 * `message` is English text, or a Localized key (services/localized.ts) when the admin API should
 * answer it in the admin's language; `message` is then its English text for everyone else.
 */
export class DomainError extends Error {
  override name = 'DomainError';
  readonly localized?: Localized;
  constructor(
    readonly kind: DomainErrorKind,
    message: string | Localized,
    readonly errors?: FieldErrors,
  ) {
    super(isLocalized(message) ? englishText(message) : message);
    if (isLocalized(message)) this.localized = message;
  }
}

/** A value the caller gave cannot be used (the API answers 422). */
export class InvalidInputError extends DomainError {
  constructor(message: string | Localized, errors?: FieldErrors) {
    super('invalid', message, errors);
  }
}

/** What the caller asked for does not exist (404). */
export class NotFoundError extends DomainError {
  constructor(message: string | Localized, errors?: FieldErrors) {
    super('not_found', message, errors);
  }
}

/** The request clashes with the state of the shop (409). */
export class ConflictError extends DomainError {
  constructor(message: string | Localized, errors?: FieldErrors) {
    super('conflict', message, errors);
  }
}

/** An outside service the action depends on (a payment provider) refused or failed (502). */
export class UpstreamError extends DomainError {
  constructor(message: string | Localized, errors?: FieldErrors) {
    super('upstream', message, errors);
  }
}

/** Collects problems of several fields (the form helpers of the API layer implement it too). */
export interface ProblemSink {
  add(field: string, message: string): void;
}
