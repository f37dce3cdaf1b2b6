/**
 * The page editor's draft (ADR 027): saving the blocks (or one language's block texts) into it,
 * publishing or discarding it, and the state the buttons show (saving, unsaved, waiting).
 */
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import type { Block, BlockTexts } from '@/lib/contract/blocks';
import { api } from '@/stores/api';
import { ADMIN } from './admin-calls';
import { cleanTexts, type PlacedErrors, placeErrors } from './blocks-editing';
import { useEditorTexts } from './editor-texts';

export const NO_ERRORS: PlacedErrors = { blocks: new Map(), page: [] };

interface DraftInput {
  pageId: number;
  /** The language whose block texts are edited; null: the default language's blocks. */
  translatingId: number | null;
  /** The layout the page was opened with. */
  openedLayout: 'html' | 'blocks';
  layout: 'html' | 'blocks';
  blocks: Block[];
  texts: BlockTexts;
  hadDraft: boolean;
  setErrors(errors: PlacedErrors): void;
  /** Opens the blocks with problems, so their messages can be seen. */
  openBlocks(ids: string[]): void;
  announce(message: string): void;
}

export function usePageDraft(input: DraftInput) {
  const { t } = useEditorTexts();
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [savedAt, setSavedAt] = useState(0);
  const [hasDraft, setHasDraft] = useState(input.hadDraft);

  async function save() {
    const { blocks } = input;
    setSaving(true);
    input.setErrors(NO_ERRORS);
    try {
      // Into the draft: visitors keep seeing the published page until "Publish changes".
      const body =
        input.translatingId !== null
          ? { language_id: input.translatingId, texts: cleanTexts(blocks, input.texts) }
          : { layout: input.layout, blocks };
      await api.put(`/admin/static-pages/${input.pageId}/draft`, body, ADMIN);
      // The page's HTML form above changes with the layout: show the page as it now is.
      if (input.translatingId === null && input.layout !== input.openedLayout) {
        window.location.reload();
        return;
      }
      setDirty(false);
      setHasDraft(true);
      setSavedAt(Date.now());
      input.announce(t('admin.pageEditor.announce.draftSaved'));
    } catch (error) {
      const placed =
        error instanceof ApiError
          ? placeErrors(error.errors, error.message)
          : { blocks: new Map(), page: [t('admin.pageEditor.saveFailed')] };
      input.setErrors(placed);
      input.openBlocks([...placed.blocks.keys()].flatMap((i) => (blocks[i] ? [blocks[i]!.id] : [])));
      // The server's messages stay as it wrote them; only the editor's own words are translated.
      input.announce(
        t('admin.pageEditor.announce.notSaved', {
          problem: placed.page[0] ?? t('admin.pageEditor.blocksNeedAttention', { count: placed.blocks.size }),
        }),
      );
    } finally {
      setSaving(false);
    }
  }

  /** Publishes or discards the draft; the page reloads to show the versions and the live state. */
  async function settle(how: 'publish' | 'discard') {
    setSaving(true);
    try {
      if (how === 'publish') await api.post(`/admin/static-pages/${input.pageId}/draft/publish`, {}, ADMIN);
      else await api.delete(`/admin/static-pages/${input.pageId}/draft`, ADMIN);
      window.location.reload();
    } catch (error) {
      input.setErrors({
        blocks: new Map(),
        page: [error instanceof ApiError ? error.message : t('admin.pageEditor.notDone')],
      });
      setSaving(false);
    }
  }

  return { saving, dirty, setDirty, savedAt, hasDraft, save, settle };
}
