/**
 * What the page editor does to a list of blocks, as pure functions (the island only wires them to
 * the screen): new blocks of each type with sensible first texts, moving, duplicating, hiding,
 * deleting, a one-line summary per block, and where a 422's field errors belong. The shapes are
 * the contract's (src/lib/contract/blocks.ts), so what the editor builds is what the server checks.
 */
import { keyUnder } from '@/lib/translator';
import type { Block, BlockTexts } from '@/lib/contract/blocks';
import { type BlockType, FEATURED_TILE_COUNT, TRANSLATABLE } from '@/lib/contract/block-types';
import type { Translator } from '@/lib/translator';

/** A block id that the list does not use yet (ids only need to be unique within the page). */
export function freshId(blocks: readonly Block[], type: BlockType): string {
  const used = new Set(blocks.map((b) => b.id));
  const stem = type.replace('_', '-');
  for (let n = 1; ; n++) {
    const id = `${stem}-${n}`;
    if (!used.has(id)) return id;
  }
}

/** A new block of a type, valid except where the editor must choose (a photo, categories, questions). */
export function newBlock(type: BlockType, id: string): Block {
  const base = { id, v: 1 as const };
  switch (type) {
    case 'hero':
      return { ...base, type, heading: 'New heading', text: '', image: null, button: null };
    case 'rich_text':
      return { ...base, type, html: '<p></p>' };
    case 'image':
      return { ...base, type, image: null, alt: '', caption: '', href: null };
    case 'image_text':
      return { ...base, type, image: null, alt: '', heading: '', html: '<p></p>', image_side: 'left' };
    case 'product_grid':
      return { ...base, type, heading: '', source: { kind: 'sale' }, count: 8 };
    case 'category_tiles':
      return { ...base, type, heading: '', category_ids: [] };
    case 'cta':
      return { ...base, type, heading: 'New heading', text: '', button: null };
    case 'faq':
      return { ...base, type, heading: 'Questions', faq_ids: [] };
    case 'newsletter':
      return { ...base, type, heading: 'Newsletter', text: '' };
    case 'spacer':
      return { ...base, type, size: 'm', divider: false };
    case 'featured':
      // Every field empty: each tile shows its default (the home page's featured categories).
      return {
        ...base,
        type,
        heading: '',
        tiles: Array.from({ length: FEATURED_TILE_COUNT }, () => ({
          title: '',
          description: '',
          href: '',
          image: null,
        })),
      };
  }
}

/** The list with the block at `from` moved to `to` (both clamped to the list). */
export function moveBlock<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item!);
  return next;
}

/** A copy of the block right after it, under a fresh id. */
export function duplicateBlock(blocks: readonly Block[], index: number): Block[] {
  const block = blocks[index];
  if (!block) return [...blocks];
  const copy = { ...structuredClone(block), id: freshId(blocks, block.type) } as Block;
  return [...blocks.slice(0, index + 1), copy, ...blocks.slice(index + 1)];
}

export function toggleHidden(blocks: readonly Block[], index: number): Block[] {
  return blocks.map((b, i) => (i === index ? ({ ...b, hidden: !b.hidden } as Block) : b));
}

export function removeBlock(blocks: readonly Block[], index: number): Block[] {
  return blocks.filter((_, i) => i !== index);
}

export function replaceBlock(blocks: readonly Block[], index: number, block: Block): Block[] {
  return blocks.map((b, i) => (i === index ? block : b));
}

/** Plain text of some HTML, for summaries (no DOM: runs in tests too). */
function plain(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
}

function cut(text: string, max = 60): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** One line that tells blocks of a type apart in the list, in the editor's language (`t`). */
export function blockSummary(block: Block, t: Translator): string {
  const s = (key: string, vars?: Record<string, unknown>) => t(keyUnder('admin.pageEditor.summary.', key), vars);
  const titled = (summary: string, heading: string) => cut(heading ? `${summary}: ${heading}` : summary);
  switch (block.type) {
    case 'hero':
    case 'cta':
    case 'newsletter':
      return cut(block.heading || block.text || s('noHeading'));
    case 'rich_text':
      return cut(plain(block.html) || s('empty'));
    case 'image':
      return cut(block.alt || block.caption || (block.image ? s('photoWithoutAlt') : s('noPhoto')));
    case 'image_text':
      return cut(block.heading || plain(block.html) || s('empty'));
    case 'product_grid': {
      const kind = block.source.kind;
      const from =
        kind === 'category'
          ? s('fromCategory')
          : kind === 'sale'
            ? s('fromSale')
            : kind === 'new'
              ? s('fromNew')
              : s('fromSkus', { count: block.source.skus.length });
      return titled(s('products', { count: block.count, source: from }), block.heading);
    }
    case 'category_tiles':
      return titled(s('categories', { count: block.category_ids.length }), block.heading);
    case 'faq':
      return titled(s('questions', { count: block.faq_ids.length }), block.heading);
    case 'spacer': {
      const size = s(`space.${block.size}`);
      return block.divider ? s('withLine', { summary: size }) : size;
    }
    case 'featured': {
      const changed = block.tiles.filter((t) => t.title || t.description || t.href || t.image).length;
      const tiles = changed === 0 ? s('tilesDefault') : s('tilesChanged', { changed, count: block.tiles.length });
      return cut(`${block.heading || s('defaultHeading')}; ${tiles}`);
    }
  }
}

/** The default-language value of a translatable field (`button.label`, `tiles.2.title` read nested values). */
export function fieldValue(block: Block, field: string): string {
  let at: unknown = block;
  for (const key of field.split('.'))
    at = at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined;
  return typeof at === 'string' ? at : '';
}

/**
 * The fields a translator fills for a block: only those with a default text to translate, except
 * the featured tiles', whose empty fields stand for a default every language has.
 */
export function translatableFields(block: Block): string[] {
  if (block.type === 'featured') return [...TRANSLATABLE.featured];
  return TRANSLATABLE[block.type].filter((field) => fieldValue(block, field).trim() !== '');
}

/** Another language's texts without empty fields or blocks the page no longer has. */
export function cleanTexts(blocks: readonly Block[], texts: BlockTexts): BlockTexts {
  const out: BlockTexts = {};
  for (const block of blocks) {
    const fields = Object.entries(texts[block.id] ?? {}).filter(
      ([field, value]) => TRANSLATABLE[block.type].includes(field) && value.trim() !== '',
    );
    if (fields.length) out[block.id] = Object.fromEntries(fields);
  }
  return out;
}

export interface PlacedErrors {
  /** Errors by block index, then by field path inside the block. */
  blocks: Map<number, Map<string, string>>;
  /** Errors that belong to no block (the page, or a reference). */
  page: string[];
}

/** Sorts a 422's `errors` ({"blocks.2.heading": [...]}) onto the blocks they are about. */
export function placeErrors(errors: Record<string, readonly string[]>, message: string): PlacedErrors {
  const placed: PlacedErrors = { blocks: new Map(), page: [] };
  for (const [key, messages] of Object.entries(errors)) {
    const first = messages[0];
    if (!first) continue;
    const match = /^(?:blocks|texts)\.(\d+|[A-Za-z0-9_-]+)(?:\.(.+))?$/.exec(key);
    const index = match && /^\d+$/.test(match[1]!) ? Number(match[1]) : null;
    if (index === null) {
      placed.page.push(first);
      continue;
    }
    const fields = placed.blocks.get(index) ?? new Map<string, string>();
    fields.set(match![2] ?? '', first);
    placed.blocks.set(index, fields);
  }
  if (placed.page.length === 0 && placed.blocks.size === 0) placed.page.push(message);
  return placed;
}
