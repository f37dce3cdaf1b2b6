/**
 * The back office's mail log (issue 25, permission `settings`): what the shop mailed, from the
 * outbox (ADR 008), with every secret hidden from the text (mail/redact.ts), and "Resend", which
 * queues a copy of the stored mail to the same recipient (audited).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { mailOutbox } from '@/server/db/schema/index';
import { listOutbox, mailStatus, type MailStatus, type OutboxSummary } from '@/server/mail/mailbox';
import { inFlightSince, sendMail } from '@/server/mail/mailer';
import { redactMailText } from '@/server/mail/redact';
import { NotFoundError } from '@/server/services/errors';
import { localized } from '@/server/services/localized';
import { type Editor, recordChange } from '../audit';

export const MAIL_LOG_PAGE_SIZE = 50;
const MAIL_NOT_FOUND = localized('admin.api.mailNotFound');

export interface MailLogRow {
  id: number;
  to: string;
  subject: string;
  language: string | null;
  created_at: string;
  sent_at: string | null;
  status: MailStatus;
  attempts: number;
  /** Why the last attempt failed; null when it did not (or one is under way). */
  last_error: string | null;
}

export interface MailLogEntry extends MailLogRow {
  /** The plain-text part, secrets hidden. */
  text: string;
}

function toRow(row: OutboxSummary): MailLogRow {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    language: row.language,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    status: mailStatus(row),
    attempts: row.attempts,
    last_error: inFlightSince(row.lastError) ? null : row.lastError,
  };
}

/** Newest first, MAIL_LOG_PAGE_SIZE a page, keyset on the id; `q` is part of the recipient's address. */
export async function listMailLog(
  db: Db,
  q: string,
  before: number | null,
): Promise<{ items: MailLogRow[]; next_before: number | null }> {
  const rows = await listOutbox(db, { q, before, limit: MAIL_LOG_PAGE_SIZE + 1 });
  const items = rows.slice(0, MAIL_LOG_PAGE_SIZE).map(toRow);
  return { items, next_before: rows.length > MAIL_LOG_PAGE_SIZE ? items.at(-1)!.id : null };
}

export async function getMailLogEntry(db: Db, id: number): Promise<MailLogEntry> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw new NotFoundError(MAIL_NOT_FOUND);
  return { ...toRow(row), text: redactMailText(row.text) };
}

/**
 * Queues a copy of a stored mail (same recipient, subject, language, HTML and text: a reset link
 * in it is the one first mailed, valid as long as that one is) and sends it now when SMTP is set.
 * Audited with the original's id; the copy is a new outbox row with its own delivery.
 */
export async function resendMail(db: Db, by: Editor, id: number): Promise<MailLogRow> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw new NotFoundError(MAIL_NOT_FOUND);
  const sent = await sendMail(db, {
    to: row.to,
    subject: row.subject,
    html: row.html,
    text: row.text,
    language: row.language,
  });
  await recordChange(db, by, 'mail', row.id, 'resend', `${row.to}: copy #${sent.id}`);
  const [copy] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, sent.id));
  return toRow(copy!);
}
