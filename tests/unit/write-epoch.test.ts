import { describe, expect, it } from 'vitest';
import { openDatabase } from '@/server/db/client';
import { mayWrite, writeEpoch } from '@/server/db/write-epoch';
import { sql } from 'drizzle-orm';

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
