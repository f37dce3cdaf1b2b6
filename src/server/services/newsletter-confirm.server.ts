/**
 * Double opt-in for the newsletter (ADR 006): a signed link mailed to the address, like the
 * email-verification links (ADR 009): /api/newsletter/confirm/<id>?expires=&signature= where the
 * signature is an HMAC of the row id, the SHA-256 of the address and the expiry under the shop's
 * link key. Nothing secret is stored; a link only confirms the row whose address it was mailed to.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { newsletterSubscriptions } from '../db/schema/index';
import { config } from '../config';
import { getTranslator } from '../i18n/index';
import { sendMail } from '../mail/mailer';
import { renderNewsletterConfirmMail } from '../mail/templates';
import { hmacHex, safeEqual, sha256Hex } from './auth/crypto';
import { linkSigningKey } from './auth/secrets';
import { hitRateLimit } from './rate-limit';

export const NEWSLETTER_CONFIRM_TTL_DAYS = 7;
/**
 * Confirmation mails per address: asking again for an unconfirmed address resends, but a script
 * must not turn the form into a mail cannon aimed at one inbox. Over the limit nothing is sent
 * and the answer stays the same (it must not tell apart addresses either).
 */
export const NEWSLETTER_CONFIRM_MAIL_LIMIT = {
  name: 'newsletter-confirm-mail',
  limit: 3,
  windowSeconds: 3600,
} as const;

export type ConfirmOutcome = 'confirmed' | 'invalid';

function payload(id: number, email: string, expires: number): string {
  return `newsletter-confirm|${id}|${sha256Hex(email)}|${expires}`;
}

export async function confirmationUrl(db: Db, row: { id: number; email: string }, now = Date.now()): Promise<string> {
  const expires = Math.floor(now / 1000) + NEWSLETTER_CONFIRM_TTL_DAYS * 86_400;
  const signature = hmacHex(await linkSigningKey(db), payload(row.id, row.email, expires));
  return `${config().PUBLIC_URL}/api/newsletter/confirm/${row.id}?expires=${expires}&signature=${signature}`;
}

/** Checks the link and confirms the row; following a link twice confirms once and says so twice. */
export async function confirmSubscription(
  db: Db,
  input: { id: string; expires: string | undefined; signature: string | undefined },
  now = Date.now(),
): Promise<ConfirmOutcome> {
  const { id, expires, signature } = input;
  if (!/^\d{1,9}$/.test(id) || !/^\d{1,12}$/.test(expires ?? '') || !/^[0-9a-f]{64}$/.test(signature ?? ''))
    return 'invalid';
  if (Number(expires) * 1000 < now) return 'invalid';
  const [row] = await db
    .select({ email: newsletterSubscriptions.email })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.id, Number(id)))
    .limit(1);
  if (!row) return 'invalid';
  const expected = hmacHex(await linkSigningKey(db), payload(Number(id), row.email, Number(expires)));
  if (!safeEqual(expected, signature!)) return 'invalid';
  await db
    .update(newsletterSubscriptions)
    .set({ confirmedAt: sql`now()` })
    .where(and(eq(newsletterSubscriptions.id, Number(id)), isNull(newsletterSubscriptions.confirmedAt)));
  return 'confirmed';
}

/**
 * Mails the confirmation link in the shopper's language, within NEWSLETTER_CONFIRM_MAIL_LIMIT
 * (counted before sending, so parallel requests cannot exceed it). Returns whether it was sent.
 */
export async function sendConfirmationMail(
  db: Db,
  row: { id: number; email: string },
  language: string,
  log?: Logger,
): Promise<boolean> {
  const allowed = await hitRateLimit(db, NEWSLETTER_CONFIRM_MAIL_LIMIT, row.email);
  if (!allowed.allowed) {
    log?.warn({ subscriptionId: row.id }, 'newsletter confirmation not resent: limit reached');
    return false;
  }
  const mail = renderNewsletterConfirmMail({
    language,
    t: await getTranslator(db, language),
    url: await confirmationUrl(db, row),
    expiresDays: NEWSLETTER_CONFIRM_TTL_DAYS,
  });
  await sendMail(db, { to: row.email, ...mail });
  return true;
}
