/**
 * The visual page editor (issue 17, ADR 027): a page's blocks as a list a marketer arranges —
 * add, move by dragging or with the Move up/down buttons, duplicate, hide, delete — and edits
 * without HTML; in another language only the texts, with the default language's beside them. The
 * preview beside it is the real page through a preview link, at phone or desktop width.
 */
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import type { Block, BlockTexts } from '@/lib/contract/blocks';
import { BLOCK_TYPES, type BlockType } from '@/lib/contract/block-types';
import { api } from '@/stores/api';
import { ADMIN } from './admin-calls';
import BlockForm, { type EditorChoices } from './BlockForm';
import BlockTranslation from './BlockTranslation';
import { BLOCK_LABELS, blockSummary, cleanTexts, duplicateBlock, freshId, moveBlock, newBlock, type PlacedErrors, placeErrors, removeBlock, replaceBlock, toggleHidden } from './blocks-editing';
import type { PickedPhoto } from './MediaPicker';
import PreviewPane from './PreviewPane';

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
}

const NO_ERRORS: PlacedErrors = { blocks: new Map(), page: [] };

export default function PageEditor(props: PageEditorProps) {
  const translating = props.language.id !== props.defaultLanguage.id;
  const [layout, setLayout] = useState(props.layout);
  // The server-rendered button does nothing until the editor's code runs: it says so by being
  // disabled until then (a press on a slow phone or machine was lost).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
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
  const toggleOpen = (id: string) => setOpen((now) => (now.has(id) ? new Set([...now].filter((x) => x !== id)) : new Set([...now, id])));
  const labelOf = (block: Block, i: number) => `${BLOCK_LABELS[block.type]} (block ${i + 1})`;

  function move(from: number, to: number) {
    if (to < 0 || to >= blocks.length || from === to) return;
    const block = blocks[from]!;
    focusAfter.current = `${block.id}:${to < from ? 'up' : 'down'}`;
    change(moveBlock(blocks, from, to), `${BLOCK_LABELS[block.type]} moved to position ${to + 1} of ${blocks.length}.`);
  }

  function add() {
    const block = newBlock(adding, freshId(blocks, adding));
    change([...blocks, block], `${BLOCK_LABELS[adding]} added at position ${blocks.length + 1}.`);
    setOpen((now) => new Set([...now, block.id]));
    focusAfter.current = `${block.id}:title`;
  }

  async function save() {
    setSaving(true);
    setErrors(NO_ERRORS);
    try {
      // Into the draft: visitors keep seeing the published page until "Publish changes".
      const body = translating ? { language_id: props.language.id, texts: cleanTexts(blocks, texts) } : { layout, blocks };
      await api.put(`/admin/static-pages/${props.pageId}/draft`, body, ADMIN);
      // The page's HTML form above changes with the layout: show the page as it now is.
      if (!translating && layout !== props.layout) {
        window.location.reload();
        return;
      }
      setDirty(false);
      setHasDraft(true);
      setSavedAt(Date.now());
      setAnnouncement('Draft saved. Visitors see the published page until you publish the changes.');
    } catch (error) {
      const placed = error instanceof ApiError ? placeErrors(error.errors, error.message) : { blocks: new Map(), page: ['The page could not be saved. Try again.'] };
      setErrors(placed);
      // Open the blocks with problems so their messages can be seen.
      setOpen((now) => new Set([...now, ...[...placed.blocks.keys()].flatMap((i) => (blocks[i] ? [blocks[i]!.id] : []))]));
      setAnnouncement(`Not saved: ${placed.page[0] ?? `${placed.blocks.size} block(s) need attention.`}`);
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
      setErrors({ blocks: new Map(), page: [error instanceof ApiError ? error.message : 'Not done: try again.'] });
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
        <h2 id="blocks-title">Blocks</h2>
        <p>This page is written as HTML (the form above). Build it from blocks instead: a hero, text, photos, products and questions, without HTML.</p>
        <button type="button" className="button" disabled={!hydrated} onClick={() => setLayout('blocks')}>
          Build this page from blocks
        </button>
      </section>
    );
  }

  return (
    <section className="page-editor" aria-labelledby="blocks-title">
      <h2 id="blocks-title">{translating ? `Block texts in ${props.language.title}` : 'Blocks'}</h2>
      {translating && <p className="field-hint">Fields left empty show the {props.defaultLanguage.title} text. Layout, photos and products are the same in every language.</p>}
      <div className="page-editor-split">
        <div className="page-editor-blocks">
          {blocks.length === 0 && <p>No blocks yet: add the first one below.</p>}
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
                    <button type="button" className="block-title" aria-expanded={isOpen} ref={focusRef(`${block.id}:title`)} onClick={() => toggleOpen(block.id)}>
                      <strong>{BLOCK_LABELS[block.type]}</strong> <span>{blockSummary(block)}</span>
                      {block.hidden && <span className="badge">hidden</span>}
                    </button>
                    {!translating && (
                      <div className="block-tools" role="group" aria-label={`${labelOf(block, i)}: actions`}>
                        <button type="button" ref={focusRef(`${block.id}:up`)} disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={`Move ${labelOf(block, i)} up`}>
                          Move up
                        </button>
                        <button type="button" ref={focusRef(`${block.id}:down`)} disabled={i === blocks.length - 1} onClick={() => move(i, i + 1)} aria-label={`Move ${labelOf(block, i)} down`}>
                          Move down
                        </button>
                        <button type="button" onClick={() => change(duplicateBlock(blocks, i), `${BLOCK_LABELS[block.type]} duplicated at position ${i + 2}.`)} aria-label={`Duplicate ${labelOf(block, i)}`}>
                          Duplicate
                        </button>
                        <button type="button" aria-pressed={Boolean(block.hidden)} onClick={() => change(toggleHidden(blocks, i), block.hidden ? `${BLOCK_LABELS[block.type]} shown.` : `${BLOCK_LABELS[block.type]} hidden: visitors do not see it.`)} aria-label={`Hide ${labelOf(block, i)}`}>
                          Hide
                        </button>
                        <button type="button" className="danger" onClick={() => window.confirm(`Delete this ${BLOCK_LABELS[block.type].toLowerCase()} block?`) && change(removeBlock(blocks, i), `${BLOCK_LABELS[block.type]} deleted.`)} aria-label={`Delete ${labelOf(block, i)}`}>
                          Delete
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
                        <BlockForm block={block} errors={blockErrors} choices={props.choices} photos={photos} onPhoto={(p) => setPhotos(new Map(photos).set(p.id, p))} onChange={(next) => change(replaceBlock(blocks, i, next))} />
                      )}
                    </div>
                  )}
                </li>
              );
            })}
          </ol>
          {!translating && (
            <div className="block-add">
              <label htmlFor="block-type">New block</label>
              <select id="block-type" value={adding} onChange={(e) => setAdding(e.target.value as BlockType)}>
                {BLOCK_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {BLOCK_LABELS[type]}
                  </option>
                ))}
              </select>
              <button type="button" className="button secondary" onClick={add}>
                Add block
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
              {saving ? 'Saving…' : translating ? `Save ${props.language.title} draft` : 'Save draft'}
            </button>
            <button type="button" className="button" disabled={saving || dirty || !hasDraft} onClick={() => settleDraft('publish')}>
              Publish changes
            </button>
            {hasDraft && (
              <button type="button" className="button secondary" disabled={saving} onClick={() => window.confirm('Discard the unpublished changes in every language?') && settleDraft('discard')}>
                Discard draft
              </button>
            )}
            <span className="field-hint">{dirty ? 'Unsaved changes.' : savedAt ? 'Draft saved: not public yet.' : hasDraft ? 'Unpublished changes are waiting.' : 'Same as the published page.'}</span>
          </div>
        </div>
        <PreviewPane pageId={props.pageId} refresh={savedAt} />
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
