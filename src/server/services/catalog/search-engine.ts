import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { logger } from '@/server/logger';
import { catalogIndexReady } from './catalog-index';
import { type ResolvedFilter, rankExpression, searchCondition, translationJoin } from './filters';
import type { TextMatches } from './indexed-set';
import { parseJson, rowsOf } from './rows';
import { type SearchQuery, buildSearchQuery, loadVocabulary } from './search';
import { isAscii, similarityTo, trigrams } from './trigram';

/**
 * Search behind one interface (issue 33, docs/decisions/039). A search engine answers the text
 * part of a catalogue request: what a text means (corrections, stems) and which active products
 * it matches with their relevance. Categories, flags, prices, attribute choices, facets, sorting
 * and pages are answered from the catalogue index over those matches (indexed-set.ts), so another
 * engine (Meilisearch, Typesense, OpenSearch) takes over by implementing these three methods; the
 * answers must stay those of `sqlSearchEngine` (tests/integration/search-engine.test.ts).
 */
export interface SearchEngine {
  /** The search text → the query the matches are read with (typo corrections, stemming, compounds). */
  prepare(db: Db, languageId: number, text: string): Promise<SearchQuery>;
  /** The active products `f.search` matches in `f`'s language, with their relevance when `byRank`. */
  matches(db: Db, f: ResolvedFilter, byRank: boolean): Promise<TextMatches>;
  /** Loads what the first search in a language needs, so that no shopper waits for it. */
  warm(db: Db, languageId: number): Promise<void>;
}

/**
 * The matches from PostgreSQL's full text search (GIN index on products.search), pg_trgm for typos
 * and the rank of filters.ts. For a default-language search of ASCII words the names' trigram
 * similarity is added here (trigram.ts) rather than per row in SQL: the same numbers, in a third of
 * the time on broad texts.
 */
export async function readTextMatches(db: Db, f: ResolvedFilter, byRank: boolean): Promise<TextMatches> {
  const search = searchCondition(f);
  if (!search) throw new Error('readTextMatches needs a search');
  const simInJs = byRank && f.defaultLanguage && f.search!.tsquery !== '' && isAscii(f.search!.text);
  // simInJs: id, rank, name (JSON string) or 0 when the rank already has the name's similarity
  const columns = !byRank
    ? sql`id::text`
    : simInJs
      ? sql`concat_ws(',', id, rank, case when octet_length(name) = char_length(name) then to_json(name)::text else '0' end)`
      : sql`concat_ws(',', id, rank)`;
  const [row] = rowsOf<{ rows: string | null }>(
    await db.execute(sql`
      select '[' || coalesce(string_agg(${columns}, ','), '') || ']' as rows
      from (
        select p.id${byRank ? sql`, p.name, ${rankExpression(f, simInJs ? 'ascii-in-js' : 'sql')} as rank` : sql``}
        from products p ${byRank ? translationJoin(f) : sql``}
        where p.active and ${search}
      ) b`),
  );
  const flat = parseJson<(number | string)[]>(row?.rows ?? '[]', []);
  const step = !byRank ? 1 : simInJs ? 3 : 2;
  const n = flat.length / step;
  const matches: TextMatches = { ids: new Int32Array(n), ranks: new Float64Array(byRank ? n : 0) };
  const of = simInJs ? trigrams(f.search!.text) : null;
  for (let k = 0; k < n; k++) {
    matches.ids[k] = flat[k * step] as number;
    if (!byRank) continue;
    // The float4 the text stands for (its shortest decimal is a different double): every rank as
    // the exact float4, so ranks compare as the database's do, and float4 + float4 as it adds them.
    const rank = Math.fround(flat[k * step + 1] as number);
    const name = of ? flat[k * step + 2] : 0;
    matches.ranks[k] = typeof name === 'string' ? Math.fround(rank + similarityTo(of!, name)) : rank;
  }
  return matches;
}

export const sqlSearchEngine: SearchEngine = {
  prepare: buildSearchQuery,
  matches: readTextMatches,
  async warm(db, languageId) {
    await loadVocabulary(db, languageId);
  },
};

let engine: SearchEngine = sqlSearchEngine;

/** The shop's search engine. */
export function searchEngine(): SearchEngine {
  return engine;
}

/** Puts another engine in place (a search service adapter, tests); returns the one it replaced. */
export function setSearchEngine(next: SearchEngine): SearchEngine {
  const previous = engine;
  engine = next;
  return previous;
}

/**
 * At start, in the background: the catalogue index and every language's search vocabulary, so
 * the first search after a start does not wait for them (issue 33: 953 ms at 100 000 products).
 * A failure only logs; the first request then loads what it needs, as before.
 */
export async function warmSearch(db: Db): Promise<void> {
  const started = performance.now();
  try {
    await catalogIndexReady(db);
    const languages = rowsOf<{ id: number }>(await db.execute(sql`select id from languages order by position, id`));
    for (const { id } of languages) await engine.warm(db, Number(id));
    logger.info({ ms: Math.round(performance.now() - started), languages: languages.length }, 'search warmed');
  } catch (error) {
    logger.warn({ err: error }, 'search warm-up failed');
  }
}
