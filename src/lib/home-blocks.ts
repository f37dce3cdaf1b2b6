/**
 * The home page's opening blocks (ADR 027): the hero and the featured area are blocks of the home
 * page record (a static page with is_home). Without stored blocks the home page is these default
 * blocks, built from the spec's texts, so both paths render through the same components. Pure.
 */
import type { Block, BlockTexts } from '@/lib/contract/blocks';
import { FEATURED_TILE_COUNT, TRANSLATABLE } from '@/lib/contract/block-types';

/** The list of every product (storefront §2: the hero's shop-now button). */
const SHOP_ALL_HREF = '/products/all/all';

type Hero = Extract<Block, { type: 'hero' }>;
type Featured = Extract<Block, { type: 'featured' }>;

/** The ids of the blocks a new home page record starts with: their texts fall back to the built-in defaults. */
export const HOME_HERO_ID = 'home-hero';
export const HOME_FEATURED_ID = 'home-featured';

export interface HeroDefaults {
  title: string;
  subtitle: string;
  shopNow: string;
}

export function defaultHero(texts: HeroDefaults): Hero {
  return {
    id: HOME_HERO_ID,
    v: 1,
    type: 'hero',
    heading: texts.title,
    text: texts.subtitle,
    image: null,
    button: { label: texts.shopNow, href: SHOP_ALL_HREF },
  };
}

/** Every field empty: every tile is its default (the chosen featured category, else the spec's tile). */
export function defaultFeatured(): Featured {
  const tiles = Array.from({ length: FEATURED_TILE_COUNT }, () => ({
    title: '',
    description: '',
    href: '',
    image: null,
  }));
  return { id: HOME_FEATURED_ID, v: 1, type: 'featured', heading: '', tiles };
}

export function defaultHomeBlocks(hero: HeroDefaults): Block[] {
  return [defaultHero(hero), defaultFeatured()];
}

function fieldText(block: Block, path: string): string {
  let at: unknown = block;
  for (const key of path.split('.'))
    at = at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined;
  return typeof at === 'string' ? at : '';
}

function withField(block: Block, path: string, value: string): Block {
  const copy = structuredClone(block) as unknown as Record<string, unknown>;
  const keys = path.split('.');
  let at: Record<string, unknown> | undefined = copy;
  for (const key of keys.slice(0, -1)) at = at?.[key] as Record<string, unknown> | undefined;
  if (at && typeof at[keys.at(-1)!] === 'string') at[keys.at(-1)!] = value;
  return copy as unknown as Block;
}

/**
 * The stored home blocks in a language other than the default. The language's own texts win, field
 * by field; where it has none, the home hero and the featured area take this language's built-in
 * default (the featured tiles' empty fields mean exactly that) instead of the default language's
 * text, so the home page never mixes languages (as the settings hero did). Other blocks fall back
 * to the default language's text like on any blocks page. Hidden blocks are left out.
 */
export function homeBlocksInLanguage(
  blocks: readonly Block[],
  own: BlockTexts | null | undefined,
  hero: HeroDefaults,
): Block[] {
  const fallback: Record<string, string> = { heading: hero.title, text: hero.subtitle, 'button.label': hero.shopNow };
  return blocks
    .filter((block) => !block.hidden)
    .map((block) => {
      const texts = own?.[block.id] ?? {};
      const languageFallback = block.type === 'featured' || (block.type === 'hero' && block.id === HOME_HERO_ID);
      let shown = block;
      for (const field of TRANSLATABLE[block.type]) {
        const mine = texts[field]?.trim();
        if (mine) shown = withField(shown, field, mine);
        // A hero text the editor left empty stays empty in every language.
        else if (block.type === 'featured') shown = withField(shown, field, '');
        else if (languageFallback && fieldText(block, field) !== '')
          shown = withField(shown, field, fallback[field] ?? '');
      }
      return shown;
    });
}
