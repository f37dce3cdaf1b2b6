import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { type FieldErrors, errorBody } from './envelope';
import type { AdminVariables } from './env';
import { HttpError } from './errors';
import type { Problems } from '../services/localized';
import { zodProblem } from './zod-problems';

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

/** The issues as keyed field errors (zod-problems.ts), which the error handler speaks in the admin's language. */
function keyedProblems(issues: readonly z.core.$ZodIssue[], input: unknown): Problems {
  const problems: Record<string, ReturnType<typeof zodProblem>[]> = {};
  for (const issue of issues)
    (problems[issue.path.map(String).join('.') || ROOT_FIELD] ??= []).push(zodProblem(issue, input));
  return problems;
}

/**
 * zValidator with the shop's 422 shape: `{status:'ERROR', code:'validation_failed', message: <first
 * error>, errors}`. Use on every input: `app.post('/', validate('json', schema), (c) => c.req.valid('json'))`.
 * On the admin API (c.var.at set) the field errors are keyed, so a German admin reads them in German.
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result, c) => {
    if (result.success) return;
    const data: unknown = result.data;
    if (target === 'json' && (data === null || typeof data !== 'object' || Array.isArray(data)))
      return c.json(errorBody('bad_request', NOT_A_JSON_OBJECT), 400);
    const issues = result.error.issues;
    if ((c.var as Partial<AdminVariables>).at && issues[0]) {
      throw new HttpError(422, zodProblem(issues[0], data), { errors: keyedProblems(issues, data) });
    }
    const first = issues[0]?.message ?? 'The given data was invalid.';
    return c.json(errorBody('validation_failed', first, fieldErrors(issues)), 422);
  });
}
