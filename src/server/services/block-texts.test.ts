import { describe, expect, it } from 'vitest';
import { type Block, blockTextsSchema, blocksSchema, upgradeBlock } from '@/lib/contract/blocks';
import { blocksInLanguage, fieldText } from './block-texts';

const hero: Block = {
  id: 'h1',
  v: 1,
  type: 'hero',
  heading: 'Summer sale',
  text: 'Up to 40 % off',
  image: { asset_id: 3 },
  button: { label: 'Shop now', href: '/products/all/all?sale=1' },
};
const grid: Block = { id: 'g1', v: 1, type: 'product_grid', heading: 'On sale', source: { kind: 'sale' }, count: 8 };
const spacer: Block = { id: 's1', v: 1, type: 'spacer', size: 'm', divider: true, hidden: true };

describe('blocks in a language', () => {
  it("lays the language's texts over the default ones, field by field, and leaves hidden blocks out", () => {
    const [h, g] = blocksInLanguage([hero, grid, spacer], {
      h1: { heading: 'Sommerschlussverkauf', 'button.label': 'Jetzt kaufen', text: '  ' },
    });
    expect(h).toEqual({
      ...hero,
      heading: 'Sommerschlussverkauf',
      button: { label: 'Jetzt kaufen', href: '/products/all/all?sale=1' },
    });
    // Blank and missing texts fall back; the shared block is not changed.
    expect(fieldText(h!, 'text')).toBe('Up to 40 % off');
    expect(hero.heading).toBe('Summer sale');
    expect(g).toBe(grid);
    expect(blocksInLanguage([hero, grid, spacer], null)).toHaveLength(2);
  });

  it('never takes a translated text for a shared field', () => {
    const [h] = blocksInLanguage([hero], {
      h1: { 'button.href': 'javascript:alert(1)', image: 'x' } as Record<string, string>,
    });
    expect(h).toEqual(hero);
  });
});

describe('block schemas', () => {
  it('accepts a page of blocks and refuses repeated ids, unknown types and unsafe links with clear messages', () => {
    expect(blocksSchema.parse([hero, grid, spacer])).toHaveLength(3);
    const messages = (value: unknown) => blocksSchema.safeParse(value).error?.issues.map((i) => i.message);
    expect(messages([hero, { ...grid, id: 'h1' }])).toEqual(['The block id h1 is used twice.']);
    expect(messages([{ ...hero, type: 'carousel' }])).toEqual([
      'type must be one of hero, rich_text, image, image_text, product_grid, category_tiles, cta, faq, newsletter, spacer, featured.',
    ]);
    expect(messages([{ ...hero, button: { label: 'x', href: 'javascript:alert(1)' } }])).toEqual([
      'A link must be a path on this shop (starting with /) or an https:// address.',
    ]);
    expect(messages([{ ...grid, count: 25 }])).toEqual(['The number of products is a whole number from 1 to 24.']);
    expect(messages([{ ...grid, source: { kind: 'all' } }])).toEqual([
      'The products come from a category, the sale, the new arrivals or a list of SKUs.',
    ]);
    expect(messages([{ ...hero, script: '<script>' }])).toEqual(['Unknown field.']);
    expect(messages(Array.from({ length: 51 }, (_, i) => ({ ...spacer, id: `s${i}` })))).toEqual([
      'A page may have at most 50 blocks.',
    ]);
  });

  it('a hero needs a heading; blanks do not count', () => {
    const messages = (value: unknown) => blocksSchema.safeParse(value).error?.issues.map((i) => i.message);
    expect(messages([{ ...hero, heading: '' }])).toEqual([
      "A hero needs a heading (it is the page's title when the hero opens it).",
    ]);
    expect(messages([{ ...hero, heading: '   ' }])).toEqual([
      "A hero needs a heading (it is the page's title when the hero opens it).",
    ]);
    // Other blocks' headings stay optional.
    expect(messages([{ ...grid, heading: '' }])).toBeUndefined();
  });

  it("another language's texts keep the default language's lengths, field by field", () => {
    const issues = (value: unknown) =>
      blockTextsSchema.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(
      issues({ h1: { heading: 'x'.repeat(120), text: 'y'.repeat(500), 'button.label': 'z'.repeat(60) } }),
    ).toBeUndefined();
    // Surrounding blanks are trimmed on save, so they do not count.
    expect(issues({ h1: { heading: ` ${'x'.repeat(120)} ` } })).toBeUndefined();
    expect(
      issues({
        h1: { heading: 'x'.repeat(121), text: 'y'.repeat(501), 'button.label': 'z'.repeat(61) },
        img: { alt: 'a'.repeat(301), caption: 'c'.repeat(301) },
      }),
    ).toEqual([
      ['h1.heading', 'The heading may have at most 120 characters.'],
      ['h1.text', 'The text may have at most 500 characters.'],
      ['h1.button.label', 'The button label may have at most 60 characters.'],
      ['img.alt', 'The alternative text may have at most 300 characters.'],
      ['img.caption', 'The caption may have at most 300 characters.'],
    ]);
    // Rich text keeps its own limit.
    expect(issues({ r: { html: `<p>${'x'.repeat(10_000)}</p>` } })).toBeUndefined();
  });

  it('reads stored blocks through the upgrades (none yet: version 1 stays as it is)', () => {
    expect(upgradeBlock(hero as unknown as Record<string, unknown>)).toEqual(hero);
  });
});
