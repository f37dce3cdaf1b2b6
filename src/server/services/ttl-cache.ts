import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client';

/** Keys per database: languages and a few slugs; the bound only guards against a runaway key. */
const MAX_KEYS = 1_000;

/**
 * A small per-database, per-key memo with a time limit (lru-cache), for data every page reads and
 * editors change rarely (footer pages...). Edits made through this process call invalidate(); the
 * time limit bounds how long another instance on the same PostgreSQL shows the old value.
 * Concurrent readers share one load, and a failed load is not kept. `clock` is for tests.
 */
// lru-cache keeps any value but null and undefined (its own K, V extends {}).
export function ttlCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  maxAgeMs: number,
  clock?: { now(): number },
) {
  type Load = () => PromiseLike<V>;
  const byDb = new Map<Db, LRUCache<K, V, Load>>();
  const cacheOf = (db: Db) => {
    let entries = byDb.get(db);
    if (!entries) {
      entries = new LRUCache<K, V, Load>({
        max: MAX_KEYS,
        ttl: maxAgeMs,
        ttlResolution: 0,
        ...(clock ? { perf: clock } : {}),
        // Promise.resolve runs a lazy thenable (a Drizzle query builder runs on every await) once,
        // so the cache keeps the result and not the query.
        fetchMethod: (_key, _stale, { context }) => Promise.resolve(context()),
      });
      byDb.set(db, entries);
    }
    return entries;
  };
  return {
    async get(db: Db, key: K, load: Load): Promise<V> {
      return (await cacheOf(db).fetch(key, { context: load })) as V;
    },
    invalidate(db?: Db): void {
      if (db) byDb.delete(db);
      else byDb.clear();
    },
  };
}
