import { describe, expect, it } from 'vitest';
import { FEATURED_SLUGS, featuredTiles, homeTabs, safeLocalPath, type TabCategory, type Tile } from './home';

const defaults: Tile[] = FEATURED_SLUGS.map((f) => ({
  title: `T ${f.key}`,
  description: `D ${f.key}`,
  image: `/images/categories/${f.slug}.svg`,
  href: `/products/${f.slug}/all`,
}));

describe('featured tiles', () => {
  it('five fixed tiles with their slugs when the server has nothing or failed', () => {
    expect(FEATURED_SLUGS.map((f) => f.slug)).toEqual([
      'outdoor-adventure',
      'sports-equipment',
      'fitness-essentials',
      'apparel-and-footwear',
      'accessories-and-tech',
    ]);
    expect(featuredTiles(defaults, null)).toEqual(defaults);
    expect(featuredTiles(defaults, [])).toEqual(defaults);
  });

  it('server tiles override title (short_title first), description, image and link in order', () => {
    const tiles = featuredTiles(defaults, [
      { title: 'Second', short_title: null, description: 'two', image_url: '/b.svg', url: '/products/b/all', order: 2 },
      {
        title: 'First long',
        short_title: 'First',
        description: '',
        image_url: '',
        url: 'https://evil.test/',
        order: 1,
      },
    ]);
    expect(tiles).toHaveLength(5);
    expect(tiles[0]).toEqual({
      title: 'First',
      description: 'D outdoor',
      image: defaults[0]!.image,
      href: defaults[0]!.href,
    });
    expect(tiles[1]).toEqual({ title: 'Second', description: 'two', image: '/b.svg', href: '/products/b/all' });
    expect(tiles.slice(2)).toEqual(defaults.slice(2));
  });

  it('only same-site paths are links', () => {
    expect(safeLocalPath('/products/x/all')).toBe('/products/x/all');
    expect(safeLocalPath('//evil.test')).toBeNull();
    expect(safeLocalPath('javascript:alert(1)')).toBeNull();
    expect(safeLocalPath('/\\evil')).toBeNull();
  });
});

describe('new arrivals tabs', () => {
  const cats: TabCategory[] = [
    ...['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((slug, i) => ({
      id: i + 1,
      slug,
      name: slug.toUpperCase(),
      parentId: null,
    })),
    { id: 20, slug: 'a-child', name: 'A child', parentId: 1 },
    { id: 21, slug: 'g-grandchild-parent', name: 'G sub', parentId: 7 },
    { id: 22, slug: 'g-deep', name: 'G deep', parentId: 21 },
  ];

  it('All plus the first five top-level categories (at most 6 tabs), All active without a route category', () => {
    const r = homeTabs(cats, null, 'All');
    expect(r.tabs.map((t) => t.slug)).toEqual(['all', 'a', 'b', 'c', 'd', 'e']);
    expect(r.tabs.filter((t) => t.active).map((t) => t.slug)).toEqual(['all']);
    expect(r.categoryId).toBeNull();
    expect(r.viewAllHref).toBe('/products/all/all?new=true');
    expect(r.tabs[0]!.href).toBe('/#new-arrivals');
    expect(r.tabs[1]!.href).toBe('/?category=a#new-arrivals');
  });

  it("a chosen category shows its top-level category and that one's children; the active tab follows the route", () => {
    const top = homeTabs(cats, 'b', 'All');
    expect(top.tabs.map((t) => t.slug)).toEqual(['all', 'b']);
    expect(top.tabs.find((t) => t.active)?.slug).toBe('b');
    expect(top.categoryId).toBe(2);
    expect(top.viewAllHref).toBe('/products/b/all?new=true');
    const parent = homeTabs(cats, 'a', 'All');
    expect(parent.tabs.map((t) => t.slug)).toEqual(['all', 'a', 'a-child']);
    expect(parent.tabs.find((t) => t.active)?.slug).toBe('a');
    const child = homeTabs(cats, 'a-child', 'All');
    expect(child.tabs.map((t) => t.slug)).toEqual(['all', 'a', 'a-child']);
    expect(child.tabs.find((t) => t.active)?.slug).toBe('a-child');
    expect(child.categoryId).toBe(20);
    expect(child.viewAllHref).toBe('/products/a/a-child?new=true');
  });

  it('a grandchild activates its ancestor among the children; a top-level category beyond the five still gets its tabs', () => {
    const r = homeTabs(cats, 'g-deep', 'All');
    expect(r.tabs.map((t) => t.slug)).toEqual(['all', 'g', 'g-grandchild-parent']);
    expect(r.tabs.find((t) => t.active)?.slug).toBe('g-grandchild-parent');
    expect(r.categoryId).toBe(22);
    expect(r.viewAllHref).toBe('/products/g/g-deep?new=true');
  });

  it('never more than 6 tabs: a chosen child beyond the cap takes the last place', () => {
    const many: TabCategory[] = [
      { id: 1, slug: 'top', name: 'Top', parentId: null },
      ...Array.from({ length: 8 }, (_, i) => ({ id: 10 + i, slug: `c${i}`, name: `C${i}`, parentId: 1 })),
    ];
    expect(homeTabs(many, 'top', 'All').tabs.map((t) => t.slug)).toEqual(['all', 'top', 'c0', 'c1', 'c2', 'c3']);
    const late = homeTabs(many, 'c7', 'All');
    expect(late.tabs.map((t) => t.slug)).toEqual(['all', 'top', 'c0', 'c1', 'c2', 'c7']);
    expect(late.tabs.find((t) => t.active)?.slug).toBe('c7');
  });

  it('an unknown slug reads as All', () => {
    const r = homeTabs(cats, 'nope', 'All');
    expect(r.categoryId).toBeNull();
    expect(r.tabs[0]!.active).toBe(true);
  });
});
