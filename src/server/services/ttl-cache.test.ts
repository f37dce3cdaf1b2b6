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
  it('runs a lazy query once and serves its result until the time limit has passed', async () => {
    const clock = { time: 10_000, now: () => clock.time };
    const cache = ttlCache<string, string>(1_000, clock);
    const counter = { runs: 0 };
    const load = () => lazyQuery(counter, 'rows');
    expect(await cache.get(db, 'k', load)).toBe('rows');
    clock.time = 10_500;
    expect(await cache.get(db, 'k', load)).toBe('rows');
    clock.time = 11_000;
    expect(await cache.get(db, 'k', load)).toBe('rows');
    expect(counter.runs).toBe(1);
    clock.time = 11_001;
    await cache.get(db, 'k', load);
    expect(counter.runs).toBe(2);
  });

  it('shares one load between concurrent readers, and keeps databases apart', async () => {
    const cache = ttlCache<string, string>(60_000);
    const counter = { runs: 0 };
    const load = () => lazyQuery(counter, 'rows');
    expect(await Promise.all([cache.get(db, 'k', load), cache.get(db, 'k', load)])).toEqual(['rows', 'rows']);
    expect(counter.runs).toBe(1);
    expect(await cache.get({} as Db, 'k', async () => 'other')).toBe('other');
  });

  it('forgets a failed load and everything after invalidate()', async () => {
    const cache = ttlCache<string, string>(60_000);
    await expect(cache.get(db, 'k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get(db, 'k', async () => 'up')).toBe('up');
    expect(await cache.get(db, 'k', async () => 'stale')).toBe('up');
    cache.invalidate(db);
    expect(await cache.get(db, 'k', async () => 'again')).toBe('again');
  });
});
