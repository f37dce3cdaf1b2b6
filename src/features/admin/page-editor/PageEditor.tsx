/**
 * The visual page editor (issue 17, ADR 027): a page's blocks as a list a marketer arranges —
 * add, move by dragging or with the Move up/down buttons, duplicate, hide, delete — and edits
 * without HTML; in another language only the texts, with the default language's beside them. The
 * preview beside it is the real page through a preview link, at phone or desktop width.
 */
import type { AdminKey } from '@/lib/translator';
import { useMemo, useRef, useState } from 'react';
import type { AdminTexts } from '@/lib/admin-text';
import { ApiError } from '@/lib/api-client';
import type { Block, BlockTexts } from '@/lib/contract/blocks';
import { BLOCK_TYPES, type BlockType } from '@/lib/contract/block-types';
import { api } from '@/stores/api';
import { ADMIN } from './admin-calls';
import BlockForm, { type EditorChoices } from './BlockForm';
import BlockTranslation from './BlockTranslation';
import {
  blockSummary,
  cleanTexts,
  duplicateBlock,
  freshId,
  moveBlock,
  newBlock,
  type PlacedErrors,
  placeErrors,
  removeBlock,
  replaceBlock,
  toggleHidden,
} from './blocks-editing';
import type { PickedPhoto } from './MediaPicker';
import { EditorTextsContext, editorTexts, useEditorTexts } from './editor-texts';
import PreviewPane from './PreviewPane';
import { useHydrated } from '@/stores/hydration';

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

const NO_ERRORS: PlacedErrors = { blocks: new Map(), page: [] };

export default function PageEditor(props: PageEditorProps) {
  const ui = useMemo(() => editorTexts(props.uiTexts, props.locale), [props.uiTexts, props.locale]);
  return (
    <EditorTextsContext.Provider value={ui}>
      <Editor {...props} />
    </EditorTextsContext.Provider>
  );
}

