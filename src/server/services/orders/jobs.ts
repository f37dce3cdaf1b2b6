import type { Db } from '../../db/client';
import { logger } from '../../logger';
import { type JobTarget, scheduleSharedJob } from '../shared-jobs.server';
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

export const ORDER_JOBS = 'order-jobs';

/**
 * Every minute in the background, once per interval across all instances on the database
 * (shared-jobs.server.ts); the timer does not keep the process alive.
 */
export function startOrderJobs(target: JobTarget, intervalMs = ORDER_JOBS_INTERVAL_MS): () => Promise<void> {
  return scheduleSharedJob(target, { name: ORDER_JOBS, intervalMs }, () => runOrderJobs(target.db));
}
