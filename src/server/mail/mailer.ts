import { and, asc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { config } from '../config';
import type { Db } from '../db/client';
import { mailOutbox, settings } from '../db/schema/index';
import { logger } from '../logger';
import { type JobTarget, scheduleSharedJob } from '../services/shared-jobs.server';
import { type MailMessage, type Mailer, createMailer } from './transport';

/**
 * Mail goes through the `mail_outbox` table (docs/decisions/008-mail-outbox.md):
 *   - without SMTP_URL the row IS the delivery (read it at /dev/mailbox); attempts stays 0;
 *   - with SMTP_URL the row records the first attempt (attempts = 1) and is marked sent, or keeps
 *     last_error and is tried again by retryUnsentMail() until MAX_MAIL_ATTEMPTS.
 * While an attempt is under way, last_error holds "in flight since <ISO time>": no other retry
 * (in this or another instance) takes the row then, unless that attempt is long dead.
 */
export const MAX_MAIL_ATTEMPTS = 5;
/** How often the server's timer looks for mail to retry. */
export const MAIL_RETRY_INTERVAL_MS = 60_000;
/** Attempt n+1 is due this long after the mail was created: 1, 2, 4, 8 minutes. */
const RETRY_BASE_MS = 60_000;
/** An attempt still "in flight" after this long died with its process (SMTP limits are < 1 min). */
const STALE_IN_FLIGHT_MS = 5 * 60_000;
const IN_FLIGHT = 'in flight since ';
const SUBJECT_MAX = 255;
const ERROR_MAX = 1000;

export interface SendMailOptions {
  /** Overrides the mailer built from config(); `null` keeps the mail in the outbox only. */
  mailer?: Mailer | null;
}

export interface SendMailResult {
  /** The mail_outbox row. */
  id: number;
  /** true when the SMTP server accepted it; false when it is kept (no SMTP_URL, or failed). */
  sent: boolean;
  /** Why the SMTP attempt failed, when it did. */
  error: string | null;
}

/** The mailer for SMTP_URL/MAIL_FROM, or null when SMTP_URL is unset (outbox only). */
export function defaultMailer(): Mailer | null {
  const { SMTP_URL, MAIL_FROM } = config();
  return SMTP_URL ? createMailer({ smtpUrl: SMTP_URL, from: MAIL_FROM }) : null;
}

function pickMailer(options: SendMailOptions): Mailer | null {
  return options.mailer === undefined ? defaultMailer() : options.mailer;
}

/** One line, within the column's length: a subject never carries header breaks. */
function cleanSubject(subject: string): string {
  return subject
    .replace(/[\r\n]+/g, ' ')
    .trim()
    .slice(0, SUBJECT_MAX);
}

/** The last_error value of a row whose attempt started at `at`. */
function inFlightMarker(at: Date): string {
  return `${IN_FLIGHT}${at.toISOString()}`;
}

/** When the attempt under way started, or null when none is (or last_error is a real error). */
export function inFlightSince(lastError: string | null): Date | null {
  if (!lastError?.startsWith(IN_FLIGHT)) return null;
  const at = new Date(lastError.slice(IN_FLIGHT.length));
  return Number.isNaN(at.getTime()) ? null : at;
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message || 'unknown error').slice(0, ERROR_MAX);
}

/**
 * The owner's shop name; '' while unset. Read here rather than through the request context's
 * cache: this module is loaded by tools (the e2e mailbox) that cannot load the message files.
 */
async function shopName(db: Db): Promise<string> {
  try {
    const [row] = await db.select({ name: settings.shopName }).from(settings).where(eq(settings.id, 1));
    return row?.name ?? '';
  } catch {
    // The mail still goes out, under MAIL_FROM alone.
    return '';
  }
}

/** Sends one stored row; records the outcome. Never throws for an SMTP failure. */
async function deliver(db: Db, id: number, message: MailMessage, mailer: Mailer): Promise<SendMailResult> {
  try {
    await mailer.send(message, await shopName(db));
  } catch (error) {
    const reason = describe(error);
    await db.update(mailOutbox).set({ lastError: reason }).where(eq(mailOutbox.id, id));
    logger.warn({ mailId: id, err: reason }, 'mail could not be sent; kept in the outbox for a retry');
    return { id, sent: false, error: reason };
  }
  await db.update(mailOutbox).set({ sentAt: new Date(), lastError: null }).where(eq(mailOutbox.id, id));
  return { id, sent: true, error: null };
}

