/**
 * The one order-number scheme (checkout, top-ups, the demo seed): the date for people, six random
 * digits against guessing, an optional prefix for kinds other than purchases ("TU-").
 */
import { randomInt } from 'node:crypto';
import { errorChain } from '@/server/db/error-chain';

/** e.g. 261122-482913. */
export function newOrderNr(prefix = '', now = new Date()): string {
  const date = now.toISOString().slice(2, 10).replaceAll('-', '');
  return `${prefix}${date}-${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** The unique index refused an order number another order already has (drizzle wraps the pg error). */
export function isOrderNrTaken(error: unknown): boolean {
  for (const e of errorChain(error)) if (e.code === '23505' && e.constraint === 'orders_order_nr_unique') return true;
  return false;
}

/**
 * Runs a transaction that inserts an order under a fresh random number, and again under a new
 * one when the number was taken: six random digits a day collide for about one pair in every
 * 1 400 orders of a day (the load bench met three, answered 500 before this).
 */
export async function withFreshOrderNr<T>(
  prefix: string,
  attempt: (orderNr: string) => Promise<T>,
  tries = 5,
): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt(newOrderNr(prefix));
    } catch (error) {
      if (i >= tries || !isOrderNrTaken(error)) throw error;
    }
  }
}
