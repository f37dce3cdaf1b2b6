/**
 * Keyset pages of the back-office lists (ADR 023 "Lists at scale", ADR 026): the condition and
 * order of one slice after or before a cursor, and the page made of a slice read one row long (the
 * extra row says whether another page lies that way). Orders and products share them.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Cursor } from './orders/orders-list';

export interface SortKey {
  /** The sorted column, e.g. o.created_at. */
  column: SQL;
  descending: boolean;
  /** A cursor's key as a value comparable with the column. */
  toValue: (key: number) => SQL;
}

/** `and (column, id) < (…)` and `desc`, or the other way round, for a slice after or before `edge`. */
export function keysetClause(sort: SortKey, idColumn: SQL, cursor: { after?: Cursor | null; before?: Cursor | null }) {
  const backwards = !cursor.after && !!cursor.before;
  const edge = cursor.after ?? cursor.before ?? null;
  // Reading forwards in a descending list means smaller keys, and so on.
  const smaller = sort.descending !== backwards;
  const where = edge
    ? smaller
      ? sql`and (${sort.column}, ${idColumn}) < (${sort.toValue(edge.key)}, ${edge.id})`
      : sql`and (${sort.column}, ${idColumn}) > (${sort.toValue(edge.key)}, ${edge.id})`
    : sql``;
  return { where, direction: smaller ? sql`desc` : sql`asc`, backwards };
}

export interface KeysetPage<R> {
  rows: R[];
  next: Cursor | null;
  previous: Cursor | null;
}

/** The page of a slice of up to pageSize + 1 rows in list order (a backwards slice already turned round). */
export function keysetPage<R extends { key: number; id: number }>(
  rows: R[],
  pageSize: number,
  cursor: { after: Cursor | null; before: Cursor | null },
): KeysetPage<R> {
  const backwards = !cursor.after && !!cursor.before;
  const more = rows.length > pageSize;
  const page = backwards ? rows.slice(rows.length - Math.min(rows.length, pageSize)) : rows.slice(0, pageSize);
  const first = page[0];
  const last = page.at(-1);
  const hasNext = backwards ? true : more;
  const hasPrevious = backwards ? more : !!cursor.after;
  return {
    rows: page,
    next: hasNext && last ? { key: last.key, id: last.id } : null,
    previous: hasPrevious && first ? { key: first.key, id: first.id } : null,
  };
}
