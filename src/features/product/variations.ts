/**
 * The variation picker's rules (storefront §4 "Product page variations", "Product card add to
 * cart", §5): one drop-down per attribute group, an option is disabled when no variation is
 * compatible with the other current choices, Add to cart only when the product has no
 * variations or every group has a choice, and the chosen variation is the one whose attributes
 * match every choice. Pure; shared by the product page and the variation modal.
 */

export interface VariationAttribute {
  id: number;
  name: string;
  attribute_group: { id?: number; name: string };
}

export interface VariationLike {
  id: number;
  attributes: readonly VariationAttribute[];
}

export interface OptionGroup {
  /** Group key: its id when known, else its name (some answers carry only the name). */
  key: string;
  name: string;
  options: { id: number; name: string }[];
}

/** Group key → chosen attribute id, or null for the empty option. */
export type Selection = Record<string, number | null>;

const groupKey = (a: VariationAttribute) =>
  a.attribute_group.id !== undefined ? String(a.attribute_group.id) : a.attribute_group.name;

/** Groups and their options in the order the variations list them (the API sorts by group position). */
export function optionGroups(variations: readonly VariationLike[]): OptionGroup[] {
  const groups = new Map<string, OptionGroup>();
  for (const v of variations) {
    for (const a of v.attributes) {
      const key = groupKey(a);
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { key, name: a.attribute_group.name, options: [] }));
      if (!group.options.some((o) => o.id === a.id)) group.options.push({ id: a.id, name: a.name });
    }
  }
  return [...groups.values()];
}

/** Every group empty: the page's start (and the state after the product changes). */
export function emptySelection(groups: readonly OptionGroup[]): Selection {
  return Object.fromEntries(groups.map((g) => [g.key, null]));
}

/** The first option of each group: the variation modal's start. */
export function firstOptions(groups: readonly OptionGroup[]): Selection {
  return Object.fromEntries(groups.map((g) => [g.key, g.options[0]?.id ?? null]));
}

/** The variation's attribute in `key`'s group, if it has one. */
function attributeIn(v: VariationLike, key: string): number | undefined {
  return v.attributes.find((a) => groupKey(a) === key)?.id;
}

/** The variation agrees with every chosen option except (optionally) the one in `skip`. */
function compatible(v: VariationLike, selection: Selection, skip?: string): boolean {
  for (const [key, chosen] of Object.entries(selection)) {
    if (key === skip || chosen === null || chosen === undefined) continue;
    if (attributeIn(v, key) !== chosen) return false;
  }
  return true;
}

/** No variation has this option together with the other groups' current choices. */
export function isOptionDisabled(
  variations: readonly VariationLike[],
  selection: Selection,
  key: string,
  optionId: number,
): boolean {
  return !variations.some((v) => attributeIn(v, key) === optionId && compatible(v, selection, key));
}

/** Picking an option (or null: the empty option) in one group; other groups keep their choice. */
export function choose(selection: Selection, key: string, optionId: number | null): Selection {
  return { ...selection, [key]: optionId };
}

/** Every group has a choice (trivially true without groups). */
export function isComplete(groups: readonly OptionGroup[], selection: Selection): boolean {
  return groups.every((g) => selection[g.key] !== null && selection[g.key] !== undefined);
}

/** Add to cart is enabled (§4): no variations, or every group has a choice. */
export function canAddToCart(variations: readonly VariationLike[], selection: Selection): boolean {
  return variations.length === 0 || isComplete(optionGroups(variations), selection);
}

/** The variation whose attributes match every chosen option, when every group has one. */
export function matchVariation<V extends VariationLike>(variations: readonly V[], selection: Selection): V | null {
  const groups = optionGroups(variations);
  if (groups.length === 0 || !isComplete(groups, selection)) return null;
  return variations.find((v) => groups.every((g) => attributeIn(v, g.key) === selection[g.key])) ?? null;
}

export type AddTarget = { ok: true; id: number; isVariation: boolean } | { ok: false };

/** What Add to cart sends: the product itself, or the matching variation; none → "Please select a variation". */
export function addTarget(
  product: { id: number; variations: readonly VariationLike[] },
  selection: Selection,
): AddTarget {
  if (product.variations.length === 0) return { ok: true, id: product.id, isVariation: false };
  const match = matchVariation(product.variations, selection);
  return match ? { ok: true, id: match.id, isVariation: true } : { ok: false };
}
