/**
 * Another language's texts of one block: only its translatable fields that have a default text,
 * each showing that text so the translator sees what to translate; empty means "use the default".
 */
import type { Block } from '@/lib/contract/blocks';
import { RichTextField, TextField } from './fields';
import { fieldValue, translatableFields } from './blocks-editing';

const FIELD_LABELS: Record<string, string> = {
  heading: 'Heading',
  text: 'Text',
  html: 'Text',
  alt: 'Alternative text',
  caption: 'Caption',
  'button.label': 'Button text',
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
  const fields = translatableFields(block);
  if (fields.length === 0) return <p className="field-hint">This block has no texts to translate.</p>;
  return (
    <>
      {fields.map((field) => {
        const tile = /^tiles\.(\d+)\.(title|description)$/.exec(field);
        const label = tile ? `Tile ${Number(tile[1]) + 1} ${tile[2]}` : (FIELD_LABELS[field] ?? field);
        const original = fieldValue(block, field);
        const set = (value: string) => onChange({ ...texts, [field]: value });
        return field === 'html' ? (
          <div key={field}>
            <RichTextField label={label} value={texts[field] ?? ''} lang={lang} onChange={set} error={errors?.get(field)} />
            <details className="field-hint">
              <summary>{defaultTitle} text</summary>
              <div className="static-content" dangerouslySetInnerHTML={{ __html: original }} />
            </details>
          </div>
        ) : (
          <TextField key={field} label={label} value={texts[field] ?? ''} lang={lang} hint={`${defaultTitle}: ${original || 'the default tile'}`} placeholder={original} onChange={set} error={errors?.get(field)} />
        );
      })}
    </>
  );
}
