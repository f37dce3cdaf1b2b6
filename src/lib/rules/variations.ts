/**
 * Generating a product's variations (ADR 026): staff choose values per attribute group ("Size":
 * S, M, L; "Colour": Red, Blue) and the editor creates one variation per combination that does
 * not exist yet. Pure, so the editor's preview and the server count combinations the same way.
 */
import { SKU_PATTERN } from './product-price';

export interface Axis {
  group: string;
  values: string[];
}

/** More would be a spreadsheet's job (the CSV import), not a form's. */
export const MAX_COMBINATIONS = 200;
export const MAX_AXES = 3;

/** Every combination of one value per axis, in the axes' order: [["S","Red"],["S","Blue"],…]. */
export function combinations(axes: readonly Axis[]): string[][] {
  return axes.reduce<string[][]>(
    (acc, axis) => acc.flatMap((combo) => axis.values.map((value) => [...combo, value])),
    [[]],
  );
}

export function combinationCount(axes: readonly Axis[]): number {
  return axes.reduce((n, axis) => n * axis.values.length, 1);
}

/** A stable key of a combination, independent of the order of its groups: "colour=red|size=s". */
export function combinationKey(pairs: readonly { group: string; value: string }[]): string {
  return pairs
    .map((p) => `${p.group.trim().toLowerCase()}=${p.value.trim().toLowerCase()}`)
    .sort()
    .join('|');
}

/** The suggested SKU of a new variation: the product's SKU and the values, "TENT-2P-S-RED". */
export function variationSku(productSku: string, values: readonly string[]): string {
  const suffix = values
    .map(
      (v) =>
        v
          .normalize('NFKD')
          .replace(/[^A-Za-z0-9]+/g, '')
          .toUpperCase() || 'X',
    )
    .join('-');
  const sku = `${productSku}-${suffix}`.slice(0, 64).replace(/[-._]+$/, '');
  return SKU_PATTERN.test(sku) ? sku : productSku.slice(0, 64);
}
