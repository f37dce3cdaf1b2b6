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
