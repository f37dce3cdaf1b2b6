import { describe, expect, it } from 'vitest';
import { stockAvailability } from '@/lib/rules/stock-level';
import { type PriceCurrency, type RoundingRule, convertPrice } from '@/lib/money';
import { buildMeta, categoryUrl, localName, withDescendants } from '@/server/services/catalog/meta';
import { maxEurCents, minEurCents } from '@/server/services/catalog/price';
import {
  compoundWords,
  editDistance,
  expandTerm,
  tokenize,
  toTextConfig,
  toTsQueryText,
} from '@/server/services/catalog/search';

describe('catalog price bounds', () => {
  const cases: [string, string, RoundingRule][] = ['1', '1.0835', '0.85', '1.08', '157.123456', '0.012345']
    .flatMap((rate) =>
      (['exact', 'end_99', 'whole'] as const).map((rule) => ['USD', rate, rule] as [string, string, RoundingRule]),
    )
    .concat([
      ['JPY', '160.5', 'exact'],
      ['JPY', '0.5', 'whole'],
      ['KWD', '0.33', 'end_99'],
    ]);
  it.each(cases)('match the displayed price exactly in %s at rate %s rounded %s', (code, rate, rounding) => {
    const currency: PriceCurrency = { code, value: rate, rounding };
    const price = (eur: number) => convertPrice(eur, currency);
    for (let shown = 0; shown < 3000; shown += 7) {
      const lo = minEurCents(shown, currency);
      expect(price(lo)).toBeGreaterThanOrEqual(shown);
      if (lo > 0) expect(price(lo - 1)).toBeLessThan(shown);
      const hi = maxEurCents(shown, currency);
      if (hi >= 0) expect(price(hi)).toBeLessThanOrEqual(shown);
      expect(price(hi + 1)).toBeGreaterThan(shown);
    }
  });
});

describe('catalog search text', () => {
  it('tokenizes letters and digits of any script, lower-cased, unique, at most 8', () => {
    expect(tokenize("  Größe: 40L tent's & TENT ")).toEqual(['größe', '40l', 'tent', 's']);
    expect(tokenize('a b c d e f g h i j')).toHaveLength(8);
    expect(tokenize('!!! ***')).toEqual([]);
  });

  it('edit distance counts a swap as one', () => {
    expect(editDistance('tnet', 'tent', 2)).toBe(1);
    expect(editDistance('keyboadr', 'keyboard', 2)).toBe(1);
    expect(editDistance('backpak', 'backpack', 2)).toBe(1);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
  });

  it('expands unknown words to near known words only', () => {
    const vocab = new Set(['tent', 'tents', 'trail', 'keyboard', 'net']);
    expect(expandTerm('tent', vocab)).toEqual(['tent']);
    expect(expandTerm('tnet', vocab)).toEqual(['tnet', 'net', 'tent']); // both at distance 1, alphabetical
    expect(expandTerm('tne', vocab)).toEqual(['tne']); // too short to correct
    expect(expandTerm('hanteln', new Set(['hantel', 'lantern']))).toEqual(['hanteln', 'hantel']); // 1 edit beats 2
    expect(expandTerm('2024', vocab)).toEqual(['2024']);
  });

  it('builds a tsquery of prefix words, AND across words, OR across corrections', () => {
    expect(toTsQueryText([['tnet', 'tent'], ['dome']])).toBe('(tnet:* | tent:*) & (dome:*)');
    expect(toTsQueryText([])).toBe('');
    expect(toTsQueryText([['tnet', 'tent'], ['dome']], false)).toBe('(tnet | tent) & (dome)');
  });

  it('finds German compounds that carry a stem inside, not at the start, umlauts folded', () => {
    const vocab = new Set([
      'kuppelzelt',
      'tunnelzelt',
      'zeltboden',
      'zelt',
      'daunenschlafsack',
      'rucksack',
      'campinghängematte',
      'kochset',
    ]);
    expect(compoundWords('zelt', vocab)).toEqual(['kuppelzelt', 'tunnelzelt']); // shortest, then alphabetical; 'zeltboden' is a prefix match already
    expect(compoundWords('schlafsack', vocab)).toEqual(['daunenschlafsack']);
    expect(compoundWords('hangematt', vocab)).toEqual(['campinghängematte']); // the stemmer folds ä to a
    expect(compoundWords('set', vocab)).toEqual([]); // too short a part: too many false friends
    expect(compoundWords('schlafsak', vocab)).toEqual(['daunenschlafsack']); // a long part may carry one typo
    expect(compoundWords('zelx', vocab)).toEqual([]); // a short one may not
  });

  it('names only known text-search configurations (they are written into SQL)', () => {
    expect(toTextConfig('german')).toBe('german');
    expect(toTextConfig('french')).toBe('french');
    expect(toTextConfig("german'); drop table products; --")).toBe('simple');
    expect(toTextConfig(undefined)).toBe('simple');
  });
});

describe('catalog meta', () => {
  const meta = buildMeta(
    [
      { id: 1, parentId: null, slug: 'outdoor', name: 'Outdoor' },
      { id: 2, parentId: 1, slug: 'tents', name: 'Tents' },
      { id: 3, parentId: 2, slug: 'dome', name: 'Dome' },
      { id: 4, parentId: null, slug: 'tech', name: 'Tech' },
    ],
    [],
    [],
    [],
  );
  it('descendants include the ids themselves, deeper levels, and unknown ids', () => {
    expect(withDescendants(meta, [1])).toEqual([1, 2, 3]);
    expect(withDescendants(meta, [2, 4, 99])).toEqual([2, 3, 4, 99]);
  });
  it('urls follow the list route', () => {
    expect(categoryUrl(meta.categories.get(1)!)).toBe('/products/outdoor/all');
    expect(categoryUrl(meta.categories.get(3)!)).toBe('/products/outdoor/dome');
  });
  it('attribute groups and options read their language, else the default name', () => {
    const withTexts = buildMeta(
      [],
      [],
      [{ id: 1, name: 'Colour', position: 0 }],
      [
        { id: 7, name: 'Sand', groupId: 1, position: 0 },
        { id: 8, name: 'Orange', groupId: 1, position: 1 },
      ],
      [
        { k: 'g', id: 1, l: 2, n: 'Farbe' },
        { k: 'a', id: 7, l: 2, n: 'Sandfarben' },
        { k: 'a', id: 8, l: 3, n: '' },
      ],
    );
    const colour = withTexts.groups.get(1)!;
    expect([localName(colour, 2), localName(colour, 3)]).toEqual(['Farbe', 'Colour']);
    expect(localName(withTexts.attributes.get(7)!, 2)).toBe('Sandfarben');
    // An empty text falls back as content does.
    expect(localName(withTexts.attributes.get(8)!, 3)).toBe('Orange');
  });
  it('availability', () => {
    expect([0, 1, 4, 5].map((stock) => stockAvailability(stock, 5))).toEqual([
      'out_of_stock',
      'low_stock',
      'low_stock',
      'in_stock',
    ]);
  });
});
