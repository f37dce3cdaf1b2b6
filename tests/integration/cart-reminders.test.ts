/**
 * Carts left behind (issue 32, ADR 044): idle detection against the setting, the reminder mail
 * only when switched on and only to customers who confirmed the newsletter, once per cart state
 * even under parallel job runs, in the customer's language, its signed link restoring an emptied
 * cart for that customer only, and the recovered count. Both engines (TEST_DATABASE_URL).
 */
import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  cartItems,
  cartReminders,
  mailOutbox,
  newsletterSubscriptions,
  settings,
  users,
} from '@/server/db/schema/index';
import { abandonedCartSettings, listAbandonedCarts, recoveryFigures } from '@/server/services/cart/abandoned.server';
import { restoreRemindedCart, sendCartReminders } from '@/server/services/cart/cart-reminders.server';
import { useTestDatabase } from '../helpers/db';
import { type CommerceFixture, insertBoughtOrder, seedCommerceFixture } from '../helpers/fixture-commerce';

const database = useTestDatabase({ seed: 'none' });
const db = () => database().db;
let fx: CommerceFixture;
let defaults: { hours: number; reminders: boolean };
const HOUR = 3_600_000;
const NOW = new Date();

async function customer(email: string, options: { consent?: boolean; language?: 'en' | 'de' } = {}) {
  const [user] = await db()
    .insert(users)
    .values({
      name: 'Ada',
      surname: email.split('@')[0]!,
      email,
      passwordHash: 'x',
      languageId: options.language === 'de' ? fx.catalog.lang.de : fx.catalog.lang.en,
    })
    .returning({ id: users.id });
  if (options.consent !== undefined) {
    await db()
      .insert(newsletterSubscriptions)
      .values({ email, confirmedAt: options.consent ? new Date() : null });
  }
  return user!.id;
}

/** Two units of the pegs (25.00 each), last changed `hoursAgo`. */
async function fillCart(userId: number, hoursAgo: number) {
  const at = new Date(NOW.getTime() - hoursAgo * HOUR);
  await db().delete(cartItems).where(eq(cartItems.userId, userId));
  await db().insert(cartItems).values({ userId, productId: fx.pegs, count: 2, createdAt: at, updatedAt: at });
}

async function mailsTo(email: string) {
  return db().select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(asc(mailOutbox.id));
}

const linkOf = (text: string) => /https?:\/\/\S*\/cart\?reminder=(\d+)&signature=([0-9a-f]+)/.exec(text);

beforeAll(async () => {
  fx = await seedCommerceFixture(db());
  defaults = await abandonedCartSettings(db());
});
beforeEach(async () => {
  await db().delete(cartReminders);
  await db().delete(cartItems);
  await db().update(settings).set({ abandonedCartHours: 24, cartReminders: true }).where(eq(settings.id, 1));
});

describe('the list of carts left behind', () => {
  it('lists carts idle longer than the setting, with items and value; follows the setting', async () => {
    const idle = await customer('idle@example.com');
    const fresh = await customer('fresh@example.com');
    await fillCart(idle, 30);
    await fillCart(fresh, 2);
    const list = await listAbandonedCarts(db(), { now: NOW });
    expect(list.hours).toBe(24);
    const mine = list.rows.filter((r) => [idle, fresh].includes(r.userId));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ userId: idle, email: 'idle@example.com', units: 2, valueCents: 5000 });
    expect(mine[0]!.items).toEqual(['2 × Tent Pegs Set']);
    expect(mine[0]!.remindedAt).toBeNull();
    await db().update(settings).set({ abandonedCartHours: 1 }).where(eq(settings.id, 1));
    const wider = await listAbandonedCarts(db(), { now: NOW });
    expect(wider.rows.filter((r) => [idle, fresh].includes(r.userId)).map((r) => r.userId)).toEqual([idle, fresh]);
  });
});

