import '@/stores/bootstrap';
import { pathInLanguage } from '@/lib/language-path';
import { setLanguage } from './locale';

export interface LanguagePickerProps {
  label: string;
  languages: Array<{ id: number; title: string; code: string; isDefault: boolean }>;
  /** The language the server rendered the page in. */
  currentId: number;
}

/** No empty option: the choice cannot be cleared (storefront §5). */
export default function LanguagePicker({ label, languages, currentId }: LanguagePickerProps) {
  return (
    <label className="picker">
      <span className="picker-label">{label}</span>
      <select
        name="languageId"
        defaultValue={String(currentId)}
        onChange={(event) => {
          const id = event.currentTarget.value;
          const chosen = languages.find((l) => String(l.id) === id);
          const fallback = languages.find((l) => l.isDefault) ?? languages[0];
          // The same page at the chosen language's address (ADR 028); the choice is stored too.
          const here = `${location.pathname}${location.search}`;
          const to =
            chosen && fallback
              ? pathInLanguage(
                  here,
                  chosen.code,
                  fallback.code,
                  languages.map((l) => l.code),
                )
              : undefined;
          setLanguage(id, { to });
        }}
      >
        {languages.map((language) => (
          <option key={language.id} value={String(language.id)} lang={language.code}>
            {language.title}
          </option>
        ))}
      </select>
    </label>
  );
}