/**
 * Stores the mail in the outbox and, when SMTP is configured, sends it. An SMTP failure is
 * recorded on the row (and retried later), never thrown: a lost mail must not fail the request
 * that caused it. Database errors are thrown.
 */
export async function sendMail(db: Db, message: MailMessage, options: SendMailOptions = {}): Promise<SendMailResult> {
  const mailer = pickMailer(options);
  const mail = {
    ...message,
    to: message.to.trim(),
    subject: cleanSubject(message.subject),
    language: message.language?.slice(0, 8) ?? null,
  };
  const attachments = (message.attachments ?? []).map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    base64: a.content.toString('base64'),
  }));
  const [row] = await db
    .insert(mailOutbox)
    .values({ ...mail, attachments, attempts: mailer ? 1 : 0, lastError: mailer ? inFlightMarker(new Date()) : null })
    .returning({ id: mailOutbox.id });
  const id = row!.id;
  if (!mailer) return { id, sent: false, error: null };
  return deliver(db, id, mail, mailer);
}

/**
 * Whether a mail whose SMTP attempts failed so far is due for its next one at `now`: 1, 2, 4, 8
 * minutes after it was written. One in flight is not, unless that attempt is stale.
 */
export function retryDue(
  row: { createdAt: Date; attempts: number; lastError: string | null },
  now: Date = new Date(),
): boolean {
  if (row.attempts < 1 || row.attempts >= MAX_MAIL_ATTEMPTS) return false;
  const since = inFlightSince(row.lastError);
  if (since) return now.getTime() - since.getTime() >= STALE_IN_FLIGHT_MS;
  return now.getTime() - row.createdAt.getTime() >= RETRY_BASE_MS * 2 ** (row.attempts - 1);
}

export interface RetryOptions extends SendMailOptions {
  /** The clock (tests move it forward instead of waiting minutes). */
  now?: Date;
  /** At most this many mails per run. */
  limit?: number;
}

/**
 * Tries again the mails whose SMTP attempt failed and that are due (see retryDue). Each row is
 * claimed by bumping `attempts` and marking it in flight only if it is unchanged since it was
 * read, so several shop instances sharing one PostgreSQL never send the same mail twice. Rows
 * kept without SMTP (attempts 0) are not sent later. Returns how many were sent and how many
 * failed again.
 */
export async function retryUnsentMail(db: Db, options: RetryOptions = {}): Promise<{ sent: number; failed: number }> {
  const mailer = pickMailer(options);
  const result = { sent: 0, failed: 0 };
  if (!mailer) return result;
  const now = options.now ?? new Date();
  const candidates = await db
    .select()
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), gte(mailOutbox.attempts, 1), lt(mailOutbox.attempts, MAX_MAIL_ATTEMPTS)))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id))
    .limit(options.limit ?? 50);
  for (const row of candidates) {
    if (!retryDue(row, now)) continue;
    const claimed = await db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, lastError: inFlightMarker(now) })
      .where(
        and(
          eq(mailOutbox.id, row.id),
          eq(mailOutbox.attempts, row.attempts),
          row.lastError === null ? isNull(mailOutbox.lastError) : eq(mailOutbox.lastError, row.lastError),
          isNull(mailOutbox.sentAt),
        ),
      )
      .returning({ id: mailOutbox.id });
    if (claimed.length === 0) continue;
    const attachments = row.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: Buffer.from(a.base64, 'base64'),
    }));
    const outcome = await deliver(db, row.id, { ...row, attachments }, mailer);
    if (outcome.sent) result.sent++;
    else result.failed++;
  }
  return result;
}

export interface MailRetryOptions extends SendMailOptions {
  intervalMs?: number;
}

export const MAIL_RETRY_JOB = 'mail-retry';

/**
 * Runs retryUnsentMail every minute, once per interval across all instances on the database
 * (shared-jobs.server.ts), for as long as the server runs. A no-op without SMTP. The timer does
 * not keep the process alive; the returned function stops it and resolves once a run in progress
 * has finished.
 */
export function startMailRetry(target: JobTarget, options: MailRetryOptions = {}): () => Promise<void> {
  const mailer = pickMailer(options);
  if (!mailer) return async () => {};
  const job = { name: MAIL_RETRY_JOB, intervalMs: options.intervalMs ?? MAIL_RETRY_INTERVAL_MS };
  return scheduleSharedJob(target, job, async () => {
    const { sent, failed } = await retryUnsentMail(target.db, { mailer });
    if (sent || failed) logger.info({ sent, failed }, 'mail retry');
  });
}
