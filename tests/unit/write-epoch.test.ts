// The epoch on a real PGlite database: tests/integration/write-epoch.test.ts (a test that opens a
// database is an integration test: a loaded machine needs more than the unit layer's 5 s).
import { describe, expect, it } from 'vitest';
import { mayWrite } from '@/server/db/write-epoch';

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
