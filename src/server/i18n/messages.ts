import de from '@/i18n/messages/de.json';
import en from '@/i18n/messages/en.json';
import fr from '@/i18n/messages/fr.json';

/** A flat map of dotted message keys to text, e.g. "header.search.placeholder". */
export type Messages = Record<string, string>;

/** The spec's default and fallback locale; en.json is the reference key set. */
export const FALLBACK_LANGUAGE = 'en';

// Bundled (not read from disk) so the built server needs no path to src/.
const FILES: Readonly<Record<string, Messages>> = { en, de, fr };

/** Codes that ship with message files in the repository. */
export const bundledLanguages = (): string[] => Object.keys(FILES);

/** The repository's messages for a language code; empty for a language without a file. */
export function fileMessages(code: string): Messages {
  return FILES[normalizeCode(code)] ?? {};
}

export function normalizeCode(code: string): string {
  return code.trim().toLowerCase();
}

/** The {{name}} placeholders of a message, sorted, so translations can be checked against en. */
export { placeholderNames as placeholders } from '@/lib/rules/placeholders';
