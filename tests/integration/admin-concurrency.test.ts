/**
 * Issue 27, "deadlocks answer 500": every transaction runs through services/transaction.ts, which
 * runs it again after a deadlock (40P01) or a serialisation failure (40001), a bounded number of
 * times with jittered back-off, and answers a conflict that remains with 409 and a reason. Then
 * each back-office write that locks more than one row, fired at once from two staff members many
 * times: category moves in opposite directions, product and variation saves, refunds with
 * cancels and balance adjustments of the same customer, page drafts with publish, blocks and
 * sharing photo. None may answer 500, and the data stays whole. Both engines (TEST_DATABASE_URL;
 * PGlite has one writer, so there the same requests simply take turns).
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { categories, contentChanges, languages, staticPages } from '@/server/db/schema/index';
import { LANGUAGE_COOKIE } from '@/server/services/request-context';
import { setNotifyTransport } from '@/server/payments/demo-gateway.server';
import { ConflictError } from '@/server/services/errors';
import { TRANSACTION_ATTEMPTS, transaction } from '@/server/services/transaction';
import { useTestDatabase } from '../helpers/db';
import { type CommerceFixture, seedCommerceFixture } from '../helpers/fixture-commerce';
import type { ApiSession } from '../helpers/session';
import { staffOrders } from '../helpers/admin-orders';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const db = () => database().db;
const h = staffOrders(api, db, 'conc');
let fx: CommerceFixture;
let alice: ApiSession;
let bob: ApiSession;
let editorA: ApiSession;
let editorB: ApiSession;
let german: number;
const ROUNDS = 8;

beforeAll(async () => {
  fx = await seedCommerceFixture(db());
  setNotifyTransport(async (url, init) => api.request(new URL(url).pathname, init, { clientAddress: '10.0.0.1' }));
  alice = (await h.signedIn('staff')).session;
  bob = (await h.signedIn('admin')).session;
  editorA = (await h.signedIn('editor')).session;
  editorB = (await h.signedIn('editor')).session;
  const [de] = await db().select({ id: languages.id }).from(languages).where(eq(languages.code, 'de'));
  german =
    de?.id ?? (await db().insert(languages).values({ code: 'de', title: 'Deutsch', position: 3 }).returning())[0]!.id;
});
afterAll(() => setNotifyTransport((url, init) => fetch(url, init)));

/** A real database error with the given SQLSTATE, raised by the server itself. */
const raise = (code: string) =>
  sql.raw(`do $$ begin raise exception 'conflict for the test' using errcode = '${code}'; end $$`);

/** No answer of a race may be a server error; each is one of `allowed`. */
function expectStatuses(answers: { status: number; body: unknown }[], allowed: number[]) {
  for (const a of answers) expect(allowed, JSON.stringify(a.body)).toContain(a.status);
}

describe('the retrying transaction helper', () => {
  it('runs the work again after a deadlock or serialisation failure and returns its value', async () => {
    for (const code of ['40P01', '40001']) {
      let runs = 0;
      const value = await transaction(db(), async (tx) => {
        runs++;
        if (runs < 3) await tx.execute(raise(code));
        return 'done';
      });
      expect([code, value, runs]).toEqual([code, 'done', 3]);
    }
  });

  it('gives up after a bounded number of tries with a 409 conflict that says why; other errors at once', async () => {
    let runs = 0;
    const error = await transaction(db(), async (tx) => {
      runs++;
      await tx.execute(raise('40P01'));
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).message).toBe(
      'Someone else changed the same records at the same moment, and it still clashed after several tries. Nothing was saved: please try again.',
    );
    expect(runs).toBe(TRANSACTION_ATTEMPTS);
    let once = 0;
    const other = await transaction(db(), async (tx) => {
      once++;
      await tx.execute(raise('23505'));
    }).catch((e: unknown) => e);
    expect(other).not.toBeInstanceOf(ConflictError);
    expect(once).toBe(1);
  });

  it('rolls back each failed try: only the last run’s writes remain', async () => {
    const [parent] = await db().insert(categories).values({ name: 'Retry', slug: 'retry-parent' }).returning();
    let runs = 0;
    await transaction(db(), async (tx) => {
      runs++;
      await tx.insert(categories).values({ name: `Try ${runs}`, slug: `retry-try-${runs}`, parentId: parent!.id });
      if (runs < 2) await tx.execute(raise('40P01'));
    });
    const rows = await db()
      .select({ slug: categories.slug })
      .from(categories)
      .where(eq(categories.parentId, parent!.id));
    expect(rows.map((r) => r.slug)).toEqual(['retry-try-2']);
  });
});

