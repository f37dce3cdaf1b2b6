import type { Db } from '../../db/client';
import { logger } from '../../logger';
import { notifyShop, unnotifiedCharges } from '../../payments/demo-gateway.server';
import { expirePendingCardOrders } from './settlement.server';

export const ORDER_JOBS_INTERVAL_MS = 60_000;

/**
 * One pass of the order housekeeping: card orders unpaid for 30 minutes fail and release their
 * stock; gateway outcomes the shop never acknowledged are sent again (reconciliation).
 */
export async function runOrderJobs(db: Db): Promise<{ expired: number[]; renotified: number }> {
  let renotified = 0;
  for (const charge of await unnotifiedCharges(db)) {
    if (await notifyShop(db, charge, logger)) renotified++;
  }
  const expired = await expirePendingCardOrders(db);
  if (expired.length > 0) logger.info({ orders: expired }, 'expired unpaid card orders');
  return { expired, renotified };
}

/** Every minute in the background; the timer does not keep the process alive. */
export function startOrderJobs(db: Db, intervalMs = ORDER_JOBS_INTERVAL_MS): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = runOrderJobs(db)
      .catch((error: unknown) => logger.error({ err: error }, 'order jobs failed'))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
