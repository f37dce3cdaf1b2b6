import { type SQL, sql } from 'drizzle-orm';
import type { CatalogMeta } from './meta';
import { withDescendants } from './meta';
import type { TextConfig } from './search';

/** A catalogue filter with prices already in EUR cents (see price.ts) and words as a tsquery text. */
export interface ResolvedFilter {
  /**
   * The raw search text (trigram similarity), its tsquery text (full text) and the stemming of
   * the language's translations (product_translations.search_config); null = no search.
   */
  search: { text: string; tsquery: string; exact: string; config: TextConfig; fuzzy: boolean } | null;
  languageId: number;
  /** The default language's text is the base row (english config); others have translations. */
  defaultLanguage: boolean;
  minEur: number | null;
  maxEur: number | null;
  categoryIds: number[] | null;
  isNew: boolean;
  sale: boolean;
  /** attribute group id → chosen attribute ids of that group */
  attrGroups: Map<number, number[]>;
}

const list = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Chosen attribute ids grouped by their group; ids that are no attribute are ignored. */
export function groupAttributes(meta: CatalogMeta, ids: readonly number[]): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const attribute = meta.attributes.get(id);
    if (!attribute) continue;
    groups.set(attribute.groupId, [...(groups.get(attribute.groupId) ?? []), id]);
  }
  return groups;
}

/**
 * Rows whose attribute-id array (`products.attribute_ids`, the attributes of the product's active
 * variations, kept by triggers: migration 0018) holds one of the attributes. Reading the array on
 * rows already fetched replaces a join through variations and variation_attributes (ADR 005).
 */
export function attrCondition(attrs: SQL, attributeIds: readonly number[]): SQL {
  return sql`${attrs} && array[${list(attributeIds)}]::int[]`;
}

function match(vector: SQL, name: SQL, config: TextConfig, f: NonNullable<ResolvedFilter['search']>): SQL {
  const fts = sql`${vector} @@ to_tsquery(${sql.raw(`'${config}'`)}, ${f.tsquery})`;
  const trigram = sql`${name} % ${f.text}`;
  if (!f.tsquery) return trigram;
  return f.fuzzy ? sql`(${fts} or ${trigram})` : fts;
}

export function searchCondition(f: ResolvedFilter): SQL | undefined {
  if (!f.search) return undefined;
  const base = match(sql`p.search`, sql`p.name`, 'english', f.search);
  if (f.defaultLanguage) return base;
  const translated = match(sql`tr.search`, sql`tr.name`, f.search.config, f.search);
  return sql`(p.id in (select tr.product_id from product_translations tr
    where tr.language_id = ${f.languageId} and ${translated}) or ${base})`;
}

/**
 * Relevance (issue 18): a word in the name counts far above the same word in the description
 * (ts_rank weights D, C, B, A = 0.01, 0.02, 0.05, 1: names are weight A, descriptions B), a
 * product in a category whose name matches comes next, and trigram similarity of the name breaks
 * ties and carries typos. Searching "tent" puts tents before lanterns whose text mentions tents.
 */
const WEIGHTS = sql.raw(`'{0.01, 0.02, 0.05, 1.0}'`);
const CATEGORY_BONUS = 0.3;

/**
 * Uncorrelated on purpose: as `exists (... where pc.product_id = p.id ...)` the planner may run it
 * once per matched row, matching every category name against the query each time (3.8 s for the
 * 23 000 matches of "pro" on the 100k bench); as `p.id in (...)` it is one hashed subplan.
 */
function categoryMatch(config: 'english' | 'simple', tsquery: string): SQL {
  return sql`(case when p.id in (select pc.product_id from product_categories pc join categories c on c.id = pc.category_id
    where to_tsvector(${sql.raw(`'${config}'`)}, c.name) @@ to_tsquery(${sql.raw(`'${config}'`)}, ${tsquery})) then ${CATEGORY_BONUS}::real else 0 end)`;
}