describe('back-office writes that lock several rows, at once', () => {
  it('category moves in opposite directions never answer 500 and keep the positions a permutation', async () => {
    const parent = await alice.post('/api/admin/categories', { name: 'Race parent', slug: 'race-parent' });
    expect(parent.status, JSON.stringify(parent.body)).toBe(201);
    const ids: number[] = [];
    for (let i = 1; i <= 4; i++)
      ids.push(
        (
          await alice.post('/api/admin/categories', {
            name: `Race ${i}`,
            slug: `race-${i}`,
            parent_id: parent.body.payload.id,
          })
        ).body.payload.id,
      );
    const move = (session: ApiSession, id: number, direction: 'up' | 'down') =>
      session.post(`/api/admin/categories/${id}/move`, { direction });
    for (let round = 0; round < ROUNDS; round++) {
      const order = (
        await db()
          .select({ id: categories.id })
          .from(categories)
          .where(eq(categories.parentId, parent.body.payload.id))
          .orderBy(asc(categories.position), asc(categories.id))
      ).map((r) => r.id);
      // Neighbours towards each other, and the outer ones away: every pair of rows in both orders.
      const answers = await Promise.all([
        move(alice, order[1]!, 'up'),
        move(bob, order[0]!, 'down'),
        move(alice, order[2]!, 'down'),
        move(bob, order[3]!, 'up'),
      ]);
      expectStatuses(answers, [200]);
      const positions = (
        await db()
          .select({ position: categories.position })
          .from(categories)
          .where(eq(categories.parentId, parent.body.payload.id))
      )
        .map((r) => r.position)
        .sort();
      expect(positions).toEqual([1, 2, 3, 4]);
    }
    // Top-level moves (parent null) too.
    const roots = (
      await db()
        .select({ id: categories.id })
        .from(categories)
        .where(isNull(categories.parentId))
        .orderBy(asc(categories.position), asc(categories.id))
    ).map((r) => r.id);
    expectStatuses(await Promise.all([move(alice, roots[1]!, 'up'), move(bob, roots[0]!, 'down')]), [200]);
  });

  it('product saves with variations, at once from two staff members: 200 or a 409 version conflict, never 500', async () => {
    const made = await alice.post('/api/admin/products', { sku: 'RACE-TENT', name: 'Race tent', price_cents: 10_000 });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.payload.id as number;
    const generated = await alice.post(`/api/admin/products/${id}/variations/generate`, {
      version: 1,
      axes: [{ group: 'Size', values: ['S', 'M', 'L'] }],
    });
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    const variations = (generated.body.payload.variations as { id: number; sku: string }[]).map((v) => v.id);
    for (let round = 0; round < ROUNDS; round++) {
      const { version } = (await alice.get(`/api/admin/products/${id}`)).body.payload as { version: number };
      const row = (vid: number, stock: number) => ({
        id: vid,
        sku: `RACE-TENT-${vid}`,
        price_cents: 10_000 + round,
        stock,
        active: true,
      });
      const answers = await Promise.all([
        alice.put(`/api/admin/products/${id}/variations`, {
          version,
          variations: variations.map((v) => row(v, round)),
        }),
        bob.put(`/api/admin/products/${id}/variations`, {
          version,
          variations: [...variations].reverse().map((v) => row(v, round + 100)),
        }),
        alice.put(`/api/admin/products/${id}`, { version, price_cents: 12_000 + round }),
      ]);
      expectStatuses(answers, [200, 409]);
      expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    }
  });

  it('a refund, a cancel and balance adjustments of the same customer at once: never 500, the money adds up', async () => {
    for (let round = 0; round < ROUNDS / 2; round++) {
      const { order, userId } = await h.paidCardOrder(fx.pegs, 2);
      const second = await h.paidCardOrder(fx.pegs, 1);
      const answers = await Promise.all([
        alice.post(`/api/admin/orders/${order.orderNr}/refund`, {
          destination: 'balance',
          amount_cents: 1_000,
          reason: 'Late',
        }),
        bob.post(`/api/admin/orders/${order.orderNr}/cancel`, { reason: 'Asked', refund_to: 'balance' }),
        bob.post(`/api/admin/customers/${userId}/balance`, { delta_cents: 300, reason: 'Goodwill' }),
        alice.post(`/api/admin/orders/${second.order.orderNr}/refund`, { destination: 'balance', reason: 'Other' }),
        alice.post(`/api/admin/customers/${second.userId}/balance`, { delta_cents: 200, reason: 'Goodwill' }),
      ]);
      expectStatuses(answers, [200, 409, 422]);
      const refunded = (await h.refundsOf(order.id))
        .filter((r) => r.status === 'succeeded')
        .reduce((s, r) => s + r.amountCents, 0);
      expect(refunded).toBeLessThanOrEqual(order.finalCents);
      expect(await h.balanceOf(userId)).toBe(refunded + (answers[2]!.status === 200 ? 300 : 0));
      const ledger = await h.ledgerOf(userId);
      expect(ledger.at(-1)?.balanceAfterCents ?? 0).toBe(await h.balanceOf(userId));
    }
  });

  it('page drafts, publishing, blocks and the sharing photo of one page at once: never 500', async () => {
    const [page] = await db()
      .insert(staticPages)
      .values({ slug: 'race-page', title: 'Race', content: '<p>x</p>', published: true })
      .returning();
    const url = (suffix = '') => `/api/admin/static-pages/${page!.id}${suffix}`;
    const hero = (heading: string) => ({
      id: 'hero',
      v: 1,
      type: 'hero',
      heading,
      text: 'Text',
      image: null,
      button: null,
    });
    expect((await editorA.put(url('/blocks'), { layout: 'blocks', blocks: [hero('Start')] })).status).toBe(200);
    for (let round = 0; round < ROUNDS; round++) {
      const answers = await Promise.all([
        editorA.put(url('/draft'), { blocks: [hero(`Draft A ${round}`)] }),
        editorB.put(url('/draft'), { blocks: [hero(`Draft B ${round}`)] }),
        editorA.post(url('/draft/publish')),
        editorB.put(url('/seo'), { noindex: round % 2 === 0 }),
        editorB.put(url('/blocks'), { layout: 'blocks', blocks: [hero(`Blocks ${round}`)] }),
      ]);
      expectStatuses(answers, [200, 409, 422]);
    }
    const versions = (await editorA.get(url('/versions'))).body.payload as { version: number }[];
    // Version numbers stay unique and gapless whatever the interleaving.
    expect(versions.map((v) => v.version).sort((a, b) => a - b)).toEqual(versions.map((_, i) => i + 1));
  });
});

