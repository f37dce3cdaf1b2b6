import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { rowsOf } from './rows';

/**
 * Typo tolerance. Trigram similarity alone misses transpositions in short words ("tnet" and
 * "tent" share one trigram of nine), so each search word that is not a known word is also
 * matched against the known words of product names within a small edit distance
 * (Damerau/OSA: a swap of two letters costs 1). The vocabulary is the distinct words of
 * active product names (plus their translations), cached per database and language.
 */

export const MAX_TERMS = 8;
const MAX_EXPANSIONS = 4;

/** Lower-case words of letters and digits (any script), at most MAX_TERMS. */
export function tokenize(text: string): string[] {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return [...new Set(words)].slice(0, MAX_TERMS);
}

/** Optimal string alignment distance, or max+1 as soon as it must exceed max. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/** Allowed typos: none below 4 letters (too many false friends), 1 up to 6 letters, else 2. */
export function allowedTypos(term: string): number {
  if (term.length < 4 || /^\p{N}+$/u.test(term)) return 0;
  return term.length <= 6 ? 1 : 2;
}

/** The term itself plus the closest known words (all at the least distance) when the term is not a known word. */
export function expandTerm(term: string, vocabulary: ReadonlySet<string>): string[] {
  const max = allowedTypos(term);
  if (max === 0 || vocabulary.has(term)) return [term];
  const found: { word: string; d: number }[] = [];
  for (const word of vocabulary) {
    const d = editDistance(term, word, max);
    if (d <= max) found.push({ word, d });
  }
  found.sort((x, y) => x.d - y.d || x.word.localeCompare(y.word));
  // Only the nearest: with "hantel" 1 edit from "hanteln", "lantern" 2 edits away is noise.
  const nearest = found.filter((f) => f.d === found[0]!.d);
  return [term, ...nearest.slice(0, MAX_EXPANSIONS).map((f) => f.word)];
}

/**
 * A to_tsquery() text: every word (or one of its corrections) must match, each as a prefix
 * (or, with `prefix: false`, as a whole word: the rank's bonus for exact words).
 * Words are letters and digits only, so nothing here can break the tsquery syntax.
 */
export function toTsQueryText(groups: readonly (readonly string[])[], prefix = true): string {
  const suffix = prefix ? ':*' : '';
  return groups
    .filter((g) => g.length > 0)
    .map((g) => `(${g.map((w) => `${w}${suffix}`).join(' | ')})`)
    .join(' & ');
}

// ------------------------------------------------------------------ stemming and compounds

/**
 * The text-search configurations a translation can be stemmed with: the answers of the
 * database's language_search_config() (migration 0017). Named in SQL text, so only these.
 */
export type TextConfig = 'english' | 'german' | 'french' | 'simple';
const TEXT_CONFIGS: readonly TextConfig[] = ['english', 'german', 'french', 'simple'];

export function toTextConfig(name: unknown): TextConfig {
  return TEXT_CONFIGS.find((c) => c === name) ?? 'simple';
}

/** Languages that glue nouns into compounds ("Kuppelzelt"), where a word is looked for inside names' words. */
const COMPOUNDING: ReadonlySet<TextConfig> = new Set(['german']);
const MIN_COMPOUND_PART = 4;
const MAX_COMPOUNDS = 12;

/** Umlauts and ß folded as the German stemmer folds them ("säcke" stems to "sack"). */
const fold = (word: string) =>
  /[äöüß]/.test(word) ? word.replace(/ä/g, 'a').replace(/ö/g, 'o').replace(/ü/g, 'u').replace(/ß/g, 'ss') : word;

/** A part of 7 letters or more may carry one typo ("schlafsak" in "daunenschlafsack"). */
const MIN_FUZZY_PART = 7;

/** Whether `part` (with at most `typos` edits) occurs in `word` after its first 3 letters. */
function carries(word: string, part: string, typos: number): boolean {
  if (word.indexOf(part, 3) >= 3) return true;
  if (typos === 0) return false;
  // One edit leaves one half of the part intact: words with neither half cannot match (cheap test first).
  const half = part.length >> 1;
  if (!word.includes(part.slice(0, half), 3) && !word.includes(part.slice(half), 3)) return false;
  for (let start = 3; start + part.length - typos <= word.length; start++) {
    for (let len = part.length - typos; len <= part.length + typos; len++) {
      if (start + len <= word.length && editDistance(part, word.slice(start, start + len), typos) <= typos) return true;
    }
  }
  return false;
}

/**
 * Name words that carry the stem inside, not at the start (a prefix already matches by itself):
 * "zelt" → "kuppelzelt", "tunnelzelt". The full-text index only matches whole words or their
 * beginnings, so these words join the term's alternatives. Shortest first: the closest compounds.
 */
export function compoundWords(stem: string, vocabulary: ReadonlySet<string>): string[] {
  const part = fold(stem);
  if (part.length < MIN_COMPOUND_PART) return [];
  const typos = part.length >= MIN_FUZZY_PART ? 1 : 0;
  const found: string[] = [];
  for (const word of vocabulary)
    if (word.length > part.length + 2 && carries(fold(word), part, typos)) found.push(word);
  found.sort((a, b) => a.length - b.length || a.localeCompare(b));
  return found.slice(0, MAX_COMPOUNDS);
}

