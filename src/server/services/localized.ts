/**
 * A message the admin API answers in the admin's language (src/i18n/admin/{language}/api.json).
 * Services throw and return it without knowing who asks: the admin API translates it with
 * c.var.at (api/admin-language.ts), while anyone else (pages, scripts, the shopper API) sees the
 * English text, which is exactly the text these messages had before they were translated.
 */
import english from '@/i18n/admin/en/api.json';
import type { TextKey, Translator } from '@/lib/translator';

/** A value may itself be Localized (a counted noun, a list): it is spoken in the same language. */
export type LocalizedVars = Record<string, string | number | Localized>;

export interface Localized {
  key: TextKey;
  vars?: LocalizedVars;
  /**
   * The English text when it says more than the key's English (a zod issue keeps the contract's
   * own wording, api/zod-problems.ts); other languages speak the key.
   */
  english?: string;
}

const ENGLISH: Record<string, string> = english;

export function localized(key: TextKey, vars?: LocalizedVars): Localized {
  return vars ? { key, vars } : { key };
}

export function isLocalized(value: unknown): value is Localized {
  return typeof value === 'object' && value !== null && typeof (value as Localized).key === 'string';
}

const ENGLISH_PLURALS = new Intl.PluralRules('en');

/** The key's English template; with a numeric `count`, its plural form (`_one`/`_other`) like i18next. */
function englishTemplate(message: Localized): string | undefined {
  const count = message.vars?.count;
  if (typeof count === 'number') {
    const plural = ENGLISH[`${message.key}_${ENGLISH_PLURALS.select(count)}`] ?? ENGLISH[`${message.key}_other`];
    if (plural !== undefined) return plural;
  }
  return ENGLISH[message.key];
}

/**
 * The English text, interpolated like i18next does ({{name}}, plurals by `count`). Synchronous and
 * free of i18next so error constructors can use it anywhere; a missing key shows itself.
 */
export function englishText(message: Localized): string {
  if (message.english !== undefined) return message.english;
  const template = englishTemplate(message) ?? message.key;
  const vars = plainVars(message, englishText);
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    vars && name in vars ? String(vars[name]) : whole,
  );
}

/** The message's values with the Localized ones spoken by `say`. */
function plainVars(message: Localized, say: (inner: Localized) => string): Record<string, string | number> | undefined {
  if (!message.vars) return undefined;
  return Object.fromEntries(
    Object.entries(message.vars).map(([name, value]) => [name, isLocalized(value) ? say(value) : value]),
  );
}

/** The message in the language of `t` (the admin's translator). */
export function spokenText(t: Translator, message: Localized): string {
  const spoken = t(
    message.key,
    plainVars(message, (inner) => spokenText(t, inner)),
  );
  // A translator without the key (the shop's, on a shopper's route such as returns) answers
  // with the key itself: the schema's English text reads better than a key.
  return spoken === message.key ? englishText(message) : spoken;
}

/** Field errors whose texts may be Localized: the shape error constructors take. */
export type Problems = Record<string, readonly (string | Localized)[]>;

/** The field errors in English, the shape every caller but the admin API reads. */
export function englishProblems(problems: Problems): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(problems).map(([field, list]) => [field, list.map((m) => (isLocalized(m) ? englishText(m) : m))]),
  );
}

export function hasLocalized(problems: Problems): boolean {
  return Object.values(problems).some((list) => list.some(isLocalized));
}
