/**
 * Search relevance on the demo catalogue (issue 18), both engines: a word in the name ranks above
 * the same word in a description or only the category; plurals, typos, two-word queries and
 * German words find the same products. Each query's expectation is read from the seeded names
 * (not fixed ids): the top results must all carry the word in their name when enough do.
 */
import { describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { useTestDatabase } from '../helpers/db';

useTestDatabase({ seed: 'demo' });
const api = createApi();

interface Found {
  id: number;
  name: string;
}

async function search(query: string, options: { lang?: number; sort?: string } = {}): Promise<Found[]> {
  const params = new URLSearchParams({ search: query, per_page: '60', ...(options.lang ? { lang_id: String(options.lang) } : {}), ...(options.sort ? { sort: options.sort } : {}) });
  const res = await api.request(`/api/products/catalog?${params}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { payload: Found[] }).payload;
}

async function languageId(code: string): Promise<number> {
  const res = await api.request('/api/languages');
  return ((await res.json()) as { payload: { id: number; code: string }[] }).payload.find((l) => l.code === code)!.id;
}

/** query → what the names of the best results must show. */
const NAME_FIRST: [string, RegExp][] = [
  ['tent', /tent/i],
  ['tents', /tent/i],
  ['tnet', /tent/i],
  ['dome tent', /dome.*tent|tent.*dome/i],
  ['stove', /stove/i],
  ['stoves', /stove/i],
  ['backpack', /backpack|pack/i],
  ['bottle', /bottle/i],
  ['botle', /bottle/i],
  ['lantern', /lantern/i],
  ['jacket', /jacket/i],
  ['filter bottle', /filter.*bottle|bottle.*filter/i],
];

describe('search relevance', () => {
  for (const [query, inName] of NAME_FIRST) {
    it(`"${query}": the products named so come first`, async () => {
      const found = await search(query);
      const named = found.filter((p) => inName.test(p.name));
      expect(named.length, `no product named like ${inName} for "${query}"`).toBeGreaterThan(0);
      const top = found.slice(0, Math.min(named.length, 5));
      expect(top.map((p) => p.name).filter((n) => !inName.test(n))).toEqual([]);
    });
  }

  it('German words find the German names first', async () => {
    const de = await languageId('de');
    for (const [query, inName] of [['kuppelzelt', /kuppelzelt/i], ['campingkocher', /campingkocher/i], ['trekkingrucksack', /trekkingrucksack/i]] as const) {
      const found = await search(query, { lang: de });
      const named = found.filter((p) => inName.test(p.name));
      expect(named.length, query).toBeGreaterThan(0);
      expect(found.slice(0, Math.min(named.length, 3)).every((p) => inName.test(p.name)), found.slice(0, 3).map((p) => p.name).join(', ')).toBe(true);
    }
  });

  it('a price order is kept when asked for; without one the order is relevance', async () => {
    const byPrice = await search('tent', { sort: 'asc' });
    const relevance = await search('tent');
    expect(new Set(byPrice.map((p) => p.id))).toEqual(new Set(relevance.map((p) => p.id)));
    expect(byPrice.map((p) => p.id)).not.toEqual(relevance.map((p) => p.id));
  });
});
