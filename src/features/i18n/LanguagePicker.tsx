import '@/stores/bootstrap';
import { setLanguage } from './locale';

export interface LanguagePickerProps {
  label: string;
  languages: Array<{ id: number; title: string; code: string }>;
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
        onChange={(event) => setLanguage(event.currentTarget.value)}
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
