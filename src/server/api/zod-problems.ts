import type { z } from 'zod';
import english from '@/i18n/admin/en/api.json';
import type { AdminKey } from '@/lib/translator';
import { type Localized, type LocalizedVars, localized } from '../services/localized';

/**
 * zod's issues as keyed messages (src/i18n/admin/{language}/api.json, `admin.api.field.*`), so the
 * admin API answers field errors in the admin's language (issue 28). Each keeps the schema's own
 * English text as `english`: an English admin, and everyone who reads `message`, sees exactly what
 * the contract says ("The name may have at most 128 characters."); German and French admins see
 * the key's text ("Höchstens 128 Zeichen."), which sits under the field it is about. A schema may
 * also give a key itself (`refine(..., { message: 'admin.api.…' })`) for a text no code describes.
 */

type Issue = z.core.$ZodIssue;

const KEYS: ReadonlySet<string> = new Set(Object.keys(english));
const isKey = (text: string): text is AdminKey => KEYS.has(text);

/** The value at an issue's path in the request, to tell a missing field from a wrong one. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const step of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[step];
  }
  return value;
}

function sized(issue: Extract<Issue, { code: 'too_small' | 'too_big' }>): [AdminKey, LocalizedVars] {
  const small = issue.code === 'too_small';
  const limit = Number(
    small ? (issue as { minimum: number | bigint }).minimum : (issue as { maximum: number | bigint }).maximum,
  );
  switch (issue.origin) {
    case 'string':
      if (small && limit <= 1) return ['admin.api.field.required', {}];
      return [small ? 'admin.api.field.tooShort' : 'admin.api.field.tooLong', { count: limit }];
    case 'array':
    case 'set':
      return [small ? 'admin.api.field.tooFewItems' : 'admin.api.field.tooManyItems', { count: limit }];
    case 'file':
      return [small ? 'admin.api.field.fileEmpty' : 'admin.api.field.fileTooLarge', {}];
    default: {
      const exclusive = issue.inclusive === false;
      if (small)
        return [exclusive ? 'admin.api.field.tooSmallExclusive' : 'admin.api.field.tooSmall', { minimum: limit }];
      return [exclusive ? 'admin.api.field.tooBigExclusive' : 'admin.api.field.tooBig', { maximum: limit }];
    }
  }
}

function keyOf(issue: Issue, input: unknown): [AdminKey, LocalizedVars] {
  if (isKey(issue.message)) return [issue.message, {}];
  switch (issue.code) {
    case 'invalid_type':
      if (valueAt(input, issue.path) === undefined) return ['admin.api.field.required', {}];
      if (issue.expected === 'int') return ['admin.api.field.wholeNumber', {}];
      return ['admin.api.field.wrongType', { expected: issue.expected }];
    case 'too_small':
    case 'too_big':
      return sized(issue);
    case 'invalid_format':
      if (issue.format === 'email') return ['admin.api.field.email', {}];
      if (issue.format === 'url') return ['admin.api.field.url', {}];
      return ['admin.api.field.format', {}];
    case 'invalid_value':
      return ['admin.api.field.oneOf', { values: issue.values.map(String).join(', ') }];
    case 'unrecognized_keys':
      return ['admin.api.field.unknown', { keys: issue.keys.join(', ') }];
    case 'not_multiple_of':
      return ['admin.api.field.multipleOf', { divisor: Number(issue.divisor) }];
    default:
      return ['admin.api.field.invalid', {}];
  }
}

/** One issue as a keyed message that still reads as the schema's English text. */
export function zodProblem(issue: Issue, input: unknown): Localized {
  const [key, vars] = keyOf(issue, input);
  return { ...localized(key, vars), ...(isKey(issue.message) ? {} : { english: issue.message }) };
}
