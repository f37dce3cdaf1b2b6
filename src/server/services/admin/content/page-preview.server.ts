/**
 * Shareable preview links of pages (ADR 027): `/static-page/{slug}?preview={token}` shows the page
 * as it is now, published or not, to anyone holding the link until it expires, never cached and
 * marked noindex. The token is the page id, the expiry and an HMAC of both with the shop's link
 * key (the one mailed links use), so it needs no table and cannot be altered.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '@/server/db/client';
import { linkSigningKey } from '@/server/services/auth/secrets';

const sign = (key: string, pageId: number, expires: number) =>
  createHmac('sha256', key).update(`page-preview:${pageId}:${expires}`).digest('base64url');

export async function previewToken(db: Db, pageId: number, expiresAt: Date): Promise<string> {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${pageId}.${expires}.${sign(await linkSigningKey(db), pageId, expires)}`;
}

/** The page id a token opens, or null for a forged, altered or expired one. */
export async function previewedPage(db: Db, token: string | null, now: Date = new Date()): Promise<number | null> {
  const match = /^(\d{1,9})\.(\d{1,12})\.([\w-]{43})$/.exec(token ?? '');
  if (!match) return null;
  const pageId = Number(match[1]);
  const expires = Number(match[2]);
  if (expires * 1000 < now.getTime()) return null;
  const expected = Buffer.from(sign(await linkSigningKey(db), pageId, expires));
  const given = Buffer.from(match[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? pageId : null;
}
