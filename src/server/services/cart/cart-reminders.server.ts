/**
 * The reminder mail for carts left behind (issue 32, ADR 044). Off by default
 * (settings.cart_reminders). Each idle cart state (customer + newest line's updated_at) is
 * claimed by inserting its cart_reminders row (unique per state) before the mail is written, so
 * parallel job runs on any instance remind it once; a cart changed afterwards is a new state and
 * is reminded again only once it is idle again. A crash between the claim and the outbox loses
 * that one reminder rather than sending it twice. The mailed link opens /cart with the reminder's
 * id and an HMAC of it: it signs nobody in; it restores the reminded lines only into the
 * signed-in session of the same customer, and only when that cart has been emptied since.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { cartItems, cartReminders } from '@/server/db/schema/index';
import { formatCents } from '@/lib/money';
import { logger } from '@/server/logger';
import { sendMail } from '@/server/mail/mailer';
import { mailLocale, renderMailLayout } from '@/server/mail/templates';
import { shopUrl } from '@/server/mail/links';
import { linkSigningKey } from '@/server/services/auth/secrets';
import { hmacHex, safeEqual } from '@/server/services/auth/crypto';
import { transaction } from '@/server/services/transaction';
import { type JobTarget, scheduleSharedJob } from '../shared-jobs.server';
import { MAX_QUANTITY } from '@/lib/rules/quantity';
import { type IdleCart, abandonedCartSettings, cartValue, idleCarts } from './abandoned.server';
import { lockCart } from './cart.server';

export const CART_REMINDER_JOB = 'cart-reminders';
/** At most this many reminders per run; the next run takes the rest. */
const BATCH = 100;

async function signature(db: Db, reminderId: number, userId: number): Promise<string> {
  return hmacHex(await linkSigningKey(db), `cart-reminder:${reminderId}:${userId}`);
}

/** The /cart address (in the mail's language) that restores this reminder's lines. */
export async function reminderLink(db: Db, reminderId: number, userId: number, language: string): Promise<string> {
  const sig = await signature(db, reminderId, userId);
  return shopUrl(db, language, `/cart?reminder=${reminderId}&signature=${sig}`);
}

/** Claims the cart's current state and mails the reminder; false when another run had it. */
async function remind(db: Db, cart: IdleCart): Promise<boolean> {
  const { language, t } = await mailLocale(db, cart.languageId);
  const value = await cartValue(db, cart.userId, cart.languageId ?? 0);
  if (value.lines.length === 0) return false;
  const [claimed] = await db
    .insert(cartReminders)
    .values({
      userId: cart.userId,
      cartChangedAt: cart.changedAt,
      lines: value.lines.map(({ productId, variationId, count }) => ({ productId, variationId, count })),
      valueCents: value.valueCents,
      language,
    })
    .onConflictDoNothing()
    .returning({ id: cartReminders.id });
  if (!claimed) return false;
  const url = await reminderLink(db, claimed.id, cart.userId, language);
  const mail = renderMailLayout({
    language,
    t,
    subject: t('mail.cartReminder.subject'),
    heading: t('mail.cartReminder.heading'),
    name: cart.name,
    blocks: [
      {
        kind: 'paragraph',
        text: t('mail.cartReminder.intro', {
          count: value.units,
          amount: formatCents(value.valueCents, 'EUR', language),
        }),
      },
      { kind: 'paragraph', text: value.lines.map((l) => `${l.count} × ${l.name}`).join(', ') },
      { kind: 'action', label: t('mail.cartReminder.action'), url },
      { kind: 'note', text: t('mail.cartReminder.unsubscribe') },
    ],
  });
  await sendMail(db, { to: cart.email, ...mail });
  return true;
}

/** One pass: reminds every idle, consenting, not yet reminded cart state; returns how many mails went out. */
export async function sendCartReminders(db: Db, now: Date = new Date()): Promise<number> {
  const { hours, reminders } = await abandonedCartSettings(db);
  if (!reminders) return 0;
  const carts = await idleCarts(db, now, hours, { limit: BATCH, offset: 0 }, true);
  let sent = 0;
  for (const cart of carts) {
    try {
      if (await remind(db, cart)) sent++;
    } catch (error) {
      logger.error({ err: error, userId: cart.userId }, 'cart reminder failed');
    }
  }
  return sent;
}

/** Every jobs tick, once per interval across the instances (shared-jobs.server.ts). */
export function startCartReminders(target: JobTarget, intervalMs: number): () => Promise<void> {
  return scheduleSharedJob(target, { name: CART_REMINDER_JOB, intervalMs }, () => sendCartReminders(target.db));
}

export type RestoreOutcome = 'restored' | 'kept' | 'invalid';

/**
 * The mailed link on /cart: for the signed-in customer the reminder was sent to, with a valid
 * signature, puts the reminded lines back when the cart is empty ('restored'); a cart with lines
 * is left as it is ('kept'). Anything else ('invalid') changes nothing.
 */
export async function restoreRemindedCart(
  db: Db,
  userId: number,
  reminderId: number,
  sig: string,
): Promise<RestoreOutcome> {
  if (!Number.isSafeInteger(reminderId) || reminderId < 1) return 'invalid';
  const [reminder] = await db
    .select()
    .from(cartReminders)
    .where(and(eq(cartReminders.id, reminderId), eq(cartReminders.userId, userId)));
  if (!reminder || !safeEqual(await signature(db, reminderId, userId), sig)) return 'invalid';
  return transaction(db, async (tx) => {
    await lockCart(tx, userId);
    const [line] = await tx.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.userId, userId)).limit(1);
    if (line) return 'kept';
    for (const l of reminder.lines) {
      // Only what can still be bought goes back; the line cap holds.
      await tx.execute(sql`
        insert into cart_items (user_id, product_id, variation_id, count)
        select ${userId}::int, p.id, v.id, least(${l.count}::int, ${MAX_QUANTITY}::int)
        from products p left join variations v on v.id = ${l.variationId}::int and v.product_id = p.id
        where p.id = ${l.productId}::int and p.active
          and (${l.variationId}::int is null or (v.id is not null and v.active))
        on conflict do nothing`);
    }
    return 'restored';
  });
}
