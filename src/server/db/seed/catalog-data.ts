import type { AreaSpec, LeafSpec, MidSpec } from './catalog-types';
import { isMid } from './catalog-types';
import { OUTDOOR } from './data-outdoor';
import { SPORTS } from './data-sports';
import { FITNESS } from './data-fitness';
import { APPAREL } from './data-apparel';
import { ACCESSORIES, COMPUTERS } from './data-tech';

/** Top-level areas in menu order; the first five are the home page's featured tiles. */
export const AREAS: readonly AreaSpec[] = [OUTDOOR, SPORTS, FITNESS, APPAREL, ACCESSORIES, COMPUTERS];

export interface LeafRef {
  area: AreaSpec;
  mid?: MidSpec;
  leaf: LeafSpec;
}

export function leaves(areas: readonly AreaSpec[] = AREAS): LeafRef[] {
  return areas.flatMap((area) =>
    area.children.flatMap((child): LeafRef[] =>
      isMid(child) ? child.children.map((leaf) => ({ area, mid: child, leaf })) : [{ area, leaf: child }],
    ),
  );
}

/** Products generated per leaf category; 37 leaves × 9 = 333 products. */
export const PRODUCTS_PER_LEAF = 9;
