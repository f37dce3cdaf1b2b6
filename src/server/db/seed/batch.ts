import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client';

// Large enough to keep round trips few on PGlite, small enough to stay far below the
// 65535 bind-parameter limit of the Postgres protocol for our widest rows.
const BATCH = 500;

export async function insertBatched<T extends PgTable>(db: Db, table: T, rows: T['$inferInsert'][]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db.insert(table).values(rows.slice(i, i + BATCH) as never);
  }
}

/** Inserts rows and returns the generated ids in the order of `rows`. */
export async function insertReturningIds<T extends PgTable & { id: unknown }>(
  db: Db,
  table: T,
  rows: T['$inferInsert'][],
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    const chunk = rows.slice(i, i + BATCH);
    // Postgres returns the rows of a multi-row VALUES insert in input order.
    const inserted = (await db
      .insert(table)
      .values(chunk as never)
      .returning({ id: (table as unknown as { id: never }).id })) as { id: number }[];
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}