/**
 * Words matched as words, not only as beginnings: "rennrad" ranks "Rennrad" above "Rennradhelm",
 * "kocher" the (compound-expanded) "Campingkocher" above "Kochset" (both begin with the stem koch).
 */
function textRank(vector: SQL, config: TextConfig, s: NonNullable<ResolvedFilter['search']>): SQL {
  const cfg = sql.raw(`'${config}'`);
  return sql`ts_rank(${WEIGHTS}, ${vector}, to_tsquery(${cfg}, ${s.tsquery})) + ts_rank(${WEIGHTS}, ${vector}, to_tsquery(${cfg}, ${s.exact}))`;
}

/**
 * `nameSimilarity: 'ascii-in-js'`: for names of ASCII only the similarity term is 0 here and added
 * by the caller (trigram.ts, the same float4); the default-language rank with words only.
 */
export function rankExpression(f: ResolvedFilter, nameSimilarity: 'sql' | 'ascii-in-js' = 'sql'): SQL {
  if (!f.search) return sql`0::real`;
  const { text, tsquery, config } = f.search;
  const similarity =
    nameSimilarity === 'sql'
      ? sql`similarity(p.name, ${text})`
      : sql`(case when octet_length(p.name) = char_length(p.name) then 0::real else similarity(p.name, ${text}) end)`;
  const base = tsquery
    ? sql`(${textRank(sql`p.search`, 'english', f.search)} + ${categoryMatch('english', tsquery)} + ${similarity})`
    : sql`similarity(p.name, ${text})`;
  if (f.defaultLanguage) return base;
  const translated = tsquery
    ? sql`(${textRank(sql`t.search`, config, f.search)} + similarity(t.name, ${text}))`
    : sql`similarity(t.name, ${text})`;
  return sql`greatest(coalesce(${translated}, 0), ${base})`;
}

/**
 * The WHERE conditions on `products p`. `withPrice: false` leaves out the price filter (for
 * price_range); `exceptGroup` leaves out one attribute group's selection (for its facet counts).
 */
export function conditions(
  meta: CatalogMeta,
  f: ResolvedFilter,
  options: { withPrice?: boolean; withAttrs?: boolean; exceptGroup?: number } = {},
): SQL {
  const parts: SQL[] = [sql`p.active`];
  const search = searchCondition(f);
  if (search) parts.push(search);
  if (f.categoryIds) {
    const ids = withDescendants(meta, f.categoryIds);
    // products.category_ids mirrors product_categories (triggers, migration 0018): read on the rows
    // already fetched, or through its GIN index when no search narrows them, instead of hashing
    // every link of the categories (32 000 for Outdoor on the 100k bench) for a semi-join.
    parts.push(sql`p.category_ids && array[${list(ids)}]::int[]`);
  }
  if (f.isNew) parts.push(sql`p.is_new`);
  // Sale and price follow from the product's choices (migration 0022): any choice on sale, the
  // lowest price a choice sells for (what its card shows, "from" when they differ).
  if (f.sale) parts.push(sql`p.on_sale`);
  if (options.withPrice !== false) {
    if (f.minEur !== null) parts.push(sql`p.from_price_cents >= ${f.minEur}`);
    if (f.maxEur !== null) parts.push(sql`p.from_price_cents <= ${f.maxEur}`);
  }
  if (options.withAttrs !== false) {
    for (const [groupId, ids] of f.attrGroups) {
      if (groupId !== options.exceptGroup) parts.push(attrCondition(sql`p.attribute_ids`, ids));
    }
  }
  return sql.join(parts, sql` and `);
}

/** The translation join the rank needs for non-default languages. */
export function translationJoin(f: ResolvedFilter): SQL {
  return f.search && !f.defaultLanguage
    ? sql`left join product_translations t on t.product_id = p.id and t.language_id = ${f.languageId}`
    : sql``;
}
