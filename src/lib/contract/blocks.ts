/**
 * The blocks a page is built from (ADR 027): one strict schema per type, shared by the server (on
 * save, and again on render for what is stored) and the editor. A block holds its settings and
 * its texts in the default language; other languages' texts live beside the page
 * (static_page_translations.block_texts) and fall back per field. Every block carries its schema
 * version `v`; BLOCK_UPGRADES turns an older stored block into the current shape.
 */
import { z } from 'zod';
import {
  BLOCK_TYPES,
  type BlockType,
  FEATURED_TILE_COUNT,
  MAX_BLOCKS,
  TEXT_LIMITS,
  TRANSLATABLE,
  textLimit,
} from './block-types';

export { BLOCK_TYPES, type BlockType, FEATURED_TILE_COUNT, MAX_BLOCKS, TEXT_LIMITS, TRANSLATABLE, textLimit };

const tooLong = (name: string, max: number) => `${name} may have at most ${max} characters.`;
const text = (name: string, max: number) =>
  z
    .string({ message: `${name} must be text.` })
    .trim()
    .max(max, tooLong(name, max));
const limited = (field: keyof typeof TEXT_LIMITS & string) => text(TEXT_LIMITS[field]!.name, TEXT_LIMITS[field]!.max);
export const HERO_HEADING_REQUIRED = "A hero needs a heading (it is the page's title when the hero opens it).";
const LINK = 'A link must be a path on this shop (starting with /) or an https:// address.';
const link = z
  .string({ message: LINK })
  .max(2000, LINK)
  .regex(/^(https:\/\/[^\s"'<>]+|\/(?!\/)[^\s"'<>]*)$/, LINK);
const HTML = 'The text must be HTML of at most 50000 characters.';
const html = z.string({ message: HTML }).max(50_000, HTML);
const ID = (name: string) => `${name} must be an id.`;
const refId = (name: string) =>
  z
    .number({ message: ID(name) })
    .int(ID(name))
    .positive(ID(name));
const image = z.strictObject({ asset_id: refId('asset_id') }, { message: 'An image is { asset_id }.' }).nullable();
const button = z
  .strictObject({ label: limited('button.label'), href: link }, { message: 'A button is { label, href }.' })
  .nullable();
const BLOCK_ID = 'A block id has 1 to 32 letters, digits, dashes or underscores.';

const base = {
  id: z.string({ message: BLOCK_ID }).regex(/^[A-Za-z0-9_-]{1,32}$/, BLOCK_ID),
  v: z.literal(1, { message: 'This block version is unknown.' }),
  hidden: z.boolean({ message: 'hidden must be true or false.' }).optional(),
};
const strict = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject({ ...base, ...shape }, { message: 'Unknown field.' });

export const heroBlock = strict({
  type: z.literal('hero'),
  heading: limited('heading').min(1, HERO_HEADING_REQUIRED),
  text: limited('text'),
  image,
  button,
});
export const richTextBlock = strict({ type: z.literal('rich_text'), html });
// An image with a link needs an alternative text (the block's or its photo's): the server checks it on save, with the photo's.
export const imageBlock = strict({
  type: z.literal('image'),
  image,
  alt: limited('alt'),
  caption: limited('caption'),
  href: link.nullable(),
});
export const imageTextBlock = strict({
  type: z.literal('image_text'),
  image,
  alt: limited('alt'),
  heading: limited('heading'),
  html,
  image_side: z.enum(['left', 'right'], { message: 'image_side must be left or right.' }),
});
const SOURCE = 'The products come from a category, the sale, the new arrivals or a list of SKUs.';
export const productSource = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('category'), category_id: refId('category_id') }),
    z.strictObject({ kind: z.literal('sale') }),
    z.strictObject({ kind: z.literal('new') }),
    z.strictObject({
      kind: z.literal('skus'),
      skus: z
        .array(z.string({ message: 'A SKU must be text.' }).max(64, 'A SKU has at most 64 characters.'), {
          message: 'skus must be a list.',
        })
        .min(1, 'Name at least one SKU.')
        .max(24, 'At most 24 SKUs.'),
    }),
  ],
  { message: SOURCE },
);
const COUNT = 'The number of products is a whole number from 1 to 24.';
export const productGridBlock = strict({
  type: z.literal('product_grid'),
  heading: limited('heading'),
  source: productSource,
  count: z.number({ message: COUNT }).int(COUNT).min(1, COUNT).max(24, COUNT),
});
export const categoryTilesBlock = strict({
  type: z.literal('category_tiles'),
  heading: limited('heading'),
  category_ids: z
    .array(refId('category_ids'), { message: 'category_ids must be a list.' })
    .min(1, 'Choose at least one category.')
    .max(12, 'At most 12 categories.'),
});
export const ctaBlock = strict({ type: z.literal('cta'), heading: limited('heading'), text: limited('text'), button });
export const faqBlock = strict({
  type: z.literal('faq'),
  heading: limited('heading'),
  faq_ids: z
    .array(refId('faq_ids'), { message: 'faq_ids must be a list.' })
    .min(1, 'Choose at least one question.')
    .max(30, 'At most 30 questions.'),
});
export const newsletterBlock = strict({
  type: z.literal('newsletter'),
  heading: limited('heading'),
  text: limited('text'),
});
export const spacerBlock = strict({
  type: z.literal('spacer'),
  size: z.enum(['s', 'm', 'l'], { message: 'size must be s, m or l.' }),
  divider: z.boolean({ message: 'divider must be true or false.' }),
});

