/**
 * PGlite only: a counter of the statements that may change data, bumped before each one runs.
 * An embedded database has one process writing to it, so a result read at epoch n is still exact
 * while the epoch is n: no write can have happened anywhere else. PostgreSQL has none (other
 * instances write too), and there every lookup goes to the database.
 *
 * Kept on the Db object under a global symbol: the start script and the Astro bundle each carry a
 * copy of this module and must see one counter.
 */
import type { Db } from './client';

const EPOCH = Symbol.for('gear-shop.writeEpoch');

interface Counter {
  value: number;
}

/** Conservative: anything but a plain SELECT counts (a CTE, DDL, a transaction's BEGIN…). */
export function mayWrite(statement: string): boolean {
  return !/^\s*select\b/i.test(statement);
}

/** The drizzle logger that counts; attach the counter to the db with `attachWriteEpoch`. */
export function writeCounter(): { counter: Counter; logger: { logQuery(query: string): void } } {
  const counter: Counter = { value: 0 };
  return {
    counter,
    logger: {
      logQuery(query: string) {
        if (mayWrite(query)) counter.value++;
      },
    },
  };
}

export function attachWriteEpoch(db: Db, counter: Counter): void {
  Object.defineProperty(db, EPOCH, { value: counter, enumerable: false });
}

/** The current epoch, or null when the database is shared with other writers (PostgreSQL). */
export function writeEpoch(db: Db): number | null {
  const counter = (db as unknown as Record<symbol, Counter | undefined>)[EPOCH];
  return counter ? counter.value : null;
}

interface Entry<T> {
  db: Db;
  epoch: number;
  storedAt: number;
  value: T;
}

/**
 * Remembers answers by key while the database's write epoch stays (PGlite); on PostgreSQL `load`
 * runs every time. `stillGood` refuses an entry for reasons of time (an expiry). The epoch is read
 * before `load`, so a write while it runs leaves the entry stale at once. At most `maxEntries`
 * (the oldest go first), and none older than a minute.
 */
export function rememberWhileUnwritten<T>(options: {
  maxEntries: number;
  stillGood?: (value: T, now: number) => boolean;
}) {
  const entries = new Map<string, Entry<T>>();
  return async (db: Db, key: string, load: () => Promise<T>): Promise<{ value: T; remembered: boolean }> => {
    const epoch = writeEpoch(db);
    if (epoch === null) return { value: await load(), remembered: false };
    const now = Date.now();
    const entry = entries.get(key);
    if (
      entry &&
      entry.db === db &&
      entry.epoch === epoch &&
      now - entry.storedAt < 60_000 &&
      (options.stillGood?.(entry.value, now) ?? true)
    ) {
      return { value: entry.value, remembered: true };
    }
    const value = await load();
    entries.delete(key);
    entries.set(key, { db, epoch, storedAt: now, value });
    if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
    return { value, remembered: false };
  };
}
