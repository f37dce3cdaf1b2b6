/**
 * The visual page editor (issue 17, ADR 027): a page's blocks as a list a marketer arranges —
 * add, move by dragging or with the Move up/down buttons, duplicate, hide, delete — and edits
 * without HTML; in another language only the texts, with the default language's beside them. The
 * preview beside it is the real page through a preview link, at phone or desktop width.
 */
import { useMemo, useRef, useState } from 'react';
import type { AdminTexts } from '@/lib/admin-text';
import type { Block, BlockTexts } from '@/lib/contract/blocks';
import { BLOCK_TYPES, type BlockType } from '@/lib/contract/block-types';
import type { EditorChoices } from './block-fields';
import BlockForm from './BlockForm';
import BlockItem, { useBlockNames } from './BlockItem';
import BlockTranslation from './BlockTranslation';
import { freshId, moveBlock, newBlock, type PlacedErrors, replaceBlock } from './blocks-editing';
import type { PickedPhoto } from './MediaPicker';
import { EditorTextsContext, editorTexts } from './editor-texts';
import PreviewPane from './PreviewPane';
import { useHydrated } from '@/stores/hydration';
import { NO_ERRORS, usePageDraft } from './use-page-draft';

export interface PageEditorProps {
  pageId: number;
  layout: 'html' | 'blocks';
  blocks: Block[];
  /** This language's block texts (another language than the default). */
  texts: BlockTexts;
  language: { id: number; code: string; title: string };
  defaultLanguage: { id: number; code: string; title: string };
  choices: EditorChoices;
  photos: PickedPhoto[];
  /** When the unpublished changes were saved; null: the editor shows what is live. */
  draftSavedAt: string | null;
  /** The editor's own texts in the marketer's language (pageEditorTexts); `texts` are the blocks'. */
  uiTexts: AdminTexts;
  locale: string;
}

export default function PageEditor(props: PageEditorProps) {
  const ui = useMemo(() => editorTexts(props.uiTexts, props.locale), [props.uiTexts, props.locale]);
  return (
    <EditorTextsContext.Provider value={ui}>
      <Editor {...props} />
    </EditorTextsContext.Provider>
  );
}

