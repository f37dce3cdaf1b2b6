/**
 * The block types and their text rules without zod (ADR 027), so the page editor's island can use
 * them without shipping the schema library; blocks.ts builds the schemas from them.
 */
export const BLOCK_TYPES = [
  'hero',
  'rich_text',
  'image',
  'image_text',
  'product_grid',
  'category_tiles',
  'cta',
  'faq',
  'newsletter',
  'spacer',
  'featured',
] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];
export const MAX_BLOCKS = 50;

/**
 * The translatable plain-text fields and their longest text, the same in every language: the
 * default language's inside the block and the others' in block_texts (rich text has its own).
 */
export const TEXT_LIMITS: Readonly<Record<string, { name: string; max: number }>> = {
  heading: { name: 'The heading', max: 120 },
  text: { name: 'The text', max: 500 },
  'button.label': { name: 'The button label', max: 60 },
  alt: { name: 'The alternative text', max: 300 },
  caption: { name: 'The caption', max: 300 },
  title: { name: 'The tile title', max: 80 },
  description: { name: 'The tile description', max: 300 },
};

/** The featured area has the spec's five fixed tiles (storefront §2, §9). */
export const FEATURED_TILE_COUNT = 5;
const tileFields = Array.from({ length: FEATURED_TILE_COUNT }, (_, i) => [
  `tiles.${i}.title`,
  `tiles.${i}.description`,
]).flat();

/** The limit of a translatable field: by its name, or by its last part for a field inside a list ('tiles.2.title'). */
export function textLimit(field: string): { name: string; max: number } | undefined {
  return TEXT_LIMITS[field] ?? TEXT_LIMITS[field.slice(field.lastIndexOf('.') + 1)];
}

/** The fields of each type that are texts, translated per language (the rest is shared). */
export const TRANSLATABLE: Record<BlockType, readonly string[]> = {
  hero: ['heading', 'text', 'button.label'],
  rich_text: ['html'],
  image: ['alt', 'caption'],
  image_text: ['alt', 'heading', 'html'],
  product_grid: ['heading'],
  category_tiles: ['heading'],
  cta: ['heading', 'text', 'button.label'],
  faq: ['heading'],
  newsletter: ['heading', 'text'],
  spacer: [],
  featured: ['heading', ...tileFields],
};

/** Search and sharing texts of a page (ADR 027): what search results show, about 60 and 155. */
export const META_TITLE_MAX = 70;
export const META_DESCRIPTION_MAX = 200;
