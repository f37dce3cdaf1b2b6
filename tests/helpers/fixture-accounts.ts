import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { mailOutbox, settings } from '@/server/db/schema/index';
import { invalidateShopBasics } from '@/server/services/request-context';
import { type ContentFixture, seedContentFixture } from './fixture-content';

/** The content fixture (en/de/fr, EUR/USD/GBP, NL/AT/DE) with registration switched on. */
export async function seedAccountsFixture(db: Db): Promise<ContentFixture> {
  const fx = await seedContentFixture(db);
  await setRegistration(db, true);
  return fx;
}

export async function setRegistration(db: Db, enabled: boolean): Promise<void> {
  await db.update(settings).set({ isRegEnabled: enabled }).where(eq(settings.id, 1));
  invalidateShopBasics(db);
}

/** The newest outbox mail to an address (mail without SMTP_URL stays in the outbox). */
export async function lastMailTo(db: Db, to: string) {
  const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  return rows.sort((a, b) => b.id - a.id)[0] ?? null;
}

/** The first absolute link in a mail's text that contains `part`. */
export function linkIn(text: string, part: string): string {
  const link = text.match(/https?:\/\/[^\s<>"]+/g)?.find((l) => l.includes(part));
  if (!link) throw new Error(`no link containing ${part} in:\n${text}`);
  return link;
}