function Editor(props: PageEditorProps) {
  const { t, typeName } = useBlockNames();
  const translating = props.language.id !== props.defaultLanguage.id;
  const [layout, setLayout] = useState(props.layout);
  // The server-rendered button does nothing until the editor's code runs: it says so by being
  // disabled until then (a press on a slow phone or machine was lost).
  const hydrated = useHydrated();
  const [blocks, setBlocks] = useState<Block[]>(props.blocks);
  const [texts, setTexts] = useState<BlockTexts>(props.texts);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [errors, setErrors] = useState<PlacedErrors>(NO_ERRORS);
  const [announcement, setAnnouncement] = useState('');
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [photos, setPhotos] = useState(() => new Map(props.photos.map((p) => [p.id, p])));
  const focusAfter = useRef<string | null>(null);
  const draft = usePageDraft({
    pageId: props.pageId,
    translatingId: translating ? props.language.id : null,
    openedLayout: props.layout,
    layout,
    blocks,
    texts,
    hadDraft: props.draftSavedAt !== null,
    setErrors,
    openBlocks: (ids) => setOpen((now) => new Set([...now, ...ids])),
    announce: setAnnouncement,
  });

  const change = (next: Block[], message?: string) => {
    setBlocks(next);
    draft.setDirty(true);
    if (message) setAnnouncement(message);
  };
  const toggleOpen = (id: string) =>
    setOpen((now) => (now.has(id) ? new Set([...now].filter((x) => x !== id)) : new Set([...now, id])));

  function move(from: number, to: number) {
    if (to < 0 || to >= blocks.length || from === to) return;
    const block = blocks[from]!;
    // The pressed button keeps the focus, unless the block reached the end it moved to: that button is
    // disabled there (focus would fall to the page), so the other one takes it.
    const atEnd = to === 0 || to === blocks.length - 1;
    const pressed = to < from ? 'up' : 'down';
    focusAfter.current = `${block.id}:${atEnd ? (pressed === 'up' ? 'down' : 'up') : pressed}`;
    change(
      moveBlock(blocks, from, to),
      t('admin.pageEditor.announce.moved', { type: typeName(block.type), position: to + 1, count: blocks.length }),
    );
  }

  function add(type: BlockType) {
    const block = newBlock(type, freshId(blocks, type));
    change(
      [...blocks, block],
      t('admin.pageEditor.announce.added', { type: typeName(type), position: blocks.length + 1 }),
    );
    setOpen((now) => new Set([...now, block.id]));
    focusAfter.current = `${block.id}:title`;
  }

  // Focus follows a moved or added block (the list re-renders under the keyboard user).
  const focusRef = (key: string) => (el: HTMLElement | null) => {
    if (el && focusAfter.current === key) {
      focusAfter.current = null;
      requestAnimationFrame(() => el.focus());
    }
  };

  // An HTML page's other languages are edited in the form above (language tabs).
  if (layout === 'html' && translating) return null;
  if (layout === 'html') {
    return (
      <section className="page-editor" aria-labelledby="blocks-title">
        <h2 id="blocks-title">{t('admin.pageEditor.blocksTitle')}</h2>
        <p>{t('admin.pageEditor.htmlIntro')}</p>
        <button type="button" className="button" disabled={!hydrated} onClick={() => setLayout('blocks')}>
          {t('admin.pageEditor.buildFromBlocks')}
        </button>
      </section>
    );
  }

  return (
    <section className="page-editor" aria-labelledby="blocks-title">
      <h2 id="blocks-title">
        {translating
          ? t('admin.pageEditor.translatingTitle', { language: props.language.title })
          : t('admin.pageEditor.blocksTitle')}
      </h2>
      {translating && (
        <p className="field-hint">{t('admin.pageEditor.translatingHint', { language: props.defaultLanguage.title })}</p>
      )}
      <div className="page-editor-split">
        <div className="page-editor-blocks">
          {blocks.length === 0 && <p>{t('admin.pageEditor.noBlocks')}</p>}
          <ol className="block-list">
            {blocks.map((block, i) => (
              <BlockItem
                key={block.id}
                blocks={blocks}
                index={i}
                open={open.has(block.id)}
                errors={errors.blocks.get(i)}
                translating={translating}
                dragFrom={dragFrom}
                setDragFrom={setDragFrom}
                focusRef={focusRef}
                onToggle={() => toggleOpen(block.id)}
                move={move}
                change={change}
              >
                {translating ? (
                  <BlockTranslation
                    block={block}
                    texts={texts[block.id] ?? {}}
                    lang={props.language.code}
                    defaultTitle={props.defaultLanguage.title}
                    errors={errors.blocks.get(i)}
                    onChange={(fields) => {
                      setTexts({ ...texts, [block.id]: fields });
                      draft.setDirty(true);
                    }}
                  />
                ) : (
                  <BlockForm
                    block={block}
                    errors={errors.blocks.get(i)}
                    choices={props.choices}
                    photos={photos}
                    onPhoto={(p) => setPhotos(new Map(photos).set(p.id, p))}
                    onChange={(next) => change(replaceBlock(blocks, i, next))}
                  />
                )}
              </BlockItem>
            ))}
          </ol>
          {!translating && <AddBlock hydrated={hydrated} onAdd={add} />}
          {errors.page.length > 0 && (
            <p className="form-error" role="alert">
              {errors.page.join(' ')}
            </p>
          )}
          <DraftActions draft={draft} language={translating ? props.language.title : null} />
        </div>
        <PreviewPane
          pageId={props.pageId}
          refresh={draft.savedAt}
          languagePrefix={translating ? `/${props.language.code.toLowerCase()}` : ''}
        />
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}

function AddBlock({ hydrated, onAdd }: { hydrated: boolean; onAdd(type: BlockType): void }) {
  const { t, typeName } = useBlockNames();
  const [adding, setAdding] = useState<BlockType>('hero');
  return (
    <div className="block-add">
      <label htmlFor="block-type">{t('admin.pageEditor.newBlock')}</label>
      {/* Disabled until hydrated, like the build button: a choice made before that was reset to the first type. */}
      <select
        id="block-type"
        value={adding}
        disabled={!hydrated}
        onChange={(e) => setAdding(e.target.value as BlockType)}
      >
        {BLOCK_TYPES.map((type) => (
          <option key={type} value={type}>
            {typeName(type)}
          </option>
        ))}
      </select>
      <button type="button" className="button secondary" disabled={!hydrated} onClick={() => onAdd(adding)}>
        {t('admin.pageEditor.addBlock')}
      </button>
    </div>
  );
}

/** Save the draft, publish it, discard it, and what state the page is in. */
function DraftActions({ draft, language }: { draft: ReturnType<typeof usePageDraft>; language: string | null }) {
  const { t } = useBlockNames();
  const { saving, dirty, savedAt, hasDraft } = draft;
  return (
    <div className="admin-actions">
      <button type="button" className="button" disabled={saving} onClick={draft.save}>
        {saving
          ? t('admin.pageEditor.saving')
          : language
            ? t('admin.pageEditor.saveLanguageDraft', { language })
            : t('admin.pageEditor.saveDraft')}
      </button>
      <button
        type="button"
        className="button"
        disabled={saving || dirty || !hasDraft}
        onClick={() => draft.settle('publish')}
      >
        {t('admin.pageEditor.publishChanges')}
      </button>
      {hasDraft && (
        <button
          type="button"
          className="button secondary"
          disabled={saving}
          onClick={() => window.confirm(t('admin.pageEditor.confirmDiscard')) && draft.settle('discard')}
        >
          {t('admin.pageEditor.discardDraft')}
        </button>
      )}
      <span className="field-hint">
        {t(
          dirty
            ? 'admin.pageEditor.state.unsaved'
            : savedAt
              ? 'admin.pageEditor.state.draftSaved'
              : hasDraft
                ? 'admin.pageEditor.state.waiting'
                : 'admin.pageEditor.state.same',
        )}
      </span>
    </div>
  );
}