/**
 * The home page's featured area (storefront §2): the five tiles; an empty field keeps the tile's
 * default (the featured category staff chose in /admin/featured, else the spec's tile).
 */
const featuredTile = z.strictObject(
  { title: limited('title'), description: limited('description'), href: link.or(z.literal('')), image },
  { message: 'A tile is { title, description, href, image }.' },
);
const TILES = `The featured area has exactly ${FEATURED_TILE_COUNT} tiles.`;
export const featuredBlock = strict({
  type: z.literal('featured'),
  heading: limited('heading'),
  tiles: z.array(featuredTile, { message: TILES }).length(FEATURED_TILE_COUNT, TILES),
});

export const blockSchema = z.discriminatedUnion(
  'type',
  [
    heroBlock,
    richTextBlock,
    imageBlock,
    imageTextBlock,
    productGridBlock,
    categoryTilesBlock,
    ctaBlock,
    faqBlock,
    newsletterBlock,
    spacerBlock,
    featuredBlock,
  ],
  {
    message: `type must be one of ${BLOCK_TYPES.join(', ')}.`,
  },
);
export type Block = z.infer<typeof blockSchema>;

/** The media assets a block shows (its photo, or the featured tiles' photos). */
export function blockAssetIds(block: Block): number[] {
  if (block.type === 'featured') return block.tiles.flatMap((t) => (t.image ? [t.image.asset_id] : []));
  return 'image' in block && block.image ? [block.image.asset_id] : [];
}

export const blocksSchema = z
  .array(blockSchema, { message: 'blocks must be a list.' })
  .max(MAX_BLOCKS, `A page may have at most ${MAX_BLOCKS} blocks.`)
  .superRefine((blocks, ctx) => {
    const seen = new Set<string>();
    for (const [i, block] of blocks.entries()) {
      if (seen.has(block.id))
        ctx.addIssue({ code: 'custom', message: `The block id ${block.id} is used twice.`, path: [i, 'id'] });
      seen.add(block.id);
    }
  });

/** Another language's texts: { blockId: { field: text } }. */
export const blockTextsSchema = z
  .record(
    z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, BLOCK_ID),
    z.record(
      z.string().regex(/^[a-z0-9_.]{1,32}$/, 'A text is named by its field.'),
      z.string({ message: 'A text must be text.' }).max(50_000, 'A text may have at most 50000 characters.'),
      { message: "Each block's texts are { field: text }." },
    ),
    { message: 'texts must map block ids to their texts.' },
  )
  .superRefine((texts, ctx) => {
    // Another language's texts fit where the default language's do.
    for (const [blockId, fields] of Object.entries(texts)) {
      for (const [field, value] of Object.entries(fields)) {
        const limit = textLimit(field);
        if (limit && value.trim().length > limit.max)
          ctx.addIssue({ code: 'custom', message: tooLong(limit.name, limit.max), path: [blockId, field] });
      }
    }
  });
export type BlockTexts = z.infer<typeof blockTextsSchema>;

/**
 * Upgrades of stored blocks, per type: BLOCK_UPGRADES[type][n] turns version n + 1 into n + 2.
 * Empty while every type is at version 1; a new version adds its step here, and stored pages are
 * read through upgradeBlock, so no data migration has to rewrite them at once.
 */
export const BLOCK_UPGRADES: Record<BlockType, ((block: Record<string, unknown>) => Record<string, unknown>)[]> = {
  hero: [],
  rich_text: [],
  image: [],
  image_text: [],
  product_grid: [],
  category_tiles: [],
  cta: [],
  faq: [],
  newsletter: [],
  spacer: [],
  featured: [],
};

export function upgradeBlock(stored: Record<string, unknown>): Record<string, unknown> {
  const steps = BLOCK_UPGRADES[stored.type as BlockType] ?? [];
  let block = stored;
  for (let v = Number(block.v ?? 1); v - 1 < steps.length; v++) block = { ...steps[v - 1]!(block), v: v + 1 };
  return block;
}
