/**
 * One block in the page editor's list: its title (opens it), the tools that arrange it (move,
 * duplicate, hide, delete; not while translating) and, when open, its fields. It can be dragged.
 */
import type { ReactNode } from 'react';
import type { AdminKey } from '@/lib/translator';
import type { Block } from '@/lib/contract/blocks';
import type { BlockType } from '@/lib/contract/block-types';
import { blockSummary, duplicateBlock, removeBlock, toggleHidden } from './blocks-editing';
import { useEditorTexts } from './editor-texts';

export interface BlockItemProps {
  blocks: Block[];
  index: number;
  open: boolean;
  errors: ReadonlyMap<string, string> | undefined;
  translating: boolean;
  /** The index of the block being dragged, if any. */
  dragFrom: number | null;
  setDragFrom(index: number | null): void;
  focusRef(key: string): (el: HTMLElement | null) => void;
  onToggle(): void;
  move(from: number, to: number): void;
  change(next: Block[], message?: string): void;
  /** The open block's fields. */
  children: ReactNode;
}

export const useBlockNames = () => {
  const { t } = useEditorTexts();
  const typeName = (type: BlockType) => t(`admin.pageEditor.type.${type}`);
  const labelOf = (block: Block, i: number) =>
    t('admin.pageEditor.blockLabel', { type: typeName(block.type), position: i + 1 });
  return { t, typeName, labelOf };
};

export default function BlockItem(props: BlockItemProps) {
  const { t, typeName, labelOf } = useBlockNames();
  const { blocks, index: i, dragFrom, errors } = props;
  const block = blocks[i]!;
  return (
    <li
      className={`block-item${block.hidden ? ' is-hidden' : ''}${dragFrom === i ? ' is-dragging' : ''}${errors ? ' has-error' : ''}`}
      draggable={!props.translating}
      onDragStart={(e) => {
        props.setDragFrom(i);
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', block.id);
      }}
      onDragOver={(e) => {
        if (dragFrom !== null) e.preventDefault();
      }}
      onDrop={(e) => {
        e.preventDefault();
        if (dragFrom !== null) props.move(dragFrom, i);
        props.setDragFrom(null);
      }}
      onDragEnd={() => props.setDragFrom(null)}
      aria-label={labelOf(block, i)}
    >
      <div className="block-head">
        <button
          type="button"
          className="block-title"
          aria-expanded={props.open}
          ref={props.focusRef(`${block.id}:title`)}
          onClick={props.onToggle}
        >
          <strong>{typeName(block.type)}</strong> <span>{blockSummary(block, t)}</span>
          {block.hidden && <span className="badge">{t('admin.pageEditor.hiddenBadge')}</span>}
        </button>
        {!props.translating && <BlockTools {...props} />}
      </div>
      {errors && !props.open && <p className="field-error">{[...errors.values()][0]}</p>}
      {props.open && (
        <div className="block-body">
          {errors?.get('') && <p className="field-error">{errors.get('')}</p>}
          {props.children}
        </div>
      )}
    </li>
  );
}

function BlockTools({ blocks, index: i, focusRef, move, change }: BlockItemProps) {
  const { t, typeName, labelOf } = useBlockNames();
  const block = blocks[i]!;
  const label = (key: AdminKey) => t(key, { block: labelOf(block, i) });
  const type = typeName(block.type);
  return (
    <div className="block-tools" role="group" aria-label={label('admin.pageEditor.actionsLabel')}>
      <button
        type="button"
        ref={focusRef(`${block.id}:up`)}
        disabled={i === 0}
        onClick={() => move(i, i - 1)}
        aria-label={label('admin.pageEditor.moveUpLabel')}
      >
        {t('admin.pageEditor.moveUp')}
      </button>
      <button
        type="button"
        ref={focusRef(`${block.id}:down`)}
        disabled={i === blocks.length - 1}
        onClick={() => move(i, i + 1)}
        aria-label={label('admin.pageEditor.moveDownLabel')}
      >
        {t('admin.pageEditor.moveDown')}
      </button>
      <button
        type="button"
        onClick={() =>
          change(duplicateBlock(blocks, i), t('admin.pageEditor.announce.duplicated', { type, position: i + 2 }))
        }
        aria-label={label('admin.pageEditor.duplicateLabel')}
      >
        {t('admin.pageEditor.duplicate')}
      </button>
      <button
        type="button"
        aria-pressed={Boolean(block.hidden)}
        onClick={() =>
          change(
            toggleHidden(blocks, i),
            t(block.hidden ? 'admin.pageEditor.announce.shown' : 'admin.pageEditor.announce.hidden', { type }),
          )
        }
        aria-label={label('admin.pageEditor.hideLabel')}
      >
        {t('admin.pageEditor.hide')}
      </button>
      <button
        type="button"
        className="danger"
        onClick={() =>
          window.confirm(t('admin.pageEditor.confirmDelete', { type })) &&
          change(removeBlock(blocks, i), t('admin.pageEditor.announce.deleted', { type }))
        }
        aria-label={label('admin.pageEditor.deleteLabel')}
      >
        {t('admin.common.delete')}
      </button>
    </div>
  );
}
