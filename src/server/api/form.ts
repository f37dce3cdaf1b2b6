import type { Context } from 'hono';
import { z } from 'zod';
import type { Translator } from '../i18n/index';
import { getTranslator } from '../i18n/index';
import type { ApiEnv } from './env';
import { HttpError } from './errors';
import { NOT_A_JSON_OBJECT, fieldErrors } from './validate';
import type { FieldErrors } from './envelope';

/**
 * Form-style bodies (accounts): zod schemas built per request so every message comes in the
 * shopper's language, and one 422 shape `{status:'ERROR', message, errors}` with the fields'
 * own names as keys, so forms put each message under its input.
 */

export async function translatorFor(c: Context<ApiEnv>): Promise<Translator> {
  return getTranslator(c.var.db, c.var.language.code);
}

/** The JSON object body; anything else (malformed, an array, a string) is a 400. */
export async function jsonObject(c: Context<ApiEnv>): Promise<Record<string, unknown>> {
  const raw: unknown = await c.req.json().catch(() => undefined);
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new HttpError(400, NOT_A_JSON_OBJECT);
  }
  return raw as Record<string, unknown>;
}

/**
 * Collects every field problem of a form before answering, so the shopper sees all of them at
 * once: zod issues plus checks that span fields (confirmation, phone) added with add().
 */
export class FormProblems {
  readonly errors: FieldErrors = {};

  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  /** Parses with the schema; on failure records its issues and returns undefined. */
  parse<T extends z.ZodType>(schema: T, body: unknown): z.output<T> | undefined {
    const result = schema.safeParse(body);
    if (result.success) return result.data;
    for (const [field, messages] of Object.entries(fieldErrors(result.error.issues))) {
      for (const message of messages) this.add(field, message);
    }
    return undefined;
  }

  /** 422 with every problem; the headline is `summary` or the first message. */
  throwIfAny(summary?: string): void {
    const first = Object.values(this.errors)[0]?.[0];
    if (first !== undefined) throw new HttpError(422, summary ?? first, { errors: this.errors });
  }
}

/** Parses with the schema or answers 422; `summary` replaces the first field message as the headline. */
export function parseFields<T extends z.ZodType>(schema: T, body: unknown, summary?: string): z.output<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error.issues);
  throw new HttpError(422, summary ?? result.error.issues[0]?.message ?? 'The given data was invalid.', { errors });
}

/**
 * The body with the password confirmation under `field`, the first given of the spec's spellings
 * (`passConfirm`, `passwordConfirmation`, `password_confirmation`, `field`'s own first).
 */
export function withConfirmationAs(field: string, body: Record<string, unknown>): Record<string, unknown> {
  const spellings = [
    field,
    ...['passConfirm', 'passwordConfirmation', 'password_confirmation'].filter((name) => name !== field),
  ];
  return {
    ...body,
    [field]: spellings.map((name) => body[name]).find((value) => value !== undefined && value !== null),
  };
}

export function fieldError(field: string, message: string): HttpError {
  return new HttpError(422, message, { errors: { [field]: [message] } });
}

// The form fields are the contract's (src/lib/contract/forms.ts); routes import them from here.
export { emailField, optionalText, passwordField, requiredText } from '@/lib/contract/forms';
