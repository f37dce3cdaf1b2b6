/**
 * The photo of a hero that opens a blocks page (ADR 027) is the page's LCP image: the hero draws
 * it and the page's head preloads it, both from this one description so the preload asks for the
 * very file the <picture> picks (same srcset, same sizes).
 */
import type { Block } from '@/lib/contract/blocks';
import { type ResponsiveImage, responsiveImage } from '@/lib/images/responsive';
import type { BlockData } from '@/server/services/page-blocks.server';

/** The hero spans the page's content column (.static-page: at most 52rem = 832 px). */
export const HERO_SIZES = '(min-width: 832px) 832px, 100vw';
export const HERO_FALLBACK = { width: 1200, height: 600 };

export function heroImage(block: Extract<Block, { type: 'hero' }>, data: BlockData): ResponsiveImage | null {
  const photo = block.image ? data.photos.get(block.image.asset_id) : undefined;
  return photo ? responsiveImage(photo, { sizes: HERO_SIZES, fallback: HERO_FALLBACK }) : null;
}

/** The image to preload: the photo of a hero that is the first block shown (hidden ones are already left out). */
export function openingHeroImage(blocks: readonly Block[], data: BlockData): ResponsiveImage | null {
  const first = blocks[0];
  return first?.type === 'hero' ? heroImage(first, data) : null;
}

/** The home page's hero photo: beside the text from 48rem, half of the 1200 px column; above it, the screen's width. */
export const HOME_HERO_SIZES = '(min-width: 1232px) 584px, (min-width: 768px) 48vw, 100vw';
export const HOME_HERO_FALLBACK = { width: 1200, height: 800 };

export function homeHeroImage(block: Extract<Block, { type: 'hero' }>, data: BlockData): ResponsiveImage | null {
  const photo = block.image ? data.photos.get(block.image.asset_id) : undefined;
  return photo ? responsiveImage(photo, { sizes: HOME_HERO_SIZES, fallback: HOME_HERO_FALLBACK }) : null;
}
