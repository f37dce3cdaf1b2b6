/**
 * The write epoch (db/write-epoch.ts) on real in-memory PGlite databases of their own (the epoch is
 * PGlite's only: PostgreSQL has none, so these run on PGlite on both stages). Moved from the unit
 * layer: opening a PGlite takes seconds on a loaded machine (issue 27).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '@/server/db/client';
import { rememberWhileUnwritten, writeEpoch } from '@/server/db/write-epoch';
import { rowsOf } from '@/server/services/catalog/rows';

describe('write epoch on a real PGlite database', () => {
  it('stays while only reads run and moves on every write, inside transactions too', async () => {
    const database = await openDatabase({ engine: 'pglite' });
    try {
      const { db } = database;
      const start = writeEpoch(db)!;
      expect(start).not.toBeNull();
      await db.execute(sql`select 1`);
      expect(writeEpoch(db)).toBe(start);
      await db.execute(sql`create table t (n int)`);
      const afterCreate = writeEpoch(db)!;
      expect(afterCreate).toBeGreaterThan(start);
      await db.transaction(async (tx) => {
        await tx.execute(sql`insert into t values (1)`);
      });
      expect(writeEpoch(db)!).toBeGreaterThan(afterCreate);
    } finally {
      await database.close();
    }
  });
});

describe('rememberWhileUnwritten', () => {
  it('answers from memory until a write, then loads again; refuses what stillGood refuses', async () => {
    const database = await openDatabase({ engine: 'pglite' });
    try {
      const { db } = database;
      await db.execute(sql`create table n (v int)`);
      await db.execute(sql`insert into n values (1)`);
      let loads = 0;
      const load = async () => {
        loads++;
        const rows = rowsOf<{ s: number }>(await db.execute(sql`select sum(v)::int as s from n`));
        return rows[0]!.s;
      };
      const remember = rememberWhileUnwritten<number>({ maxEntries: 10, stillGood: (value) => value < 100 });
      expect(await remember(db, 'k', load)).toEqual({ value: 1, remembered: false });
      expect(await remember(db, 'k', load)).toEqual({ value: 1, remembered: true });
      expect(loads).toBe(1);
      await db.execute(sql`insert into n values (2)`);
      expect(await remember(db, 'k', load)).toEqual({ value: 3, remembered: false });
      await db.execute(sql`insert into n values (200)`);
      expect((await remember(db, 'k', load)).value).toBe(203);
      // 203 is refused by stillGood: loaded again, though nothing was written.
      expect(await remember(db, 'k', load)).toEqual({ value: 203, remembered: false });
      expect(loads).toBe(4);
    } finally {
      await database.close();
    }
  });
});
