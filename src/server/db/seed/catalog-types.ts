/** Shape of the hand-written catalogue data the generator expands into products. */

/** [English, German, French] */
export type Tr = readonly [string, string, string];

export interface VariantGroupSpec {
  /** attribute group name, shared across products (e.g. Size, Colour) */
  group: string;
  options: readonly string[];
  /** how many options a product offers: [min, max] */
  pick: readonly [number, number];
  /** price added per option index (cents), e.g. bigger storage costs more */
  step?: number;
}

export interface LeafSpec {
  slug: string;
  name: Tr;
  /** product types (the noun at the end of the name) */
  types: readonly Tr[];
  brands: readonly string[];
  models: readonly string[];
  /** price range in whole euros */
  price: readonly [number, number];
  use: string;
  pitch: readonly string[];
  features: readonly string[];
  specs: readonly (readonly [string, readonly string[]])[];
  weightKg?: readonly [number, number];
  important: string;
  variants?: { share: number; groups: readonly VariantGroupSpec[] };
}

export interface MidSpec {
  slug: string;
  name: Tr;
  children: readonly LeafSpec[];
}

export interface AreaSpec {
  slug: string;
  name: Tr;
  /** generic features for the translated descriptions: [en, de, fr] */
  features: readonly Tr[];
  children: readonly (LeafSpec | MidSpec)[];
}

export const isMid = (spec: LeafSpec | MidSpec): spec is MidSpec => 'children' in spec;

export const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;
export const SHOE_SIZES = ['EU 38', 'EU 39', 'EU 40', 'EU 41', 'EU 42', 'EU 43', 'EU 44', 'EU 45', 'EU 46'] as const;
export const COLOURS = [
  'Black',
  'Graphite',
  'Navy',
  'Forest Green',
  'Red',
  'Orange',
  'Sand',
  'White',
  'Sky Blue',
] as const;
