/**
 * The small form controls of the page editor: a labelled text field and a group of checkboxes,
 * each with its hint and its error from the server tied to it (aria-describedby).
 */
import { lazy, Suspense, useId } from 'react';
import { useEditorTexts } from './editor-texts';

const RichTextEditor = lazy(() => import('./RichTextEditor'));

export interface FieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  hint?: string;
  max?: number;
  multiline?: boolean;
  lang?: string;
  placeholder?: string;
}

export function TextField({ label, value, onChange, error, hint, max, multiline, lang, placeholder }: FieldProps) {
  const id = useId();
  const { t } = useEditorTexts();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value,
    lang,
    placeholder,
    maxLength: max,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type="text" onChange={(e) => onChange(e.target.value)} />
      )}
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
          {max ? ` ${t('admin.pageEditor.field.length', { length: value.length, max })}` : ''}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

export function RichTextField({
  label,
  value,
  onChange,
  error,
  lang,
}: {
  label: string;
  value: string;
  onChange(html: string): void;
  error?: string | undefined;
  lang: string;
}) {
  const id = useId();
  const { t } = useEditorTexts();
  return (
    <div className="field">
      <Suspense fallback={<p className="field-hint">{t('admin.pageEditor.loadingEditor')}</p>}>
        <RichTextEditor
          label={label}
          html={value}
          lang={lang}
          onChange={onChange}
          {...(error && { describedBy: `${id}-error` })}
        />
      </Suspense>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

export function CheckboxGroup({
  legend,
  options,
  chosen,
  onChange,
  error,
}: {
  legend: string;
  options: readonly { id: number; label: string }[];
  chosen: readonly number[];
  onChange(ids: number[]): void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <fieldset className="field check-group" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.id} className="check">
          <input
            type="checkbox"
            checked={chosen.includes(option.id)}
            onChange={(e) =>
              onChange(e.target.checked ? [...chosen, option.id] : chosen.filter((x) => x !== option.id))
            }
          />{' '}
          {option.label}
        </label>
      ))}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange(value: T): void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
