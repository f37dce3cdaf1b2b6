/**
 * The pure rules of the islands' one form hook (use-form.ts), tested without a browser: which
 * error a field shows, and what a failed request tells the form.
 */
import { ApiError, handledByClient } from '@/lib/api-client';

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

/** The first non-blank message per field of an error envelope's `errors`. */
export function firstErrors(errors: Record<string, unknown> | undefined | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, value] of Object.entries(errors ?? {})) {
    const first = Array.isArray(value) ? value.find((v) => typeof v === 'string' && v.trim() !== '') : value;
    if (typeof first === 'string' && first.trim() !== '') out[field] = first;
  }
  return out;
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
