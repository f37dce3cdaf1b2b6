import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { type FixtureCatalog, insertFixtureCatalog } from '../helpers/fixture-catalog';
import { useTestDatabase } from '../helpers/db';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
let fx: FixtureCatalog;

beforeAll(async () => {
  fx = await insertFixtureCatalog(database().db);
});

async function catalog(query: string) {
  const res = await api.request(`/api/products/catalog${query ? `?${query}` : ''}`);
  return { status: res.status, body: (await res.json()) as any };
}
async function keysOf(query: string): Promise<string[]> {
  const { status, body } = await catalog(query);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.payload.map((p: { id: number }) => fx.keyOf(p.id));
}

const ASC = ['lantern', 'footprint', 'mouse', 'wireless', 'summit', 'ultra', 'poles', 'mech', 'tunnel', 'dome'];

describe('catalogue order and pagination', () => {
  it('defaults: price ascending with ties by id, 15 per page', async () => {
    const { body } = await catalog('');
    expect(body.status).toBe('OK');
    expect(body.payload.map((p: any) => fx.keyOf(p.id))).toEqual(ASC);
    expect(body.pagination).toEqual({ total: 10, last_page: 1, from: 1, to: 10, current_page: 1, per_page: 15 });
    expect(body.price_range).toEqual({ min: 10, max: 199.99 });
  });

  it('sort=asc equals the default; sort=desc reverses price with ties still by id', async () => {
    expect(await keysOf('sort=asc')).toEqual(ASC);
    expect(await keysOf('sort=desc')).toEqual([
      'dome',
      'tunnel',
      'mech',
      'summit',
      'ultra',
      'poles',
      'wireless',
      'mouse',
      'footprint',
      'lantern',
    ]);
  });

  it('pages: numbers, last page, clamping of too-large and zero pages', async () => {
    const page3 = await catalog('per_page=4&page=3');
    expect(page3.body.payload.map((p: any) => fx.keyOf(p.id))).toEqual(['tunnel', 'dome']);
    expect(page3.body.pagination).toEqual({ total: 10, last_page: 3, from: 9, to: 10, current_page: 3, per_page: 4 });
    const page2 = await catalog('per_page=4&page=2');
    expect(page2.body.payload.map((p: any) => fx.keyOf(p.id))).toEqual(['summit', 'ultra', 'poles', 'mech']);
    expect(page2.body.pagination).toMatchObject({ from: 5, to: 8, current_page: 2 });
    const past = await catalog('per_page=4&page=99');
    expect(past.body.pagination).toMatchObject({ current_page: 3, from: 9, to: 10 });
    expect(past.body.payload).toHaveLength(2);
    const zero = await catalog('per_page=4&page=0');
    expect(zero.body.pagination).toMatchObject({ current_page: 1, from: 1, to: 4 });
  });

  it('an empty result: payload [], total 0, last_page 1, from/to null, price_range 0', async () => {
    const { status, body } = await catalog('search=zzzzqqqq');
    expect(status).toBe(200);
    expect(body.payload).toEqual([]);
    expect(body.pagination).toEqual({ total: 0, last_page: 1, from: null, to: null, current_page: 1, per_page: 15 });
    expect(body.price_range).toEqual({ min: 0, max: 0 });
    expect(body.facets).toEqual([]);
  });
});

