import { describe, expect, it } from 'vitest';
import { openDatabase } from '@/server/db/client';
import { mayWrite, rememberWhileUnwritten, writeEpoch } from '@/server/db/write-epoch';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/server/services/catalog/rows';

describe('write epoch (PGlite)', () => {
  it('counts anything but a plain SELECT as a possible write', () => {
    expect(mayWrite('select 1')).toBe(false);
    expect(mayWrite('  SELECT "id" from "sessions"')).toBe(false);
    expect(mayWrite('insert into "cart_items" values (1)')).toBe(true);
    expect(mayWrite('update "users" set "role" = $1')).toBe(true);
    expect(mayWrite('delete from "sessions" where "id" = $1')).toBe(true);
    expect(mayWrite('with moved as (update products set stock = 0 returning id) select * from moved')).toBe(true);
    expect(mayWrite('begin')).toBe(true);
  });
});

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