/** Each term's stem in the configuration (the term itself for a stop word or no stemmer). */
async function stems(db: Db, config: TextConfig, terms: readonly string[]): Promise<string[]> {
  const rows = rowsOf<{ i: number; stem: string | null }>(
    await db.execute(sql`select v.i, (ts_lexize(${`${config}_stem`}::regdictionary, v.w))[1] as stem
      from (values ${sql.join(
        terms.map((w, i) => sql`(${i}::int, ${w}::text)`),
        sql`, `,
      )}) v(i, w)`),
  );
  const byIndex = new Map(rows.map((r) => [Number(r.i), r.stem]));
  return terms.map((term, i) => byIndex.get(i) || term);
}

// ------------------------------------------------------------------ vocabulary cache

const MAX_AGE_MS = 5 * 60_000;
/** The distinct words of product names (with the language's translations) and its stemming. */
export interface Vocabulary {
  words: Set<string>;
  config: TextConfig;
}
interface Entry {
  promise: Promise<Vocabulary>;
  loadedAt: number;
}
const vocabularies = new Map<Db, Map<number, Entry>>();

async function readVocabulary(db: Db, languageId: number): Promise<Vocabulary> {
  // Whitespace-split in SQL keeps the transfer to the distinct words; the Unicode-aware split
  // into letters and digits happens here (the database's regex classes depend on its locale).
  const [wordRows, configRows] = await Promise.all([
    db.execute(sql`
      select distinct lower(w) as w from (
        select regexp_split_to_table(name, '\\s+') as w from products where active
        union all
        select regexp_split_to_table(name, '\\s+') from product_translations where language_id = ${languageId}
      ) words`),
    db.execute(sql`select language_search_config(code)::text as config from languages where id = ${languageId}`),
  ]);
  const words = new Set<string>();
  for (const { w } of rowsOf<{ w: string }>(wordRows))
    for (const word of tokenize(String(w))) if (word.length >= 3) words.add(word);
  return { words, config: toTextConfig(rowsOf<{ config: string }>(configRows)[0]?.config) };
}

/** Cached for 5 minutes; an old vocabulary keeps serving while a new one loads. */
export function loadVocabulary(db: Db, languageId: number, now = Date.now()): Promise<Vocabulary> {
  let perDb = vocabularies.get(db);
  if (!perDb) vocabularies.set(db, (perDb = new Map()));
  const entry = perDb.get(languageId);
  if (entry && now - entry.loadedAt < MAX_AGE_MS) return entry.promise;
  const fresh: Entry = { promise: readVocabulary(db, languageId), loadedAt: now };
  const map = perDb;
  fresh.promise.then(
    () => map.set(languageId, fresh),
    () => {
      if (map.get(languageId) === fresh) map.delete(languageId);
    },
  );
  if (entry) {
    entry.loadedAt = now; // one refresh at a time
    return entry.promise;
  }
  perDb.set(languageId, fresh);
  return fresh.promise;
}

export function invalidateVocabulary(db?: Db): void {
  if (db) vocabularies.delete(db);
  else vocabularies.clear();
}

/** A word is "known" when it, a correction of it, or a word it begins is in the vocabulary. */
export function isKnown(term: string, expanded: readonly string[], vocabulary: ReadonlySet<string>): boolean {
  if (expanded.length > 1 || vocabulary.has(term)) return true;
  for (const word of vocabulary) if (word.startsWith(term)) return true;
  return false;
}

export interface SearchQuery {
  /** to_tsquery() text, '' when the search has no words */
  tsquery: string;
  /** The same words as whole words: names that have the word itself rank above longer words it begins. */
  exact: string;
  /** The stemming of the language's translations (the base row is always english). */
  config: TextConfig;
  /**
   * Some word is unknown even after correction: only then is the (per-row expensive) trigram
   * similarity on names added as an alternative match (see docs/decisions/005).
   */
  fuzzy: boolean;
}

/** The search text → tsquery text with typo corrections, and whether trigram matching is needed. */
export async function buildSearchQuery(db: Db, languageId: number, text: string): Promise<SearchQuery> {
  const terms = tokenize(text);
  if (terms.length === 0) return { tsquery: '', exact: '', config: 'simple', fuzzy: true };
  const { words: vocabulary, config } = await loadVocabulary(db, languageId);
  // Correcting an unknown word scans the whole vocabulary (~0.5 ms); the answer only changes
  // with the vocabulary, so it is remembered per vocabulary (the Set is replaced on reload).
  let memo = expansions.get(vocabulary);
  if (!memo) expansions.set(vocabulary, (memo = new Map()));
  const key = terms.join(' ');
  const known = memo.get(key);
  if (known) return known;
  // Stemming before typos: "hanteln" is the plural of the known "hantel", not a typo of "lantern".
  const stemmed = config === 'simple' ? terms : await stems(db, config, terms);
  const groups = terms.map((term, i) => {
    const stem = stemmed[i]!;
    const spelled = stem !== term && isKnown(stem, [stem], vocabulary) ? [term] : expandTerm(term, vocabulary);
    return [...new Set([...spelled, ...(COMPOUNDING.has(config) ? compoundWords(stem, vocabulary) : [])])];
  });
  const query: SearchQuery = {
    tsquery: toTsQueryText(groups),
    exact: toTsQueryText(groups, false),
    config,
    fuzzy: terms.some((term, i) => !isKnown(term, groups[i]!, vocabulary)),
  };
  if (memo.size >= MAX_MEMO) memo.delete(memo.keys().next().value!);
  memo.set(key, query);
  return query;
}

const MAX_MEMO = 2_000;
const expansions = new WeakMap<ReadonlySet<string>, Map<string, SearchQuery>>();
