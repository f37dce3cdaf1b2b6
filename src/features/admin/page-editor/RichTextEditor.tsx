/**
 * Rich text without typing HTML (issue 17): TipTap with headings, bold, italic, lists, quotes and
 * links, nothing else (the server's sanitiser keeps the same set). Loaded only when a block with
 * rich text is opened, so the editor's other screens stay light. The toolbar is a row of toggle
 * buttons (aria-pressed) and a link field instead of a prompt, all reachable by Tab.
 */
import { keyUnder } from '@/lib/translator';
import { EditorContent, useEditor } from '@tiptap/react';
import { useId, useState } from 'react';
import { useEditorTexts } from './editor-texts';
import { editorHtml, richTextExtensions } from './rich-text-schema';

export interface RichTextEditorProps {
  label: string;
  html: string;
  lang: string;
  onChange(html: string): void;
  describedBy?: string;
}

const LINK_PATTERN = /^(https:\/\/[^\s"'<>]+|\/(?!\/)[^\s"'<>]*|mailto:[^\s"'<>]+)$/;

export default function RichTextEditor({ label, html, lang, onChange, describedBy }: RichTextEditorProps) {
  const { t } = useEditorTexts();
  const r = (key: string, vars?: Record<string, unknown>) => t(keyUnder('admin.pageEditor.rte.', key), vars);
  const labelId = useId();
  const linkId = useId();
  const [link, setLink] = useState('');
  const [linkError, setLinkError] = useState('');
  const editor = useEditor({
    immediatelyRender: false,
    // The toolbar shows what is on at the cursor: it re-renders with each change of the text.
    shouldRerenderOnTransaction: true,
    // Its few base styles are in page-editor.css: the CSP refuses injected <style> elements.
    injectCSS: false,
    extensions: richTextExtensions(),
    content: html,
    editorProps: {
      attributes: {
        'aria-labelledby': labelId,
        'aria-multiline': 'true',
        role: 'textbox',
        lang,
        class: 'rich-text-area static-content',
        ...(describedBy && { 'aria-describedby': describedBy }),
      },
    },
    onUpdate: ({ editor: e }) => onChange(editorHtml(e.state.doc, e.schema)),
  });
  if (!editor) return <p className="field-hint">{t('admin.pageEditor.loadingEditor')}</p>;
  const state = {
    h2: editor.isActive('heading', { level: 2 }),
    h3: editor.isActive('heading', { level: 3 }),
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    bullets: editor.isActive('bulletList'),
    numbers: editor.isActive('orderedList'),
    quote: editor.isActive('blockquote'),
    link: editor.isActive('link'),
    href: (editor.getAttributes('link').href as string | undefined) ?? '',
  };
  const chain = () => editor.chain().focus();
  const tools: { name: string; pressed: boolean; run(): void }[] = [
    { name: r('heading'), pressed: state.h2, run: () => chain().toggleHeading({ level: 2 }).run() },
    { name: r('subheading'), pressed: state.h3, run: () => chain().toggleHeading({ level: 3 }).run() },
    { name: r('bold'), pressed: state.bold, run: () => chain().toggleBold().run() },
    { name: r('italic'), pressed: state.italic, run: () => chain().toggleItalic().run() },
    { name: r('bullets'), pressed: state.bullets, run: () => chain().toggleBulletList().run() },
    { name: r('numbers'), pressed: state.numbers, run: () => chain().toggleOrderedList().run() },
    { name: r('quote'), pressed: state.quote, run: () => chain().toggleBlockquote().run() },
  ];

  function applyLink() {
    const href = link.trim();
    if (href === '') {
      chain().extendMarkRange('link').unsetLink().run();
      setLinkError('');
      return;
    }
    if (!LINK_PATTERN.test(href)) {
      setLinkError(r('linkError'));
      return;
    }
    setLinkError('');
    if (editor!.state.selection.empty && !state.link)
      chain()
        .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
        .run();
    else chain().extendMarkRange('link').setLink({ href }).run();
    setLink('');
  }

  return (
    <div className="rich-text">
      <p className="rich-text-label" id={labelId}>
        {label}
      </p>
      <div className="rich-text-tools" role="toolbar" aria-label={r('toolbar', { label })}>
        {tools.map((tool) => (
          <button key={tool.name} type="button" className="tool" aria-pressed={tool.pressed} onClick={tool.run}>
            {tool.name}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
      <div className="rich-text-link">
        <label htmlFor={linkId}>{state.link ? r('linkNow', { href: state.href }) : r('linkForSelection')}</label>
        <input
          id={linkId}
          type="text"
          inputMode="url"
          value={link}
          placeholder={r('linkPlaceholder')}
          onChange={(e) => setLink(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              applyLink();
            }
          }}
        />
        <button type="button" className="button secondary" onClick={applyLink}>
          {r(link.trim() === '' && state.link ? 'removeLink' : 'setLink')}
        </button>
        {linkError && (
          <p className="field-error" role="alert">
            {linkError}
          </p>
        )}
      </div>
    </div>
  );
}
