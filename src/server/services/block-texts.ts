/**
 * A page's blocks in one language (ADR 027): the shared blocks with that language's texts laid
 * over them field by field; a field the language has no text for keeps the default language's.
 * Hidden blocks are left out. Pure.
 */
import { type Block, type BlockTexts, TRANSLATABLE } from '@/lib/contract/blocks';

function setPath(target: Record<string, unknown>, path: string, value: string): void {
  const [head, ...rest] = path.split('.');
  if (!head) return;
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  const inner = target[head];
  // A button that does not exist in the shared block has no label to translate.
  if (inner && typeof inner === 'object') {
    // A list (the featured tiles) stays a list.
    const copy = (Array.isArray(inner) ? [...inner] : { ...inner }) as Record<string, unknown>;
    setPath(copy, rest.join('.'), value);
    target[head] = copy;
  }
}

export function blocksInLanguage(blocks: readonly Block[], texts: BlockTexts | null | undefined): Block[] {
  return blocks
    .filter((block) => !block.hidden)
    .map((block) => {
      const own = texts?.[block.id];
      if (!own) return block;
      const copy = { ...block } as Record<string, unknown>;
      for (const field of TRANSLATABLE[block.type]) {
        const value = own[field];
        if (value !== undefined && value.trim() !== '') setPath(copy, field, value);
      }
      return copy as Block;
    });
}

/** The text of `field` in a block (for the editor's "default text" hints). */
export function fieldText(block: Block, field: string): string {
  let at: unknown = block;
  for (const key of field.split('.'))
    at = at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined;
  return typeof at === 'string' ? at : '';
}
