/**
 * How an admin island or script reads the texts the page handed it (adminTextsFor on the server):
 * a key's text with its {{placeholders}} filled, and with a numeric `count` its plural form
 * (`key_one`, `key_other`, French `key_many`) chosen like i18next does on the server, by the
 * language's Intl.PluralRules; a missing key shows itself, so a gap is seen, not hidden.
 */
import { fill } from '@/lib/rules/placeholders';
import type { Translator } from '@/lib/translator';

export type AdminTexts = Readonly<Record<string, string>>;

export function adminText(texts: AdminTexts, locale = 'en'): Translator {
  const plurals = new Intl.PluralRules(locale);
  return (key, vars) => {
    const count = vars?.count;
    const plural =
      typeof count === 'number' ? (texts[`${key}_${plurals.select(count)}`] ?? texts[`${key}_other`]) : undefined;
    const text = plural ?? texts[key] ?? key;
    return vars ? fill(text, vars) : text;
  };
}
