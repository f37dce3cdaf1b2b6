/**
 * The migrations in drizzle/ against a database: which have run and which would (for
 * `npm run db:migrate -- --dry-run` and docs/upgrading.md). drizzle's migrator applies every
 * migration whose journal time is later than the last one recorded in
 * drizzle.__drizzle_migrations, all of them in one transaction: a failing statement leaves the
 * database exactly as it was (tests/integration/migrations.test.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './client';

export interface MigrationEntry {
  /** The file name without .sql, e.g. `0029_currency_prices`. */
  tag: string;
  /** The journal's timestamp (ms), which drizzle compares with the last applied one. */
  when: number;
}

export function journal(folder: string): MigrationEntry[] {
  const raw = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return raw.entries.map(({ tag, when }) => ({ tag, when }));
}

function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** The journal time of the last migration this database ran, or null for a new database. */
export async function lastAppliedAt(db: Db): Promise<number | null> {
  const [exists] = rowsOf<{ found: string | null }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as found`),
  );
  if (!exists?.found) return null;
  const [last] = rowsOf<{ created_at: string | number | null }>(
    await db.execute(sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`),
  );
  return last?.created_at == null ? null : Number(last.created_at);
}

/** The migrations `migrate()` would run now, in order. */
export async function pendingMigrations(db: Db, folder: string): Promise<MigrationEntry[]> {
  const last = await lastAppliedAt(db);
  return journal(folder).filter((entry) => last === null || entry.when > last);
}
