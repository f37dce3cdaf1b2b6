/**
 * How an admin island reads the texts the page handed it (adminTextsFor on the server): a key's
 * text with its {{placeholders}} filled; a missing key shows itself, so a gap is seen, not hidden.
 */
import { fill } from '@/lib/rules/placeholders';
import type { Translator } from '@/lib/translator';

export type AdminTexts = Readonly<Record<string, string>>;

export function adminText(texts: AdminTexts): Translator {
  return (key, vars) => {
    const text = texts[key] ?? key;
    return vars ? fill(text, vars) : text;
  };
}
