import { describe, expect, it } from 'vitest';
import { PICTOGRAMS, pictogramFor } from '@/server/images/pictograms';
import {
  escapeXml,
  hueFor,
  renderCategoryImage,
  renderFallbackImage,
  renderProductImage,
  wrapText,
} from '@/server/images/svg';
import { categoryImageUrl, FALLBACK_IMAGE_URL, productImageUrl } from '@/server/images/urls';

/** Minimal well-formedness check: balanced tags, quoted attributes, no raw `<` or `&` in text. */
function assertWellFormedXml(xml: string) {
  expect(xml.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  for (let m = tag.exec(xml); m; m = tag.exec(xml)) {
    const between = xml.slice(last, m.index);
    expect(between, `text before <${m[2]}>`).not.toMatch(/[<>]|&(?!(amp|lt|gt|quot|apos);)/);
    last = tag.lastIndex;
    const [, closing, name, , selfClosing] = m;
    if (closing) expect(stack.pop()).toBe(name);
    else if (!selfClosing) stack.push(name!);
  }
  expect(xml.slice(last)).toBe('');
  expect(stack).toEqual([]);
}

describe('escapeXml', () => {
  it('escapes markup characters and drops control characters', () => {
    expect(escapeXml(`a<b & "c" 'd'>\u0001`)).toBe('a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;');
  });
});

describe('wrapText', () => {
  it('wraps on word boundaries', () => {
    expect(wrapText('Nordvik Summit Pro Dome Tent', 12, 3)).toEqual(['Nordvik', 'Summit Pro', 'Dome Tent']);
  });
  it('ends with an ellipsis when the text does not fit', () => {
    const lines = wrapText('one two three four five six seven eight nine ten', 9, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.endsWith('…')).toBe(true);
    expect(lines.every((l) => l.length <= 9)).toBe(true);
  });
  it('splits words longer than a line', () => {
    expect(wrapText('Supercalifragilistic', 8, 3)).toEqual(['Supercal', 'ifragili', 'stic']);
  });
  it('returns no lines for blank text', () => {
    expect(wrapText('   ', 10, 2)).toEqual([]);
  });
});

describe('renderProductImage', () => {
  const input = {
    productId: 42,
    name: 'Ridgeline Horizon 2 Dome Tent',
    n: 1,
    pictogram: 'tent' as const,
    label: 'Tents',
  };

  it('is deterministic', () => {
    expect(renderProductImage(input)).toBe(renderProductImage({ ...input }));
  });

  it('differs per image number and per product', () => {
    expect(renderProductImage({ ...input, n: 2 })).not.toBe(renderProductImage(input));
    expect(renderProductImage({ ...input, productId: 43 })).not.toBe(renderProductImage(input));
  });

  it('produces well-formed SVG for every view and pictogram', () => {
    for (const pictogram of Object.keys(PICTOGRAMS) as (keyof typeof PICTOGRAMS)[]) {
      for (const n of [1, 2, 3, 4]) assertWellFormedXml(renderProductImage({ ...input, pictogram, n }));
    }
  });

  it('escapes the product name and label', () => {
    const svg = renderProductImage({ ...input, name: 'Tom & Jerry <script>alert("x")</script>', label: 'A&B' });
    assertWellFormedXml(svg);
    expect(svg).not.toContain('<script');
    expect(svg).toContain('Tom &amp; Jerry');
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).toContain('&quot;');
    expect(svg).toContain('A&amp;B');
  });
});

describe('category and fallback images', () => {
  it('renders well-formed, deterministic SVG', () => {
    const a = renderCategoryImage({ slug: 'outdoor-adventure', title: 'Outdoor & Adventure', pictogram: 'mountain' });
    expect(a).toBe(
      renderCategoryImage({ slug: 'outdoor-adventure', title: 'Outdoor & Adventure', pictogram: 'mountain' }),
    );
    assertWellFormedXml(a);
    expect(a).toContain('Outdoor &amp; Adventure');
    assertWellFormedXml(renderFallbackImage());
  });
});

describe('pictogramFor', () => {
  it.each([
    ['tents', 'tent'],
    ['mountain-bikes', 'bike'],
    ['cycling-helmets', 'helmet'],
    ['dumbbells', 'dumbbell'],
    ['running-shoes', 'shoe'],
    ['hiking-boots', 'boot'],
    ['laptops', 'laptop'],
    ['sports-tops', 'shirt'],
    ['winter-sports', 'snowflake'],
    ['outdoor-adventure', 'mountain'],
  ] as const)('%s → %s', (slug, expected) => {
    expect(pictogramFor(slug)).toBe(expected);
  });

  it('falls back to the parent slug, then to a shopping bag', () => {
    expect(pictogramFor('unknown-thing', 'computer-equipment')).toBe('laptop');
    expect(pictogramFor('zzz')).toBe('bag');
  });
});

describe('hueFor and URLs', () => {
  it('gives a stable hue in range', () => {
    expect(hueFor('x')).toBe(hueFor('x'));
    expect(hueFor('anything')).toBeGreaterThanOrEqual(0);
    expect(hueFor('anything')).toBeLessThan(360);
  });
  it('builds versioned URLs the image route understands', () => {
    expect(productImageUrl(12, 3)).toMatch(/^\/images\/products\/12\/3\.svg\?v=\d+$/);
    expect(categoryImageUrl('tents')).toMatch(/^\/images\/categories\/tents\.svg\?v=\d+$/);
    expect(FALLBACK_IMAGE_URL).toMatch(/^\/images\/fallback\.svg\?v=\d+$/);
  });
});