describe('the reminder mail', () => {
  it('is off by default and only goes to customers who confirmed the newsletter', async () => {
    const agreed = await customer('agreed@example.com', { consent: true });
    const pending = await customer('pending@example.com', { consent: false });
    const none = await customer('none@example.com');
    for (const id of [agreed, pending, none]) await fillCart(id, 48);
    expect(defaults).toEqual({ hours: 24, reminders: false });
    await db().update(settings).set({ cartReminders: false }).where(eq(settings.id, 1));
    expect(await sendCartReminders(db(), NOW)).toBe(0);
    expect(await mailsTo('agreed@example.com')).toHaveLength(0);
    await db().update(settings).set({ cartReminders: true }).where(eq(settings.id, 1));
    expect(await sendCartReminders(db(), NOW)).toBe(1);
    const [mail] = await mailsTo('agreed@example.com');
    expect(mail!.subject).toBe('You left something in your cart');
    expect(mail!.text).toContain('You left 2 items worth €50.00 in your cart.');
    expect(mail!.text).toContain('2 × Tent Pegs Set');
    expect(linkOf(mail!.text)).not.toBeNull();
    expect(await mailsTo('pending@example.com')).toHaveLength(0);
    expect(await mailsTo('none@example.com')).toHaveLength(0);
  });

  it("is written in the customer's language", async () => {
    const anna = await customer('anna@example.com', { consent: true, language: 'de' });
    await fillCart(anna, 48);
    await sendCartReminders(db(), NOW);
    const [mail] = await mailsTo('anna@example.com');
    expect(mail!.language).toBe('de');
    expect(mail!.subject).toBe('Sie haben etwas in Ihrem Warenkorb gelassen');
    expect(mail!.text).toContain('In Ihrem Warenkorb liegen noch 2 Artikel im Wert von 50,00');
    expect(mail!.text).toMatch(/\/de\/cart\?reminder=/);
  });

  it('goes once per cart state, also from parallel runs; a changed cart is reminded again once idle', async () => {
    const once = await customer('once@example.com', { consent: true });
    await fillCart(once, 48);
    const runs = await Promise.all([1, 2, 3, 4].map(() => sendCartReminders(db(), NOW)));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await sendCartReminders(db(), NOW)).toBe(0);
    expect(await mailsTo('once@example.com')).toHaveLength(1);
    const listed = (await listAbandonedCarts(db(), { now: NOW })).rows.find((r) => r.userId === once);
    expect(listed!.remindedAt).not.toBeNull();
    // Changed since, but not idle yet: nothing; idle again: a second reminder.
    await fillCart(once, 1);
    expect(await sendCartReminders(db(), NOW)).toBe(0);
    await fillCart(once, 30);
    expect(await sendCartReminders(db(), NOW)).toBe(1);
    expect(await mailsTo('once@example.com')).toHaveLength(2);
  });
});

describe("the reminder's link", () => {
  it("restores the reminded lines into that customer's emptied cart, and nobody else's", async () => {
    const back = await customer('back@example.com', { consent: true });
    const other = await customer('other@example.com');
    await fillCart(back, 48);
    await sendCartReminders(db(), NOW);
    const [mail] = await mailsTo('back@example.com');
    const [, id, signature] = linkOf(mail!.text)!;
    await db().delete(cartItems).where(eq(cartItems.userId, back));
    // Another signed-in customer, or a forged signature, changes nothing.
    expect(await restoreRemindedCart(db(), other, Number(id), signature!)).toBe('invalid');
    expect(
      await restoreRemindedCart(
        db(),
        back,
        Number(id),
        signature!.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
      ),
    ).toBe('invalid');
    expect(await db().select().from(cartItems).where(eq(cartItems.userId, other))).toHaveLength(0);
    expect(await restoreRemindedCart(db(), back, Number(id), signature!)).toBe('restored');
    const lines = await db().select().from(cartItems).where(eq(cartItems.userId, back));
    expect(lines.map((l) => [l.productId, l.variationId, l.count])).toEqual([[fx.pegs, null, 2]]);
    // A cart with lines is left as it is.
    expect(await restoreRemindedCart(db(), back, Number(id), signature!)).toBe('kept');
    expect(await db().select().from(cartItems).where(eq(cartItems.userId, back))).toHaveLength(1);
  });
});

describe('carts that came back', () => {
  it('counts a reminded cart that became a paid order within 7 days as recovered', async () => {
    const before = await recoveryFigures(db());
    const won = await customer('won@example.com', { consent: true });
    const lost = await customer('lost@example.com', { consent: true });
    const late = await customer('late@example.com', { consent: true });
    for (const id of [won, lost, late]) await fillCart(id, 48);
    expect(await sendCartReminders(db(), NOW)).toBe(3);
    const paid = async (userId: number, nr: string, daysAfter: number) => {
      const orderId = await insertBoughtOrder(db(), { userId, orderNr: nr, products: [{ id: fx.pegs }] });
      await db().execute(sql`update orders set paid_at = now(),
        created_at = (select sent_at from cart_reminders where user_id = ${userId}) + make_interval(days => ${daysAfter})
        where id = ${orderId}`);
    };
    await paid(won, 'RC-1', 2);
    await paid(late, 'RC-2', 9);
    const after = await recoveryFigures(db());
    expect(after.reminded - before.reminded).toBe(3);
    expect(after.recovered - before.recovered).toBe(1);
    expect(after.recoveredCents - before.recoveredCents).toBe(100);
  });
});
