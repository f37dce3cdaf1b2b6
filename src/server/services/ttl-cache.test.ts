import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { ttlCache } from './ttl-cache';

const db = {} as Db;

/** Like a Drizzle query builder: nothing runs until awaited, and every await runs it again. */
function lazyQuery(counter: { runs: number }, value: string): PromiseLike<string> {
  return {
    then(onFulfilled, onRejected) {
      counter.runs++;
      return Promise.resolve(value).then(onFulfilled, onRejected);
    },
  };
}

describe('ttlCache', () => {
  it('runs a lazy query once and serves its result until the time limit', async () => {
    const cache = ttlCache<string, string>(1_000);
    const counter = { runs: 0 };
    const load = () => lazyQuery(counter, 'rows') as Promise<string>;
    expect(await cache.get(db, 'k', load, 0)).toBe('rows');
    expect(await cache.get(db, 'k', load, 500)).toBe('rows');
    expect(await cache.get(db, 'k', load, 999)).toBe('rows');
    expect(counter.runs).toBe(1);
    await cache.get(db, 'k', load, 1_000);
    expect(counter.runs).toBe(2);
  });

  it('forgets a failed load and everything after invalidate()', async () => {
    const cache = ttlCache<string, string>(60_000);
    await expect(cache.get(db, 'k', () => Promise.reject(new Error('down')), 0)).rejects.toThrow('down');
    expect(await cache.get(db, 'k', async () => 'up', 1)).toBe('up');
    cache.invalidate(db);
    expect(await cache.get(db, 'k', async () => 'again', 2)).toBe('again');
  });
});