describe('catalogue filters', () => {
  it('price filter in USD compares displayed (converted) prices exactly', async () => {
    // mouse 39.99 → 43.33 USD, wireless 54.16, 89.99 → 97.50, mech 129.99 → 140.84
    expect(await keysOf('currency=USD&price_min=43.33&price_max=97.50')).toEqual([
      'mouse',
      'wireless',
      'summit',
      'ultra',
      'poles',
    ]);
    expect(await keysOf('currency=USD&price_min=43.34&price_max=97.49')).toEqual(['wireless']);
    // lantern 10.00 EUR = 10.835 → 10.84 USD (half-up)
    expect(await keysOf('currency=USD&price_max=10.84')).toEqual(['lantern']);
    expect(await keysOf('currency=USD&price_max=10.83')).toEqual([]);
  });

  it('price_range ignores the price filter and is in the currency', async () => {
    const { body } = await catalog('currency=USD&price_min=50&price_max=60');
    expect(body.price_range).toEqual({ min: 10.84, max: 216.69 });
    expect(body.pagination.total).toBe(1);
  });

  it('category includes descendants even when products link only to their leaf', async () => {
    expect(await keysOf(`category_id=${fx.cat.outdoor}`)).toEqual([
      'lantern',
      'footprint',
      'summit',
      'ultra',
      'poles',
      'tunnel',
      'dome',
    ]);
    expect(await keysOf(`category_id=${fx.cat.tents}`)).toEqual(['footprint', 'poles', 'tunnel', 'dome']);
    expect(await keysOf(`category_id=${fx.cat.keyboards},${fx.cat.domeTents}`)).toEqual([
      'footprint',
      'wireless',
      'mech',
      'dome',
    ]);
    expect(await keysOf('category_id=999999')).toEqual([]);
  });

  it('new=true and sale=true', async () => {
    expect(await keysOf('new=true')).toEqual(['lantern', 'ultra', 'tunnel', 'dome']);
    expect(await keysOf('sale=true')).toEqual(['wireless', 'summit', 'dome']);
    expect(await keysOf('sale=true&new=true')).toEqual(['dome']);
    expect(await keysOf('new=false')).toEqual(ASC);
  });

  it('price_range is that of the filtered set', async () => {
    const { body } = await catalog(`category_id=${fx.cat.keyboards}`);
    expect(body.price_range).toEqual({ min: 49.99, max: 129.99 });
  });
});

describe('attribute filters and facets', () => {
  it('OR within a group, AND across groups, inactive variations ignored', async () => {
    expect(await keysOf(`attrs=${fx.attr.red}`)).toEqual(['summit', 'dome']);
    expect(await keysOf(`attrs=${fx.attr.blue}`)).toEqual(['mech', 'dome']);
    expect(await keysOf(`attrs=${fx.attr.red},${fx.attr.blue}`)).toEqual(['summit', 'mech', 'dome']);
    expect(await keysOf(`attrs=${fx.attr.red},${fx.attr.m}`)).toEqual(['summit', 'dome']);
    expect(await keysOf(`attrs=${fx.attr.red},${fx.attr.s}`)).toEqual(['dome']);
    expect(await keysOf(`attrs=${fx.attr.blue},${fx.attr.l}`)).toEqual([]);
  });

  it('facet counts over the current filter', async () => {
    const { body } = await catalog('');
    expect(body.facets).toEqual([
      {
        group: { id: fx.group.colour, name: 'Colour' },
        options: [
          { id: fx.attr.red, name: 'Red', count: 2 },
          { id: fx.attr.blue, name: 'Blue', count: 2 },
          { id: fx.attr.green, name: 'Green', count: 2 },
        ],
      },
      {
        group: { id: fx.group.size, name: 'Size' },
        options: [
          { id: fx.attr.s, name: 'S', count: 1 },
          { id: fx.attr.m, name: 'M', count: 2 },
          { id: fx.attr.l, name: 'L', count: 2 },
        ],
      },
    ]);
  });

  it("a group's counts leave out its own selection; other groups are narrowed by it", async () => {
    const { body } = await catalog(`attrs=${fx.attr.red}`);
    const [colour, size] = body.facets;
    expect(colour.options.map((o: any) => [o.name, o.count])).toEqual([
      ['Red', 2],
      ['Blue', 2],
      ['Green', 2],
    ]);
    expect(size.options.map((o: any) => [o.name, o.count])).toEqual([
      ['S', 1],
      ['M', 2],
      ['L', 1],
    ]);
  });

  it('facets follow the other filters (category, price)', async () => {
    const { body } = await catalog(`category_id=${fx.cat.keyboards}`);
    expect(body.facets).toEqual([
      {
        group: { id: fx.group.colour, name: 'Colour' },
        options: [
          { id: fx.attr.blue, name: 'Blue', count: 1 },
          { id: fx.attr.green, name: 'Green', count: 1 },
        ],
      },
    ]);
  });
});

