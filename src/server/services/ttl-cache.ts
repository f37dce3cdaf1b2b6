import type { Db } from '../db/client';

/**
 * A small per-database, per-key memo with a time limit, for data every page reads and editors
 * change rarely (footer pages...). Edits made through this process call invalidate(); the time
 * limit bounds how long another instance on the same PostgreSQL shows the old value. A failed
 * load is not kept.
 */
export function ttlCache<K, V>(maxAgeMs: number) {
  const byDb = new Map<Db, Map<K, { promise: Promise<V>; loadedAt: number }>>();
  return {
    get(db: Db, key: K, load: () => Promise<V>, now: number = Date.now()): Promise<V> {
      let entries = byDb.get(db);
      if (!entries) byDb.set(db, (entries = new Map()));
      const cached = entries.get(key);
      if (cached && now - cached.loadedAt < maxAgeMs) return cached.promise;
      // Promise.resolve runs a lazy thenable (a Drizzle query builder runs on every await) once,
      // so the cache keeps the result and not the query.
      const fresh = { promise: Promise.resolve(load()), loadedAt: now };
      entries.set(key, fresh);
      fresh.promise.catch(() => {
        if (entries.get(key) === fresh) entries.delete(key);
      });
      return fresh.promise;
    },
    invalidate(db?: Db): void {
      if (db) byDb.delete(db);
      else byDb.clear();
    },
  };
}
