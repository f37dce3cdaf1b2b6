import { describe, expect, it } from 'vitest';
import { BLOCK_TYPES, type Block, blockSchema } from '@/lib/contract/blocks';
import en from '@/i18n/admin/en/pageEditor.json';
import de from '@/i18n/admin/de/pageEditor.json';
import { adminText } from '@/lib/admin-text';
import {
  blockSummary,
  cleanTexts,
  duplicateBlock,
  freshId,
  moveBlock,
  newBlock,
  placeErrors,
  removeBlock,
  toggleHidden,
  translatableFields,
} from './blocks-editing';

const hero = newBlock('hero', 'hero-1');
const text = { id: 'text-1', v: 1, type: 'rich_text', html: '<p>Tents &amp; packs <a href="/x">here</a></p>' } as Block;
const grid = {
  id: 'grid-1',
  v: 1,
  type: 'product_grid',
  heading: 'On sale',
  source: { kind: 'sale' },
  count: 8,
} as Block;
const list = [hero, text, grid];

describe('page editor: editing a list of blocks', () => {
  it('makes new blocks the schema accepts, except where a choice is needed', () => {
    for (const type of BLOCK_TYPES) {
      const result = blockSchema.safeParse(newBlock(type, `${type}-1`));
      // Category tiles and FAQ blocks need the editor to choose categories / questions first.
      expect(result.success, type).toBe(type !== 'category_tiles' && type !== 'faq');
    }
  });

  it('gives fresh ids that the page does not use', () => {
    expect(freshId(list, 'hero')).toBe('hero-2');
    expect(freshId(list, 'rich_text')).toBe('rich-text-1');
  });

  it('moves, duplicates, hides and removes by position', () => {
    expect(moveBlock(list, 0, 2).map((b) => b.id)).toEqual(['text-1', 'grid-1', 'hero-1']);
    expect(moveBlock(list, 2, 0).map((b) => b.id)).toEqual(['grid-1', 'hero-1', 'text-1']);
    expect(moveBlock(list, 1, 99).map((b) => b.id)).toEqual(['hero-1', 'grid-1', 'text-1']);
    const copied = duplicateBlock(list, 0);
    expect(copied.map((b) => b.id)).toEqual(['hero-1', 'hero-2', 'text-1', 'grid-1']);
    expect(copied[1]).toMatchObject({ type: 'hero', heading: 'New heading' });
    expect(toggleHidden(list, 1)[1]!.hidden).toBe(true);
    expect(toggleHidden(toggleHidden(list, 1), 1)[1]!.hidden).toBe(false);
    expect(removeBlock(list, 1).map((b) => b.id)).toEqual(['hero-1', 'grid-1']);
  });

  it('summarises each block in one line of plain text', () => {
    const t = adminText(en);
    expect(blockSummary(text, t)).toBe('Tents & packs here');
    expect(blockSummary(grid, t)).toBe('8 products from the sale: On sale');
    expect(blockSummary(newBlock('spacer', 's'), t)).toBe('medium space');
    // In the marketer's language: the summary is the editor's own text, the heading the page's.
    expect(blockSummary(grid, adminText(de))).toBe('8 Produkte aus dem Sale: On sale');
    expect(blockSummary({ ...newBlock('spacer', 's'), divider: true } as Block, adminText(de))).toBe(
      'mittlerer Abstand mit Linie',
    );
  });

  it('offers only fields with a default text for translation and drops empty translations', () => {
    expect(translatableFields(hero)).toEqual(['heading']);
    expect(translatableFields({ ...hero, text: 'Go', button: { label: 'Shop', href: '/' } } as Block)).toEqual([
      'heading',
      'text',
      'button.label',
    ]);
    expect(
      cleanTexts(list, { 'hero-1': { heading: 'Neu', text: ' ' }, gone: { heading: 'x' }, 'grid-1': { count: '3' } }),
    ).toEqual({ 'hero-1': { heading: 'Neu' } });
  });

  it("the featured tiles: every tile text is offered for translation (empty means each language's default), and the summary counts changed tiles", () => {
    const featured = newBlock('featured', 'featured-1') as Extract<Block, { type: 'featured' }>;
    expect(translatableFields(featured)).toHaveLength(11);
    expect(translatableFields(featured).slice(0, 3)).toEqual(['heading', 'tiles.0.title', 'tiles.0.description']);
    expect(blockSummary(featured, adminText(en))).toBe('Default heading; every tile as default');
    const changed = {
      ...featured,
      tiles: featured.tiles.map((t, i) => (i === 1 ? { ...t, title: 'Team sports' } : t)),
    };
    expect(blockSummary(changed, adminText(en))).toBe('Default heading; 1 of 5 tiles changed');
    expect(
      cleanTexts([changed], { 'featured-1': { 'tiles.1.title': 'Mannschaftssport', 'tiles.9.title': 'x' } }),
    ).toEqual({ 'featured-1': { 'tiles.1.title': 'Mannschaftssport' } });
  });

  it("puts a 422's field errors on their blocks", () => {
    const placed = placeErrors(
      {
        'blocks.2.heading': ['The heading may have at most 120 characters.'],
        blocks: ['An image of a block was not found.'],
      },
      'Invalid data',
    );
    expect(placed.blocks.get(2)?.get('heading')).toBe('The heading may have at most 120 characters.');
    expect(placed.page).toEqual(['An image of a block was not found.']);
    expect(placeErrors({}, 'Invalid data').page).toEqual(['Invalid data']);
  });
});
