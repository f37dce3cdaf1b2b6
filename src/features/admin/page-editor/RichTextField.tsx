/**
 * A formatted text of a server-rendered admin form (static page, FAQ answer, product description):
 * the rich-text editor, writing its HTML into the form's field `name` so admin-forms.ts sends it
 * with the form's other fields in one save. The field fires `input` on each change, which the
 * live preview and the unsaved-changes warning listen to. Admins may switch to the HTML source.
 */
import { type AdminTexts } from '@/lib/admin-text';
import { useRef, useState } from 'react';
import { EditorTextsContext, editorTexts } from './editor-texts';
import RichTextEditor from './RichTextEditor';

export interface RichTextFieldProps {
  id: string;
  name: string;
  label: string;
  html: string;
  lang: string;
  /** The element id of a live preview (admin-forms.ts initPreviews), if the form has one. */
  preview?: string;
  describedBy?: string;
  /** Admins only: the "HTML" view of the source. */
  source: boolean;
  /** The html is another language's fallback: the form sends it only once edited (admin-forms.ts data-only-edited). */
  onlyEdited?: boolean;
  uiTexts: AdminTexts;
  locale: string;
}

export default function RichTextField(props: RichTextFieldProps) {
  const texts = editorTexts(props.uiTexts, props.locale);
  const field = useRef<HTMLTextAreaElement>(null);
  const [showSource, setShowSource] = useState(false);
  // The editor opens on what the field holds now (after the HTML view, the edited source).
  const [opened, setOpened] = useState({ html: props.html, key: 0 });

  function changed(html: string) {
    if (!field.current || field.current.value === html) return;
    field.current.value = html;
    field.current.dispatchEvent(new Event('input', { bubbles: true }));
  }

  function toggleSource() {
    if (showSource) setOpened((o) => ({ html: field.current?.value ?? '', key: o.key + 1 }));
    setShowSource(!showSource);
  }

  return (
    <EditorTextsContext.Provider value={texts}>
      <div className="rich-text-field">
        {!showSource && (
          <RichTextEditor
            key={opened.key}
            label={props.label}
            html={opened.html}
            lang={props.lang}
            describedBy={props.describedBy}
            onChange={changed}
          />
        )}
        <div className="field" hidden={!showSource}>
          <label htmlFor={props.id}>{texts.t('admin.pageEditor.rte.source', { label: props.label })}</label>
          <textarea
            ref={field}
            id={props.id}
            name={props.name}
            rows={12}
            lang={props.lang}
            defaultValue={props.html}
            data-preview={props.preview}
            data-only-edited={props.onlyEdited ? '' : undefined}
            aria-describedby={props.describedBy}
          />
        </div>
        {props.source && (
          <button type="button" className="button secondary" aria-pressed={showSource} onClick={toggleSource}>
            {texts.t('admin.pageEditor.rte.htmlView')}
          </button>
        )}
      </div>
    </EditorTextsContext.Provider>
  );
}
