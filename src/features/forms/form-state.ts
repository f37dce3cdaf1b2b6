/**
 * The pure rules of the islands' one form hook (use-form.ts), tested without a browser: which
 * error a field shows, and what a failed request tells the form.
 */
import { ApiError, handledByClient } from '@/lib/api-client';
import { firstErrors } from './first-errors';

export interface FieldErrorState<E extends string> {
  /** The server's message for the field (from the last answer), shown first until the field changes. */
  server?: string;
  /** The form's own rule the value breaks (an error code the texts name). */
  client?: E;
  touched: boolean;
  submitted: boolean;
}

/** What a field shows: the server's word first; the form's own rule once the field was left or the form sent. */
export function visibleError<E extends string>(
  state: FieldErrorState<E>,
  message: (error: E) => string,
): string | undefined {
  if (state.server) return state.server;
  if (!state.client || !(state.touched || state.submitted)) return undefined;
  return message(state.client);
}

export interface Failure {
  fields: Record<string, string>;
  /** The message for the whole form; null when the API client has already told the shopper (401, 429…). */
  message: string | null;
}

/** A failed send: the server's field errors, and its message or the form's fallback text. */
export function failureOf(error: unknown, fallback: string): Failure {
  const apiError = error instanceof ApiError ? error : null;
  const fields = firstErrors(apiError?.errors);
  if (handledByClient(error)) return { fields, message: null };
  const message = apiError?.message?.trim();
  return { fields, message: message || fallback };
}
