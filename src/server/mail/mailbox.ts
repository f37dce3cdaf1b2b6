import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { type Config, config } from '../config';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema/index';
import { inFlightSince } from './mailer';
import type { MessageKey, Translator } from '@/lib/translator';

/**
 * Reading the outbox: the development mailbox (/dev/mailbox, whole mails with live links: never
 * in production) and the back office's mail log (services/admin/settings/mail-log.server.ts, redacted).
 */

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type OutboxSummary = Omit<OutboxRow, 'html' | 'text' | 'attachments'>;
/**
 * sent: accepted by SMTP; kept: stored only (no SMTP_URL); sending: an attempt is under way;
 * failed: SMTP attempts failed so far.
 */
export type MailStatus = 'sent' | 'kept' | 'sending' | 'failed';

/** /dev/* answers 404 when NODE_ENV is production. */
export function mailboxEnabled(cfg: Pick<Config, 'NODE_ENV'> = config()): boolean {
  return cfg.NODE_ENV !== 'production';
}

export function mailStatus(row: Pick<OutboxRow, 'sentAt' | 'attempts' | 'lastError'>): MailStatus {
  if (row.sentAt) return 'sent';
  if (row.attempts === 0) return 'kept';
  return inFlightSince(row.lastError) ? 'sending' : 'failed';
}

export interface OutboxQuery {
  /** At most this many rows. */
  limit?: number;
  /** Part of the recipient's address (case-insensitive). */
  q?: string;
  /** Keyset paging: only rows older than this id. */
  before?: number | null;
}

/**
 * The outbox newest first (by id, which grows with the time of writing), for the development
 * mailbox and the back office's mail log: without the bodies.
 */
export async function listOutbox(db: Db, query: OutboxQuery = {}): Promise<OutboxSummary[]> {
  const q = query.q?.trim() ?? '';
  const pattern = `%${q.replaceAll(/[%_\\]/g, '\\$&')}%`;
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      language: mailOutbox.language,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
    })
    .from(mailOutbox)
    .where(
      and(
        q ? sql`${mailOutbox.to} ilike ${pattern}` : undefined,
        query.before ? lt(mailOutbox.id, query.before) : undefined,
      ),
    )
    .orderBy(desc(mailOutbox.id))
    .limit(query.limit ?? 200);
}

/** One mail by the id in the URL; null for anything that is not a stored mail's id. */
export async function getOutboxMail(db: Db, rawId: string | undefined): Promise<OutboxRow | null> {
  if (!rawId || !/^\d{1,9}$/.test(rawId)) return null;
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.id, Number(rawId)));
  return row ?? null;
}

function decodeEntities(value: string): string {
  return value
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(Number.parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The absolute http(s) links of a mail: href targets of the HTML, then URLs in the text; unique. */
export function extractLinks(html: string, text = ''): string[] {
  const links = new Set<string>();
  for (const match of html.matchAll(/\shref\s*=\s*("([^"]*)"|'([^']*)')/gi)) {
    const href = decodeEntities(match[2] ?? match[3] ?? '').trim();
    if (/^https?:\/\//i.test(href)) links.add(href);
  }
  for (const match of text.matchAll(/https?:\/\/[^\s<>"']+/gi)) links.add(match[0].replace(/[.,;:!?)]+$/, ''));
  return [...links];
}

/**
 * Policy for a stored mail's HTML shown inside the mailbox page: no script of any kind runs
 * (default-src 'none' also blocks inline handlers and javascript: links), nothing is fetched but
 * images, forms go nowhere, and only the shop itself may frame it. No `sandbox`: a frame without
 * scripting cannot be scanned by axe, and the policy alone already keeps the mail inert.
 */
export const MAIL_PREVIEW_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "frame-ancestors 'self'",
  "form-action 'none'",
  "base-uri 'none'",
].join('; ');

/** The mail's HTML with its links opening in the whole window, not inside the preview frame. */
export function mailPreviewHtml(html: string): string {
  const base = '<base target="_top">';
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + base + html.slice(head.index + head[0].length);
  return `<!doctype html><meta charset="utf-8">${base}${html}`;
}

/** Status line of a mail in the mailbox list. */
export function mailStatusText(row: Pick<OutboxRow, 'sentAt' | 'attempts' | 'lastError'>, t: Translator): string {
  const status = mailStatus(row);
  if (status === 'sending') return t('mailbox.status.sending', { attempt: row.attempts });
  if (status === 'failed') return t('mailbox.status.failed', { count: row.attempts });
  return t(`mailbox.status.${status}` satisfies MessageKey);
}

/** 2026-11-22 05:46:22 UTC */
export function formatMailTime(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
