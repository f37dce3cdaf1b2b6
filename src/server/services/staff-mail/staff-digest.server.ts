/**
 * The staff's daily digest (issue 31): the day's paid orders and their sum, phone orders waiting
 * for payment, open returns and choices below their low-stock threshold, to the staff address
 * unless the owner switched it off (settings.staff_digest). Once a day across all instances
 * (shared-jobs.server.ts: the job's run is claimed for a day), checked at every jobs tick.
 */
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '@/server/db/client';
import { logger } from '@/server/logger';
import { orders, products, returns } from '@/server/db/schema/index';
import { formatCents } from '@/lib/money';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '@/lib/rules/stock-level';
import { type JobTarget, runSharedJob } from '../shared-jobs.server';
import { sendStaffMail } from './staff-mails.server';

export const STAFF_DIGEST_JOB = 'staff-digest';
const DAY_MS = 86_400_000;

export interface DigestFacts {
  paidCount: number;
  paidCents: number;
  phoneWaiting: number;
  openReturns: number;
  lowStock: number;
}

/** What happened in the 24 hours before `now`, and what waits. */
export async function digestFacts(db: Db, now: Date): Promise<DigestFacts> {
  const since = new Date(now.getTime() - DAY_MS);
  const [paid] = await db
    .select({ count: sql<number>`count(*)::int`, cents: sql<number>`coalesce(sum(${orders.finalCents}), 0)::int` })
    .from(orders)
    .where(and(eq(orders.kind, 'purchase'), gte(orders.paidAt, since), lt(orders.paidAt, now)));
  const [phone] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.status, 'Pending'), eq(orders.paymentMethod, 'phone')));
  const [open] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(returns)
    .where(inArray(returns.status, ['requested', 'received']));
  const [low] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(products)
    .where(
      and(
        eq(products.active, true),
        sql`${products.stock} < coalesce(${products.lowStockThreshold}, (select s.low_stock_threshold from settings s where s.id = 1), ${DEFAULT_LOW_STOCK_THRESHOLD})`,
      ),
    );
  return {
    paidCount: Number(paid?.count ?? 0),
    paidCents: Number(paid?.cents ?? 0),
    phoneWaiting: Number(phone?.count ?? 0),
    openReturns: Number(open?.count ?? 0),
    lowStock: Number(low?.count ?? 0),
  };
}

/** Sends the digest now (when an address is set and the digest is on); true when it went out. */
export async function sendStaffDigest(db: Db, now: Date = new Date(), log: Logger = logger): Promise<boolean> {
  return sendStaffMail(
    db,
    async ({ t, language, digest }) => {
      if (!digest) return null;
      const f = await digestFacts(db, now);
      const date = now.toISOString().slice(0, 10);
      return {
        subject: t('admin.staffMail.digest.subject', { date }),
        heading: t('admin.staffMail.digest.heading', { date }),
        blocks: [
          {
            kind: 'paragraph',
            text: t('admin.staffMail.digest.paid', {
              count: f.paidCount,
              amount: formatCents(f.paidCents, 'EUR', language),
            }),
          },
          { kind: 'paragraph', text: t('admin.staffMail.digest.phone', { count: f.phoneWaiting }) },
          { kind: 'paragraph', text: t('admin.staffMail.digest.returns', { count: f.openReturns }) },
          { kind: 'paragraph', text: t('admin.staffMail.digest.lowStock', { count: f.lowStock }) },
        ],
      };
    },
    { log, what: 'staff digest failed' },
  );
}

/** Checks every `tickMs` whether a day has passed since the last digest (on any instance). */
export function startStaffDigest(target: JobTarget, tickMs: number): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = runSharedJob(target, { name: STAFF_DIGEST_JOB, intervalMs: DAY_MS }, () => sendStaffDigest(target.db))
      .catch((error: unknown) => logger.error({ err: error, job: STAFF_DIGEST_JOB }, 'background job failed'))
      .finally(() => {
        running = null;
      });
  }, tickMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
