/**
 * Search behind one interface (issue 33, docs/decisions/039): the search engine's answers (the
 * catalogue index over the engine's text matches, the names' trigram similarity computed in
 * process) are exactly the answers of the SQL path of ADR 005 (everything, the rank included, in
 * one statement), over a query set of English, German and French texts, typos, compounds, several
 * words, punctuation, names outside ASCII and texts that find nothing: the same ids in the same
 * order, every page. Both engines.
 */
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { invalidateCatalogResults } from '@/server/services/catalog/catalog-cache';
import { catalogIndexReady, useCatalogIndex } from '@/server/services/catalog/catalog-index';
import { type CatalogInput, queryCatalog } from '@/server/services/catalog/catalog-query';
import { type SearchEngine, searchEngine, setSearchEngine } from '@/server/services/catalog/search-engine';
import { similarityTo, trigrams } from '@/server/services/catalog/trigram';
import { rowsOf } from '@/server/services/catalog/rows';
import { useTestDatabase } from '../helpers/db';

const database = useTestDatabase({ seed: 'demo' });
const languages = new Map<string, number>();

/** Names the demo catalogue lacks: punctuation, digits, case, and letters outside ASCII in English names. */
const EXTRA_NAMES = [
  'Trailblazer—Tent (2-person) ULTRA_light',
  'Größe Zelt Ünø Tent',
  'Crème Brûlée Stove Café',
  'X1 tent-pole kit 3000',
];

beforeAll(async () => {
  const db = database().db;
  for (const row of rowsOf<{ id: number; code: string }>(await db.execute(sql`select id, code from languages`)))
    languages.set(row.code, Number(row.id));
  for (const [i, name] of EXTRA_NAMES.entries())
    await db.execute(sql`insert into products (sku, slug, name, description, price_cents)
      values (${`S33B-${i}`}, ${`s33b-extra-${i}`}, ${name}, ${'A tent accessory for the trail.'}, ${1000 + i})`);
  invalidateCatalogResults(db);
});
afterEach(() => useCatalogIndex(true));

const QUERIES: [string, string][] = [
  ['en', 'tent'],
  ['en', 'tents'],
  ['en', 'tnet'],
  ['en', 'dome tent'],
  ['en', 'pro'],
  ['en', 'keybaord'],
  ['en', 'kettlebels'],
  ['en', 'Nordvik'],
  ['en', 'timberpaek'],
  ['en', 'wireless mouse'],
  ['en', 'sleeping bags'],
  ['en', 'TENT-pole (2)'],
  ['en', 'x1'],
  ['en', 'stove café'],
  ['en', 'größe'],
  ['en', 'zzzzqqqq'],
  ['en', 'qwxzv tent'],
  ['de', 'zelt'],
  ['de', 'kuppelzlet'],
  ['de', 'rucksäcke'],
  ['de', 'schlafsak'],
  ['de', 'kabellose maus'],
  ['de', 'tent'],
  ['de', 'nichtsdergleichen'],
  ['fr', 'tentes'],
  ['fr', 'rechaud'],
  ['fr', 'sacs de couchage'],
  ['fr', 'écouteurs'],
  ['fr', 'xyzzyplugh'],
];

async function allIds(input: Omit<CatalogInput, 'page' | 'perPage'>, lang: string): Promise<number[]> {
  const ctx = {
    language: { id: languages.get(lang)!, isDefault: lang === 'en' },
    currency: { code: 'EUR', value: '1' },
  };
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const res = await queryCatalog(database().db, { ...input, page, perPage: 48 }, ctx);
    ids.push(...res.products.map((p) => p.id));
    if (page >= res.pagination.last_page) return ids;
  }
}

describe('search engine (issue 33)', () => {
  it('answers every query of the set exactly as the one-statement SQL path', async () => {
    const db = database().db;
    let nonEmpty = 0;
    let empty = 0;
    for (const [lang, search] of QUERIES) {
      for (const sort of [undefined, 'desc'] as const) {
        useCatalogIndex(false);
        invalidateCatalogResults(db);
        const before = await allIds({ search, sort }, lang);
        useCatalogIndex(true);
        invalidateCatalogResults(db);
        expect(await catalogIndexReady(db)).not.toBeNull();
        const now = await allIds({ search, sort }, lang);
        expect(now, `${lang} "${search}" ${sort ?? 'by relevance'}`).toEqual(before);
        if (before.length) nonEmpty++;
        else empty++;
      }
    }
    expect(nonEmpty).toBeGreaterThan(40);
    expect(empty).toBeGreaterThanOrEqual(6);
  });

  it("computes pg_trgm's similarity of ASCII texts to the same float4", async () => {
    const db = database().db;
    const texts = ['tent', 'TENT', 'Tnet', 'a', 'x1', '2-person', 'ULTRA_light', '!!', '', 'dome  tent', 'pro'];
    const names = [...EXTRA_NAMES.filter((n) => /^[\x20-\x7e]*$/.test(n)), 'Timberpeak Nomad 3 Dome Tent', 'aaa', '-'];
    const rows = rowsOf<{ n: string; t: string; s: number }>(
      await db.execute(sql`select n, t, similarity(n, t) as s
        from unnest(${`{${names.map((n) => JSON.stringify(n)).join(',')}}`}::text[]) n,
          unnest(${`{${texts.map((t) => JSON.stringify(t)).join(',')}}`}::text[]) t`),
    );
    expect(rows.length).toBe(names.length * texts.length);
    for (const { n, t, s } of rows) expect(similarityTo(trigrams(t), n), `${n} ~ ${t}`).toBe(Math.fround(Number(s)));
    expect(rows.some((r) => Number(r.s) > 0 && Number(r.s) < 1)).toBe(true);
  });

  it('another engine takes over through the interface', async () => {
    const db = database().db;
    const sqlEngine = searchEngine();
    const asked: string[] = [];
    const spy: SearchEngine = {
      prepare: (d, l, text) => (asked.push(text), sqlEngine.prepare(d, l, text)),
      matches: (d, f, byRank) => sqlEngine.matches(d, f, byRank),
      warm: (d, l) => sqlEngine.warm(d, l),
    };
    const previous = setSearchEngine(spy);
    try {
      invalidateCatalogResults(db);
      expect(await allIds({ search: 'tent' }, 'en')).toEqual(await allIds({ search: 'tent' }, 'en'));
      expect(asked).toContain('tent');
    } finally {
      setSearchEngine(previous);
    }
  });
});
