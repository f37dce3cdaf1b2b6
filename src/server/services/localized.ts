/**
 * A message the admin API answers in the admin's language (src/i18n/admin/{language}/api.json).
 * Services throw and return it without knowing who asks: the admin API translates it with
 * c.var.at (api/admin-language.ts), while anyone else (pages, scripts, the shopper API) sees the
 * English text, which is exactly the text these messages had before they were translated.
 */
import english from '@/i18n/admin/en/api.json';

/** A value may itself be Localized (a counted noun, a list): it is spoken in the same language. */
export type LocalizedVars = Record<string, string | number | Localized>;

export interface Localized {
  key: string;
  vars?: LocalizedVars;
}

const ENGLISH: Record<string, string> = english;

export function localized(key: string, vars?: LocalizedVars): Localized {
  return vars ? { key, vars } : { key };
}

export function isLocalized(value: unknown): value is Localized {
  return typeof value === 'object' && value !== null && typeof (value as Localized).key === 'string';
}

/**
 * The English text, interpolated like i18next does ({{name}}). Synchronous and free of i18next so
 * error constructors can use it anywhere; a missing key shows itself rather than failing.
 */
export function englishText(message: Localized): string {
  const template = ENGLISH[message.key] ?? message.key;
  const vars = plainVars(message, englishText);
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (vars && name in vars ? String(vars[name]) : whole));
}

/** The message's values with the Localized ones spoken by `say`. */
function plainVars(message: Localized, say: (inner: Localized) => string): Record<string, string | number> | undefined {
  if (!message.vars) return undefined;
  return Object.fromEntries(Object.entries(message.vars).map(([name, value]) => [name, isLocalized(value) ? say(value) : value]));
}

/** The message in the language of `t` (the admin's translator). */
export function spokenText(t: (key: string, vars?: Record<string, unknown>) => string, message: Localized): string {
  return t(message.key, plainVars(message, (inner) => spokenText(t, inner)));
}

/** Field errors whose texts may be Localized: the shape error constructors take. */
export type Problems = Record<string, readonly (string | Localized)[]>;

/** The field errors in English, the shape every caller but the admin API reads. */
export function englishProblems(problems: Problems): Record<string, string[]> {
  return Object.fromEntries(Object.entries(problems).map(([field, list]) => [field, list.map((m) => (isLocalized(m) ? englishText(m) : m))]));
}

export function hasLocalized(problems: Problems): boolean {
  return Object.values(problems).some((list) => list.some(isLocalized));
}