describe('the answer of a conflict that remains', () => {
  it('is a 409 envelope with the reason, in the admin’s language on the admin API; nothing is written', async () => {
    const made = await alice.post('/api/admin/categories', { name: 'Stuck', slug: 'stuck' });
    const id = made.body.payload.id as number;
    // Every update of this category fails as a deadlock would, on every try.
    await db().execute(
      sql.raw(
        `create function stuck_deadlock() returns trigger language plpgsql as $$ begin raise exception 'deadlock detected' using errcode = '40P01'; end $$`,
      ),
    );
    await db().execute(
      sql.raw(
        `create trigger stuck_deadlock before update on categories for each row when (old.slug = 'stuck') execute function stuck_deadlock()`,
      ),
    );
    try {
      const res = await alice.put(`/api/admin/categories/${id}`, { name: 'Unstuck' });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        status: 'ERROR',
        code: 'conflict',
        message:
          'Someone else changed the same records at the same moment, and it still clashed after several tries. Nothing was saved: please try again.',
      });
      alice.cookies.set(LANGUAGE_COOKIE, String(german));
      const inGerman = await alice.put(`/api/admin/categories/${id}`, { name: 'Unstuck' });
      expect(inGerman.body.message).toBe(
        'Jemand anderes hat im selben Moment dieselben Daten geändert, und der Konflikt blieb auch nach mehreren Versuchen. Nichts wurde gespeichert: bitte erneut versuchen.',
      );
    } finally {
      alice.cookies.delete(LANGUAGE_COOKIE);
      await db().execute(sql.raw('drop trigger stuck_deadlock on categories'));
      await db().execute(sql.raw('drop function stuck_deadlock()'));
    }
    const [row] = await db().select({ name: categories.name }).from(categories).where(eq(categories.id, id));
    expect(row!.name).toBe('Stuck');
    const audit = await db()
      .select()
      .from(contentChanges)
      .where(and(eq(contentChanges.entity, 'category'), eq(contentChanges.entityId, String(id))));
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });
});
