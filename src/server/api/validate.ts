import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { type FieldErrors, errorBody } from './envelope';

/** Root-level issues (e.g. "expected object") have an empty path; they are filed under this key. */
export const ROOT_FIELD = '_root';

/** A body that is no JSON object (an array, a string, null) is malformed, not a field problem. */
export const NOT_A_JSON_OBJECT = 'The request body must be a JSON object.';

export function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || ROOT_FIELD;
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * zValidator with the shop's 422 shape: `{status:'ERROR', message: <first error>, errors}`.
 * Use on every input: `app.post('/', validate('json', schema), (c) => c.req.valid('json'))`.
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  return zValidator(target, schema, (result, c) => {
    if (result.success) return;
    const data: unknown = result.data;
    if (target === 'json' && (data === null || typeof data !== 'object' || Array.isArray(data))) return c.json(errorBody(NOT_A_JSON_OBJECT), 400);
    const errors = fieldErrors(result.error.issues);
    const first = result.error.issues[0]?.message ?? 'The given data was invalid.';
    return c.json(errorBody(first, errors), 422);
  });
}
