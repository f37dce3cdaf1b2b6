import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config';
import { READ_YOUR_WRITES_SECONDS, mayReadReplica, readPrimaryCookie } from './read-replica';

describe('which reads may go to the read replica', () => {
  it('reading requests outside the back office from browsers that changed nothing lately', () => {
    expect(mayReadReplica('GET', '/products/all/all', 'locale=en')).toBe(true);
    expect(mayReadReplica('HEAD', '/api/products/catalog', undefined)).toBe(true);
    expect(mayReadReplica('POST', '/api/cart/items', '')).toBe(false);
    expect(mayReadReplica('GET', '/admin/products', '')).toBe(false);
    expect(mayReadReplica('GET', '/api/admin/products', '')).toBe(false);
    expect(mayReadReplica('GET', '/products/all/all', 'a=1; read_primary=1')).toBe(false);
  });

  it('marks a changing browser for a few seconds, Secure over https', () => {
    expect(readPrimaryCookie(false)).toBe(
      `read_primary=1; Max-Age=${READ_YOUR_WRITES_SECONDS}; Path=/; HttpOnly; SameSite=Lax`,
    );
    expect(readPrimaryCookie(true).endsWith('; Secure')).toBe(true);
  });

  it("needs the primary's DATABASE_URL", () => {
    expect(() => parseConfig({ DATABASE_READ_URL: 'postgres://replica/shop' })).toThrow(
      /DATABASE_READ_URL.*needs DATABASE_URL/s,
    );
    expect(
      parseConfig({ DATABASE_URL: 'postgres://primary/shop', DATABASE_READ_URL: 'postgres://replica/shop' })
        .DATABASE_READ_URL,
    ).toBe('postgres://replica/shop');
  });
});
