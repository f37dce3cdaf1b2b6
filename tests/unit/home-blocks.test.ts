import { describe, expect, it } from 'vitest';
import type { Block } from '@/lib/contract/blocks';
import { blockSchema, blockTextsSchema } from '@/lib/contract/blocks';
import { blockTiles } from '@/features/home/home';
import { blocksInLanguage } from '@/server/services/block-texts';
import { defaultFeatured, defaultHomeBlocks, homeBlocksInLanguage } from '@/lib/home-blocks';

const en = { title: 'Gear up for your next adventure', subtitle: 'Outdoor gear.', shopNow: 'Shop now' };
const de = {
  title: 'Ausgerüstet für Ihr nächstes Abenteuer',
  subtitle: 'Outdoor-Ausrüstung.',
  shopNow: 'Jetzt einkaufen',
};

function edited(): Block[] {
  const [hero, featured] = defaultHomeBlocks(en) as [
    Extract<Block, { type: 'hero' }>,
    Extract<Block, { type: 'featured' }>,
  ];
  const tiles = featured.tiles.map((t, i) =>
    i === 1 ? { ...t, title: 'Team sports', description: 'Balls and nets.' } : t,
  );
  return [
    { ...hero, heading: 'Winter gear' },
    { ...featured, tiles },
    { id: 'cta-1', v: 1, type: 'cta', heading: 'Ask us', text: '', button: null },
  ];
}

describe('home blocks', () => {
  it('the defaults are valid blocks: the spec hero with shop-now and five empty tiles', () => {
    for (const block of defaultHomeBlocks(en)) expect(blockSchema.safeParse(block).success).toBe(true);
    expect(defaultHomeBlocks(en)[0]).toMatchObject({
      heading: en.title,
      text: en.subtitle,
      button: { label: 'Shop now', href: '/products/all/all' },
    });
    expect(defaultFeatured().tiles).toHaveLength(5);
  });

  it("another language takes its own text per field, else its own default, never the default language's edit", () => {
    const shown = homeBlocksInLanguage(
      edited(),
      { 'home-hero': { heading: 'Winterausrüstung' }, 'home-featured': { 'tiles.0.title': 'Draußen' } },
      de,
    );
    expect(shown[0]).toMatchObject({
      heading: 'Winterausrüstung',
      text: de.subtitle,
      button: { label: de.shopNow, href: '/products/all/all' },
    });
    const tiles = (shown[1] as Extract<Block, { type: 'featured' }>).tiles;
    expect(tiles.map((t) => t.title)).toEqual(['Draußen', '', '', '', '']);
    expect(tiles[1]!.description).toBe('');
    // Other blocks fall back to the default language like on any blocks page.
    expect(shown[2]).toMatchObject({ heading: 'Ask us' });
  });

  it('a hero text emptied by the editor stays empty in every language; hidden blocks are left out', () => {
    const [hero, ...rest] = edited();
    const shown = homeBlocksInLanguage(
      [{ ...(hero as Extract<Block, { type: 'hero' }>), text: '' }, ...rest.map((b) => ({ ...b, hidden: true }))],
      undefined,
      de,
    );
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ heading: de.title, text: '' });
  });

  it('translated tile texts go into the list (it stays a list) and are checked against the tile limits', () => {
    const [shown] = blocksInLanguage([edited()[1]!], { 'home-featured': { 'tiles.3.title': 'Kleidung' } }) as [
      Extract<Block, { type: 'featured' }>,
    ];
    expect(Array.isArray(shown.tiles)).toBe(true);
    expect(shown.tiles[3]!.title).toBe('Kleidung');
    const tooLong = blockTextsSchema.safeParse({ 'home-featured': { 'tiles.0.title': 'x'.repeat(81) } });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]?.message).toBe('The tile title may have at most 80 characters.');
  });

  it('a tile keeps its default for every empty field; a missing photo keeps the default photo', () => {
    const defaults = [1, 2, 3, 4, 5].map((n) => ({
      title: `T${n}`,
      description: `D${n}`,
      image: `/i${n}.svg`,
      href: `/products/c${n}/all`,
    }));
    const block = edited()[1] as Extract<Block, { type: 'featured' }>;
    const withPhoto = {
      ...block,
      tiles: block.tiles.map((t, i) =>
        i === 0
          ? { ...t, image: { asset_id: 7 }, href: '/static-page/x' }
          : i === 2
            ? { ...t, image: { asset_id: 8 } }
            : t,
      ),
    };
    const tiles = blockTiles(defaults, withPhoto, (id) => (id === 7 ? '/media/abc/800.jpg' : undefined));
    expect(tiles[0]).toEqual({ title: 'T1', description: 'D1', image: '/media/abc/800.jpg', href: '/static-page/x' });
    expect(tiles[1]).toEqual({
      title: 'Team sports',
      description: 'Balls and nets.',
      image: '/i2.svg',
      href: '/products/c2/all',
    });
    expect(tiles[2]!.image).toBe('/i3.svg');
  });
});
