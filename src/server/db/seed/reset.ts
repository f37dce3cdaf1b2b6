import { sql } from 'drizzle-orm';
import type { Db } from '../client';

/** Empties every table of the shop (not drizzle's migration journal, which lives in its own schema). */
export async function truncateAll(db: Db): Promise<void> {
  const result = await db.execute<{ name: string }>(
    sql`select quote_ident(tablename) as name from pg_tables where schemaname = current_schema() order by tablename`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: { name: string }[] }).rows) as { name: string }[];
  if (rows.length === 0) return;
  await db.execute(sql.raw(`truncate table ${rows.map((r) => r.name).join(', ')} restart identity cascade`));
}

export async function countRows(db: Db, tables: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of tables) {
    const result = await db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
    const rows = (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows) as { n: number }[];
    out[table] = Number(rows[0]?.n ?? 0);
  }
  return out;
}