function Editor(props: PageEditorProps) {
  const { t } = useEditorTexts();
  const typeName = (type: BlockType) => t(`admin.pageEditor.type.${type}`);
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
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [savedAt, setSavedAt] = useState(0);
  const [hasDraft, setHasDraft] = useState(props.draftSavedAt !== null);
  const [adding, setAdding] = useState<BlockType>('hero');
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [photos, setPhotos] = useState(() => new Map(props.photos.map((p) => [p.id, p])));
  const focusAfter = useRef<string | null>(null);

  const change = (next: Block[], message?: string) => {
    setBlocks(next);
    setDirty(true);
    if (message) setAnnouncement(message);
  };
  const toggleOpen = (id: string) =>
    setOpen((now) => (now.has(id) ? new Set([...now].filter((x) => x !== id)) : new Set([...now, id])));
  const labelOf = (block: Block, i: number) =>
    t('admin.pageEditor.blockLabel', { type: typeName(block.type), position: i + 1 });
  const label = (key: AdminKey, block: Block, i: number) => t(key, { block: labelOf(block, i) });

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

  function add() {
    const block = newBlock(adding, freshId(blocks, adding));
    change(
      [...blocks, block],
      t('admin.pageEditor.announce.added', { type: typeName(adding), position: blocks.length + 1 }),
    );
    setOpen((now) => new Set([...now, block.id]));
    focusAfter.current = `${block.id}:title`;
  }

  async function save() {
    setSaving(true);
    setErrors(NO_ERRORS);
    try {
      // Into the draft: visitors keep seeing the published page until "Publish changes".
      const body = translating
        ? { language_id: props.language.id, texts: cleanTexts(blocks, texts) }
        : { layout, blocks };
      await api.put(`/admin/static-pages/${props.pageId}/draft`, body, ADMIN);
      // The page's HTML form above changes with the layout: show the page as it now is.
      if (!translating && layout !== props.layout) {
        window.location.reload();
        return;
      }
      setDirty(false);
      setHasDraft(true);
      setSavedAt(Date.now());
      setAnnouncement(t('admin.pageEditor.announce.draftSaved'));
    } catch (error) {
      const placed =
        error instanceof ApiError
          ? placeErrors(error.errors, error.message)
          : { blocks: new Map(), page: [t('admin.pageEditor.saveFailed')] };
      setErrors(placed);
      // Open the blocks with problems so their messages can be seen.
      setOpen(
        (now) => new Set([...now, ...[...placed.blocks.keys()].flatMap((i) => (blocks[i] ? [blocks[i]!.id] : []))]),
      );
      // The server's messages stay as it wrote them; only the editor's own words are translated.
      setAnnouncement(
        t('admin.pageEditor.announce.notSaved', {
          problem: placed.page[0] ?? t('admin.pageEditor.blocksNeedAttention', { count: placed.blocks.size }),
        }),
      );
    } finally {
      setSaving(false);
    }
  }

  /** Publishes or discards the draft; the page reloads to show the versions and the live state. */
  async function settleDraft(how: 'publish' | 'discard') {
    setSaving(true);
    try {
      if (how === 'publish') await api.post(`/admin/static-pages/${props.pageId}/draft/publish`, {}, ADMIN);
      else await api.delete(`/admin/static-pages/${props.pageId}/draft`, ADMIN);
      window.location.reload();
    } catch (error) {
      setErrors({
        blocks: new Map(),
        page: [error instanceof ApiError ? error.message : t('admin.pageEditor.notDone')],
      });
      setSaving(false);
    }
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
            {blocks.map((block, i) => {
              const isOpen = open.has(block.id);
              const blockErrors = errors.blocks.get(i);
              return (
                <li
                  key={block.id}
                  className={`block-item${block.hidden ? ' is-hidden' : ''}${dragFrom === i ? ' is-dragging' : ''}${blockErrors ? ' has-error' : ''}`}
                  draggable={!translating}
                  onDragStart={(e) => {
                    setDragFrom(i);
                    e.dataTransfer.effectAllowed = 'move';
                    e.dataTransfer.setData('text/plain', block.id);
                  }}
                  onDragOver={(e) => {
                    if (dragFrom !== null) e.preventDefault();
                  }}
                  onDrop={(e) => {
                    e.preventDefault();
                    if (dragFrom !== null) move(dragFrom, i);
                    setDragFrom(null);
                  }}
                  onDragEnd={() => setDragFrom(null)}
                  aria-label={labelOf(block, i)}
                >
                  <div className="block-head">
                    <button
                      type="button"
                      className="block-title"
                      aria-expanded={isOpen}
                      ref={focusRef(`${block.id}:title`)}
                      onClick={() => toggleOpen(block.id)}
                    >
                      <strong>{typeName(block.type)}</strong> <span>{blockSummary(block, t)}</span>
                      {block.hidden && <span className="badge">{t('admin.pageEditor.hiddenBadge')}</span>}
                    </button>
                    {!translating && (
                      <div
                        className="block-tools"
                        role="group"
                        aria-label={label('admin.pageEditor.actionsLabel', block, i)}
                      >
                        <button
                          type="button"
                          ref={focusRef(`${block.id}:up`)}
                          disabled={i === 0}
                          onClick={() => move(i, i - 1)}
                          aria-label={label('admin.pageEditor.moveUpLabel', block, i)}
                        >
                          {t('admin.pageEditor.moveUp')}
                        </button>
                        <button
                          type="button"
                          ref={focusRef(`${block.id}:down`)}
                          disabled={i === blocks.length - 1}
                          onClick={() => move(i, i + 1)}
                          aria-label={label('admin.pageEditor.moveDownLabel', block, i)}
                        >
                          {t('admin.pageEditor.moveDown')}
                        </button>
                        <button
                          type="button"
                          onClick={() =>
                            change(
                              duplicateBlock(blocks, i),
                              t('admin.pageEditor.announce.duplicated', {
                                type: typeName(block.type),
                                position: i + 2,
                              }),
                            )
                          }
                          aria-label={label('admin.pageEditor.duplicateLabel', block, i)}
                        >
                          {t('admin.pageEditor.duplicate')}
                        </button>
                        <button
                          type="button"
                          aria-pressed={Boolean(block.hidden)}
                          onClick={() =>
                            change(
                              toggleHidden(blocks, i),
                              t(block.hidden ? 'admin.pageEditor.announce.shown' : 'admin.pageEditor.announce.hidden', {
                                type: typeName(block.type),
                              }),
                            )
                          }
                          aria-label={label('admin.pageEditor.hideLabel', block, i)}
                        >
                          {t('admin.pageEditor.hide')}
                        </button>
                        <button
                          type="button"
                          className="danger"
                          onClick={() =>
                            window.confirm(t('admin.pageEditor.confirmDelete', { type: typeName(block.type) })) &&
                            change(
                              removeBlock(blocks, i),
                              t('admin.pageEditor.announce.deleted', { type: typeName(block.type) }),
                            )
                          }
                          aria-label={label('admin.pageEditor.deleteLabel', block, i)}
                        >
                          {t('admin.common.delete')}
                        </button>
                      </div>
                    )}
                  </div>
                  {blockErrors && !isOpen && <p className="field-error">{[...blockErrors.values()][0]}</p>}
                  {isOpen && (
                    <div className="block-body">
                      {blockErrors?.get('') && <p className="field-error">{blockErrors.get('')}</p>}
                      {translating ? (
                        <BlockTranslation
                          block={block}
                          texts={texts[block.id] ?? {}}
                          lang={props.language.code}
                          defaultTitle={props.defaultLanguage.title}
                          errors={blockErrors}
                          onChange={(fields) => {
                            setTexts({ ...texts, [block.id]: fields });
                            setDirty(true);
                          }}
                        />
                      ) : (
                        <BlockForm
                          block={block}
                          errors={blockErrors}
                          choices={props.choices}
                          photos={photos}
                          onPhoto={(p) => setPhotos(new Map(photos).set(p.id, p))}
                          onChange={(next) => change(replaceBlock(blocks, i, next))}
                        />
                      )}
                    </div>
                  )}
                </li>
              );
            })}
          </ol>
          {!translating && (
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
              <button type="button" className="button secondary" disabled={!hydrated} onClick={add}>
                {t('admin.pageEditor.addBlock')}
              </button>
            </div>
          )}
          {errors.page.length > 0 && (
            <p className="form-error" role="alert">
              {errors.page.join(' ')}
            </p>
          )}
          <div className="admin-actions">
            <button type="button" className="button" disabled={saving} onClick={save}>
              {saving
                ? t('admin.pageEditor.saving')
                : translating
                  ? t('admin.pageEditor.saveLanguageDraft', { language: props.language.title })
                  : t('admin.pageEditor.saveDraft')}
            </button>
            <button
              type="button"
              className="button"
              disabled={saving || dirty || !hasDraft}
              onClick={() => settleDraft('publish')}
            >
              {t('admin.pageEditor.publishChanges')}
            </button>
            {hasDraft && (
              <button
                type="button"
                className="button secondary"
                disabled={saving}
                onClick={() => window.confirm(t('admin.pageEditor.confirmDiscard')) && settleDraft('discard')}
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
        </div>
        <PreviewPane
          pageId={props.pageId}
          refresh={savedAt}
          languagePrefix={translating ? `/${props.language.code.toLowerCase()}` : ''}
        />
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
