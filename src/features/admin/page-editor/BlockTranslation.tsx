/**
 * Another language's texts of one block: only its translatable fields that have a default text,
 * each showing that text so the translator sees what to translate; empty means "use the default".
 */
import { keyUnder } from '@/lib/translator';
import type { Block } from '@/lib/contract/blocks';
import { RichTextField, TextField } from './fields';
import { fieldValue, translatableFields } from './blocks-editing';
import { useEditorTexts } from './editor-texts';

// A translatable field's path → its label key in pageEditor.json (the same labels as BlockForm's).
const FIELD_LABELS: Record<string, string> = {
  heading: 'heading',
  text: 'text',
  html: 'text',
  alt: 'alt',
  caption: 'caption',
  'button.label': 'buttonText',
};

interface Props {
  block: Block;
  texts: Record<string, string>;
  lang: string;
  defaultTitle: string;
  errors: ReadonlyMap<string, string> | undefined;
  onChange(texts: Record<string, string>): void;
}

export default function BlockTranslation({ block, texts, lang, defaultTitle, errors, onChange }: Props) {
  const { t } = useEditorTexts();
  const fields = translatableFields(block);
  if (fields.length === 0) return <p className="field-hint">{t('admin.pageEditor.noTexts')}</p>;
  return (
    <>
      {fields.map((field) => {
        const tile = /^tiles\.(\d+)\.(title|description)$/.exec(field);
        const key = FIELD_LABELS[field];
        const label = tile
          ? t(tile[2] === 'title' ? 'admin.pageEditor.field.tileTitle' : 'admin.pageEditor.field.tileDescription', {
              n: Number(tile[1]) + 1,
            })
          : key
            ? t(keyUnder('admin.pageEditor.field.', key))
            : field;
        const original = fieldValue(block, field);
        const set = (value: string) => onChange({ ...texts, [field]: value });
        return field === 'html' ? (
          <div key={field}>
            <RichTextField
              label={label}
              value={texts[field] ?? ''}
              lang={lang}
              onChange={set}
              error={errors?.get(field)}
            />
            <details className="field-hint">
              <summary>{t('admin.pageEditor.defaultText', { language: defaultTitle })}</summary>
              <div className="static-content" dangerouslySetInnerHTML={{ __html: original }} />
            </details>
          </div>
        ) : (
          <TextField
            key={field}
            label={label}
            value={texts[field] ?? ''}
            lang={lang}
            hint={`${defaultTitle}: ${original || t('admin.pageEditor.defaultTile')}`}
            placeholder={original}
            onChange={set}
            error={errors?.get(field)}
          />
        );
      })}
    </>
  );
}
