/**
 * Carts left behind (issue 32, ADR 044): a signed-in customer's cart whose newest line was last
 * changed longer ago than settings.abandoned_cart_hours. The back office lists them; with
 * settings.cart_reminders on, the jobs runner mails each idle cart state once to customers who
 * confirmed the newsletter (marketing consent), and counts the reminded carts that became a paid
 * order within RECOVERY_DAYS.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { rowsOf } from '../catalog/rows';
import { cartReminders, languages, settings } from '@/server/db/schema/index';
import { loadCartRows } from './cart.server';

export const DEFAULT_ABANDONED_CART_HOURS = 24;
/** A reminded cart that became a paid order within this many days of the mail came back. */
export const RECOVERY_DAYS = 7;
export const ABANDONED_PAGE_SIZE = 50;

export interface AbandonedCartSettings {
  hours: number;
  reminders: boolean;
}

export async function abandonedCartSettings(db: Db): Promise<AbandonedCartSettings> {
  const [row] = await db
    .select({ hours: settings.abandonedCartHours, reminders: settings.cartReminders })
    .from(settings)
    .where(eq(settings.id, 1));
  return { hours: row?.hours ?? DEFAULT_ABANDONED_CART_HOURS, reminders: row?.reminders ?? false };
}

export interface IdleCart {
  userId: number;
  name: string;
  email: string;
  languageId: number | null;
  changedAt: Date;
  lines: number;
}

/** Carts untouched since before `now - hours`, oldest change first, one page (offset paging). */
async function idleCarts(
  db: Db,
  now: Date,
  hours: number,
  page: { limit: number; offset: number },
  consentOnly = false,
) {
  const cutoff = new Date(now.getTime() - hours * 3_600_000);
  const consent = consentOnly
    ? sql`and exists (select 1 from newsletter_subscriptions n
        where lower(n.email) = lower(u.email) and n.confirmed_at is not null)`
    : sql``;
  const rows = rowsOf<{
    user_id: number;
    name: string;
    surname: string;
    email: string;
    language_id: number | null;
    changed_at: string | Date;
    lines: number;
  }>(
    await db.execute(sql`
      select c.user_id, u.name, u.surname, u.email, u.language_id, c.changed_at, c.lines
      from (select ci.user_id, max(ci.updated_at) as changed_at, count(*)::int as lines
            from cart_items ci group by ci.user_id) c
        join users u on u.id = c.user_id
      where c.changed_at < ${cutoff.toISOString()}::timestamptz ${consent}
      order by c.changed_at, c.user_id
      limit ${page.limit} offset ${page.offset}`),
  );
  return rows.map((r): IdleCart => ({
    userId: Number(r.user_id),
    name: `${r.name} ${r.surname}`.trim(),
    email: r.email,
    languageId: r.language_id === null ? null : Number(r.language_id),
    changedAt: new Date(r.changed_at),
    lines: Number(r.lines),
  }));
}

async function defaultLanguage(db: Db): Promise<{ id: number; code: string }> {
  const [row] = await db
    .select({ id: languages.id, code: languages.code })
    .from(languages)
    .where(eq(languages.isDefault, true))
    .limit(1);
  return { id: row?.id ?? 0, code: row?.code.trim().toLowerCase() ?? 'en' };
}

/** A cart's value in EUR cents at today's prices, and its units (lines that can still be bought). */
export async function cartValue(db: Db, userId: number, languageId: number) {
  const rows = await loadCartRows(db, userId, languageId);
  let valueCents = 0;
  let units = 0;
  const lines = [];
  for (const row of rows) {
    valueCents += row.priceCents * row.count;
    units += row.count;
    lines.push({ productId: row.productId, variationId: row.variationId, count: row.count, name: row.name });
  }
  return { valueCents, units, lines };
}

export interface AbandonedCartRow extends IdleCart {
  units: number;
  valueCents: number;
  items: string[];
  remindedAt: Date | null;
}

/** One page of the back office's list, with each cart's items, value and last reminder. */
export async function listAbandonedCarts(
  db: Db,
  options: { now?: Date; page?: number } = {},
): Promise<{ hours: number; rows: AbandonedCartRow[]; hasMore: boolean }> {
  const { hours } = await abandonedCartSettings(db);
  const page = Math.max(1, options.page ?? 1);
  const carts = await idleCarts(db, options.now ?? new Date(), hours, {
    limit: ABANDONED_PAGE_SIZE + 1,
    offset: (page - 1) * ABANDONED_PAGE_SIZE,
  });
  const language = await defaultLanguage(db);
  const rows: AbandonedCartRow[] = [];
  for (const cart of carts.slice(0, ABANDONED_PAGE_SIZE)) {
    const value = await cartValue(db, cart.userId, language.id);
    const [reminder] = await db
      .select({ sentAt: cartReminders.sentAt })
      .from(cartReminders)
      .where(sql`${cartReminders.userId} = ${cart.userId} and ${cartReminders.cartChangedAt} = ${cart.changedAt}`);
    rows.push({
      ...cart,
      units: value.units,
      valueCents: value.valueCents,
      items: value.lines.map((l) => `${l.count} × ${l.name}`),
      remindedAt: reminder?.sentAt ?? null,
    });
  }
  return { hours, rows, hasMore: carts.length > ABANDONED_PAGE_SIZE };
}

/** Reminders sent, and how many of them became a paid order within RECOVERY_DAYS. */
export async function recoveryFigures(
  db: Db,
): Promise<{ reminded: number; recovered: number; recoveredCents: number }> {
  const [row] = rowsOf<{ reminded: number; recovered: number; recovered_cents: number }>(
    await db.execute(sql`
      select count(*)::int as reminded,
        count(o.id)::int as recovered,
        coalesce(sum(o.final_cents), 0)::int as recovered_cents
      from cart_reminders r
        left join lateral (
          select o.id, o.final_cents from orders o
          where o.user_id = r.user_id and o.kind = 'purchase' and o.paid_at is not null
            and o.created_at > r.sent_at
            and o.created_at <= r.sent_at + make_interval(days => ${RECOVERY_DAYS})
          order by o.created_at limit 1) o on true`),
  );
  return {
    reminded: Number(row?.reminded ?? 0),
    recovered: Number(row?.recovered ?? 0),
    recoveredCents: Number(row?.recovered_cents ?? 0),
  };
}

export { idleCarts, defaultLanguage };
