import type { Db } from '@/server/db/client';
import { config } from '@/server/config';
import { logger } from '@/server/logger';
import { type JobTarget, scheduleSharedJob } from '../shared-jobs.server';
import { notifyShop, unnotifiedCharges } from '@/server/payments/demo-gateway.server';
import { closeExpiredSessions } from '@/server/payments/card-gateway.server';
import { sendPhoneOrderExpired } from './expiry-mail';
import { expirePendingCardOrders, expirePendingPhoneOrders } from './settlement.server';
import { anonymiseExpiredOrders } from '../gdpr/erase.server';

export const ORDER_JOBS_INTERVAL_MS = 60_000;

/**
 * One pass of the order housekeeping: card orders unpaid for 30 minutes fail, release their stock
 * and put their lines back in the cart; phone orders unpaid for PHONE_ORDER_EXPIRY_HOURS fail,
 * release their stock and their customers are told by mail; gateway outcomes the shop never
 * acknowledged are sent again (reconciliation); erased customers' orders past their retention
 * period are anonymised.
 */
export async function runOrderJobs(
  db: Db,
  now: Date = new Date(),
): Promise<{ expired: number[]; expiredPhone: number[]; renotified: number }> {
  let renotified = 0;
  for (const charge of await unnotifiedCharges(db)) {
    if (await notifyShop(db, charge, logger)) renotified++;
  }
  const expired = await expirePendingCardOrders(db, now);
  if (expired.length > 0) logger.info({ orders: expired }, 'expired unpaid card orders');
  // Stripe's hosted pages of those orders close too (ADR 024).
  await closeExpiredSessions(db, expired, logger);
  const hours = config().PHONE_ORDER_EXPIRY_HOURS;
  const expiredPhone = await expirePendingPhoneOrders(db, hours, now);
  if (expiredPhone.length > 0) logger.info({ orders: expiredPhone }, 'expired unpaid phone orders');
  for (const id of expiredPhone) await sendPhoneOrderExpired(db, id, hours, logger);
  // Erased customers' paid orders whose tax retention period is over (GDPR, issue 31).
  const anonymised = await anonymiseExpiredOrders(db, now);
  if (anonymised.length > 0) logger.info({ orders: anonymised }, 'anonymised orders past their retention period');
  return { expired, expiredPhone, renotified };
}

export const ORDER_JOBS = 'order-jobs';

/**
 * Every minute in the background, once per interval across all instances on the database
 * (shared-jobs.server.ts); the timer does not keep the process alive.
 */
export function startOrderJobs(target: JobTarget, intervalMs = ORDER_JOBS_INTERVAL_MS): () => Promise<void> {
  return scheduleSharedJob(target, { name: ORDER_JOBS, intervalMs }, () => runOrderJobs(target.db));
}
