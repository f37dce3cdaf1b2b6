/**
 * The home page's pure rules (storefront HomePage, §9): the five featured tiles with their
 * fixed slugs and defaults, overridden by the server's featured categories; the new-arrivals
 * tabs (at most 6, the active one following the route category); the list links.
 */
import type { Translator } from '@/lib/translator';
import type { Block } from '@/lib/contract/blocks';

export const FEATURED_SLUGS = [
  { slug: 'outdoor-adventure', key: 'outdoor' },
  { slug: 'sports-equipment', key: 'sports' },
  { slug: 'fitness-essentials', key: 'fitness' },
  { slug: 'apparel-and-footwear', key: 'apparel' },
  { slug: 'accessories-and-tech', key: 'accessories' },
] as const;

/**
 * At most 6 tabs (storefront spec §9, issue 29: a seventh was cut to "Com…" at 1280 px): All and
 * the first top-level categories; once a category is chosen, All, its top-level category and that
 * category's children, so the tabs go one level down instead of growing sideways.
 */
export const MAX_HOME_TABS = 6;
export const HOME_CAROUSEL_LIMIT = 12;

export interface Tile {
  title: string;
  description: string;
  image: string;
  href: string;
}

export interface FeaturedFromServer {
  title: string;
  short_title: string | null;
  description: string;
  image_url: string;
  url: string;
  order: number;
}

/**
 * Tile i takes the server's i-th featured category (by order): its short_title or title, its
 * description, image and link; a blank field keeps the default. Null (the load failed) keeps
 * every default. Always 5 tiles.
 */
export function featuredTiles(defaults: readonly Tile[], server: readonly FeaturedFromServer[] | null): Tile[] {
  const sorted = server ? [...server].sort((a, b) => a.order - b.order) : [];
  return defaults.map((tile, i) => {
    const s = sorted[i];
    if (!s) return { ...tile };
    const title = (s.short_title ?? '').trim() || s.title.trim();
    return {
      title: title || tile.title,
      description: s.description.trim() || tile.description,
      image: s.image_url.trim() || tile.image,
      href: safeLocalPath(s.url) ?? tile.href,
    };
  });
}

/** Only same-site paths are used as tile links (never a protocol-relative or absolute URL). */
export function safeLocalPath(url: string): string | null {
  const u = url.trim();
  return u.startsWith('/') && !u.startsWith('//') && !u.includes('\\') ? u : null;
}

export interface TabCategory {
  id: number;
  slug: string;
  name: string;
  parentId: number | null;
}

export interface HomeTab {
  /** `all` for the first tab. */
  slug: string;
  name: string;
  href: string;
  active: boolean;
}

export interface HomeTabs {
  tabs: HomeTab[];
  /** The category the carousel shows (null = every new arrival). */
  categoryId: number | null;
  /** The list page of that category with new=true. */
  viewAllHref: string;
}

export const ALL_TAB = 'all';

export function homeTabHref(slug: string): string {
  return slug === ALL_TAB ? '/#new-arrivals' : `/?category=${encodeURIComponent(slug)}#new-arrivals`;
}

/**
 * Tabs (at most `max`): without a route category, All and the first top-level categories. With
 * one (a top-level or deeper slug), All, its top-level category and that category's children; the
 * tab of the chosen category, or of its ancestor among those, is active, and takes the last place
 * when it is beyond the cap. Unknown slugs read as All.
 */
export function homeTabs(
  categories: readonly TabCategory[],
  routeCategory: string | null | undefined,
  allLabel: string,
  max = MAX_HOME_TABS,
): HomeTabs {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const chosen = routeCategory ? categories.find((c) => c.slug === routeCategory) : undefined;
  const path = chosen ? ancestry(chosen, byId) : [];
  const top = path[0];
  let shown: TabCategory[];
  if (!top) shown = categories.filter((c) => c.parentId === null).slice(0, max - 1);
  else {
    const children = categories.filter((c) => c.parentId === top.id);
    const activeChild = path[1];
    shown = [top, ...children.slice(0, max - 2)];
    if (activeChild && !shown.includes(activeChild)) shown = [...shown.slice(0, max - 2), activeChild];
  }
  const active = path[1] ?? top;
  const tabs: HomeTab[] = [
    { slug: ALL_TAB, name: allLabel, href: homeTabHref(ALL_TAB), active: !chosen },
    ...shown.map((c) => ({ slug: c.slug, name: c.name, href: homeTabHref(c.slug), active: c.id === active?.id })),
  ];
  const viewAllHref = chosen ? `${listPathOfCategory(chosen, byId)}?new=true` : '/products/all/all?new=true';
  return { tabs, categoryId: chosen?.id ?? null, viewAllHref };
}

/** The category's chain from its top-level category down to itself (a loop in the data stops it). */
function ancestry(c: TabCategory, byId: Map<number, TabCategory>): TabCategory[] {
  const chain: TabCategory[] = [c];
  const seen = new Set<number>([c.id]);
  let at = c;
  while (at.parentId !== null) {
    const parent = byId.get(at.parentId);
    if (!parent || seen.has(parent.id)) break;
    seen.add(parent.id);
    chain.unshift(parent);
    at = parent;
  }
  return chain;
}

/** /products/{top}/all or /products/{top}/{slug}, as the category tree links. */
function listPathOfCategory(c: TabCategory, byId: Map<number, TabCategory>): string {
  if (c.parentId === null) return `/products/${encodeURIComponent(c.slug)}/all`;
  let top: TabCategory | undefined = c;
  const seen = new Set<number>();
  while (top && top.parentId !== null && !seen.has(top.id)) {
    seen.add(top.id);
    top = byId.get(top.parentId);
  }
  return `/products/${encodeURIComponent(top?.slug ?? ALL_TAB)}/${encodeURIComponent(c.slug)}`;
}

/** A featured block (ADR 027) as the home page's featured area draws it. */
type FeaturedBlock = Extract<Block, { type: 'featured' }>;

/**
 * The five tiles of a featured block: each field the block fills replaces the default tile's
 * (whose own defaults already took the chosen featured categories); a photo the media library
 * no longer has keeps the default photo.
 */
export function blockTiles(
  defaults: readonly Tile[],
  block: FeaturedBlock,
  photoUrl: (assetId: number) => string | undefined,
): Tile[] {
  return defaults.map((tile, i) => {
    const own = block.tiles[i];
    if (!own) return tile;
    return {
      title: own.title.trim() || tile.title,
      description: own.description.trim() || tile.description,
      image: (own.image && photoUrl(own.image.asset_id)) || tile.image,
      href: own.href || tile.href,
    };
  });
}

/**
 * The featured area's tiles: the spec's five (titles and descriptions from the messages, the
 * category photos), then the featured categories staff chose, then what a featured block fills.
 */
export function featuredAreaTiles(
  t: Translator,
  photoOf: (slug: string) => string,
  server: readonly FeaturedFromServer[] | null,
  block: FeaturedBlock | null,
  photoUrl: (assetId: number) => string | undefined,
): Tile[] {
  const defaults = featuredTiles(
    FEATURED_SLUGS.map((f) => ({
      title: t(`home.featured.${f.key}.title`),
      description: t(`home.featured.${f.key}.description`),
      image: photoOf(f.slug),
      href: `/products/${f.slug}/all`,
    })),
    server,
  );
  return block ? blockTiles(defaults, block, photoUrl) : defaults;
}

export const SALE_LIST_HREF = '/products/all/all?sale=true';
export const SHOP_ALL_HREF = '/products/all/all';