describe('catalogue search', () => {
  it('full text over name and description (english stemming), in price order when sorted', async () => {
    expect(await keysOf('search=tents&sort=asc')).toEqual(['footprint', 'tunnel', 'dome']);
    expect(await keysOf('search=shelter&sort=asc')).toEqual(['footprint', 'tunnel']);
    expect(await keysOf('search=tent&sort=desc')).toEqual(['dome', 'tunnel', 'footprint']);
  });

  it('all words must match', async () => {
    expect((await keysOf('search=dome%20tent')).sort()).toEqual(['dome', 'footprint']);
  });

  it('is typo tolerant', async () => {
    expect(await keysOf('search=tnet&sort=asc')).toEqual(['footprint', 'tunnel', 'dome']);
    expect(await keysOf('search=keyboadr&sort=asc')).toEqual(['wireless', 'mech']);
    expect(await keysOf('search=Backpak&sort=asc')).toEqual(['summit', 'ultra']);
  });

  it('falls back to trigram similarity of names for words that no correction explains', async () => {
    expect(await keysOf('search=mechanicalkeyboard')).toEqual(['mech']);
    expect(await keysOf('search=!!!')).toEqual([]);
  });

  it('ranks by relevance when no sort is given', async () => {
    expect(await keysOf('search=alpine%20dome%20tent')).toEqual(['dome']);
    const ranked = await keysOf('search=dome');
    expect(ranked).toHaveLength(2);
    expect(ranked.sort()).toEqual(['dome', 'footprint']);
  });

  it('searches the German name with lang_id of de, also with a typo, and answers in German', async () => {
    const { body } = await catalog(`lang_id=${fx.lang.de}&search=kuppelzelt`);
    expect(body.payload.map((p: any) => p.name)).toEqual(['Alpine Kuppelzelt']);
    expect(await keysOf(`lang_id=${fx.lang.de}&search=kupelzelt`)).toEqual(['dome']);
    expect(await keysOf(`lang_id=${fx.lang.de}&search=tunnelzelt`)).toEqual(['tunnel']);
    // the English base name only matches in German when nothing else does
    expect(await keysOf(`search=kuppelzelt`)).toEqual([]);
  });

  it('combines search, category, price and sort', async () => {
    expect(await keysOf(`search=tent&category_id=${fx.cat.domeTents}&price_min=20&sort=desc`)).toEqual([
      'dome',
      'footprint',
    ]);
  });
});

describe('catalogue validation', () => {
  const cases: [string, string][] = [
    ['price_min=-1', 'price_min'],
    ['price_min=abc', 'price_min'],
    ['price_max=-5', 'price_max'],
    ['price_max=1e5', 'price_max'],
    ['price_min=20&price_max=10', 'price_min'],
    ['sort=sideways', 'sort'],
    [`search=${'x'.repeat(201)}`, 'search'],
    [`search=${'x'.repeat(10_000)}`, 'search'],
    ['per_page=0', 'per_page'],
    ['per_page=101', 'per_page'],
    ['per_page=abc', 'per_page'],
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['category_id=a,b', 'category_id'],
    ['category_id=-1', 'category_id'],
    ['attrs=red', 'attrs'],
    ['new=maybe', 'new'],
    ['sale=yes', 'sale'],
  ];
  it.each(
    cases.map(([query, field]) => [query.length > 40 ? `search of ${query.length - 7} chars` : query, query, field]),
  )('%s → 422 on the field', async (_label, query, field) => {
    const { status, body } = await catalog(query);
    expect(status).toBe(422);
    expect(body.status).toBe('ERROR');
    expect(Object.keys(body.errors)).toContain(field);
    expect(body.message).toBeTruthy();
  });

  it('accepts the edges: search of 200 chars, per_page 100, empty values', async () => {
    expect((await catalog(`search=${'x'.repeat(200)}`)).status).toBe(200);
    expect((await catalog('per_page=100')).status).toBe(200);
    expect((await catalog('search=&price_min=&price_max=&category_id=&sort=')).status).toBe(200);
  });
});
