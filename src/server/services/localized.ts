/**
 * A message the admin API answers in the admin's language (src/i18n/admin/{language}/api.json).
 * Services throw and return it without knowing who asks: the admin API translates it with
 * c.var.at (api/admin-language.ts), while anyone else (pages, scripts, the shopper API) sees the
 * English text, which is exactly the text these messages had before they were translated.
 */
import english from '@/i18n/admin/en/api.json';

export interface Localized {
  key: string;
  vars?: Record<string, string | number>;
}

const ENGLISH: Record<string, string> = english;

export function localized(key: string, vars?: Record<string, string | number>): Localized {
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
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (message.vars && name in message.vars ? String(message.vars[name]) : whole));
}
