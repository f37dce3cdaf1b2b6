/**
 * The back office's mail log (issue 25; permission `settings`): the outbox newest first with
 * keyset paging and a recipient search, one mail with its secrets hidden (a password reset's
 * link), "Resend" queuing a copy (audited), the delivery state and last error, and staff and
 * editors refused. Both engines (TEST_DATABASE_URL).
 */
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { contentChanges, mailOutbox } from '@/server/db/schema/index';
import { DEMO_EDITOR, DEMO_STAFF } from '@/server/db/seed/users';
import { sendMail } from '@/server/mail/mailer';
import { setRole } from '@/server/services/admin/roles/roles.server';
import { sendPasswordResetMail } from '@/server/services/auth/account-mail';
import { useTestDatabase } from '../helpers/db';
import { type ApiSession, createApiSession, createUser, csrfSession, signedIn } from '../helpers/session';

const database = useTestDatabase({ seed: 'demo' });
const api = createApi();
const ADMIN = { email: 'mail-log-admin@example.com', password: 'Chief1234!' };
const ANN = { email: 'ann.reset@example.com', password: 'Anne1234!' };

let admin: ApiSession;
let resetId: number;
let token: string;

beforeAll(async () => {
  const db = database().db;
  await createUser(db, ADMIN);
  await setRole(db, null, ADMIN.email, 'admin');
  admin = await signedIn(createApiSession(api), ADMIN);
  const ann = await createUser(db, { ...ANN, name: 'Ann' });
  await sendPasswordResetMail(db, { id: ann.id, email: ann.email, name: 'Ann' }, 'de');
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, ANN.email));
  resetId = row!.id;
  token = /[?&]token=([^&\s]+)/.exec(row!.text)![1]!;
});

describe('the list', () => {
  it('shows the newest mail first with recipient, subject, language, time and delivery', async () => {
    const reply = await admin.get('/api/admin/mail');
    expect(reply.status).toBe(200);
    const first = reply.body.payload.items[0];
    expect(first).toEqual({
      id: resetId,
      to: ANN.email,
      subject: expect.stringMatching(/Passwort/),
      language: 'de',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      sent_at: null,
      status: 'kept',
      attempts: 0,
      last_error: null,
    });
    expect(first).not.toHaveProperty('text');
    expect(first).not.toHaveProperty('html');
  });

  it("pages newest first by keyset, 50 a page, and finds by part of the recipient's address", async () => {
    const db = database().db;
    const ids: number[] = [];
    for (let i = 0; i < 55; i++)
      ids.push(
        (
          await sendMail(
            db,
            { to: `pager-${i}@example.com`, subject: `Mail ${i}`, html: '<p>x</p>', text: 'x', language: 'fr' },
            { mailer: null },
          )
        ).id,
      );
    const page1 = (await admin.get('/api/admin/mail?q=PAGER-')).body.payload;
    expect(page1.items).toHaveLength(50);
    expect(page1.items.map((m: { id: number }) => m.id)).toEqual([...ids].reverse().slice(0, 50));
    expect(page1.next_before).toBe(ids[5]);
    const page2 = (await admin.get(`/api/admin/mail?q=PAGER-&before=${page1.next_before}`)).body.payload;
    expect(page2.items.map((m: { id: number }) => m.id)).toEqual([...ids].reverse().slice(50));
    expect(page2.next_before).toBeNull();
    const one = (await admin.get('/api/admin/mail?q=pager-7@')).body.payload.items;
    expect(one.map((m: { to: string }) => m.to)).toEqual(['pager-7@example.com']);
    // LIKE's own characters are searched as text.
    expect((await admin.get('/api/admin/mail?q=%25')).body.payload.items).toEqual([]);
    expect((await admin.get('/api/admin/mail?q=pager_1')).body.payload.items).toEqual([]);
  });

  it('a failed mail shows its last error; one in flight shows no error', async () => {
    const db = database().db;
    const failed = await sendMail(
      db,
      { to: 'bounce@example.com', subject: 'Order', html: '<p>x</p>', text: 'x', language: 'en' },
      { mailer: null },
    );
    await db
      .update(mailOutbox)
      .set({ attempts: 3, lastError: 'connect ECONNREFUSED 127.0.0.1:25' })
      .where(eq(mailOutbox.id, failed.id));
    const flying = await sendMail(
      db,
      { to: 'bounce@example.com', subject: 'Order 2', html: '<p>x</p>', text: 'x', language: 'en' },
      { mailer: null },
    );
    await db
      .update(mailOutbox)
      .set({ attempts: 1, lastError: `in flight since ${new Date().toISOString()}` })
      .where(eq(mailOutbox.id, flying.id));
    const items = (await admin.get('/api/admin/mail?q=bounce@')).body.payload.items;
    expect(
      items.map((m: { status: string; attempts: number; last_error: string | null }) => [
        m.status,
        m.attempts,
        m.last_error,
      ]),
    ).toEqual([
      ['sending', 1, null],
      ['failed', 3, 'connect ECONNREFUSED 127.0.0.1:25'],
    ]);
  });
});

describe('one mail', () => {
  it('shows the text of a password reset with its link hidden', async () => {
    const reply = await admin.get(`/api/admin/mail/${resetId}`);
    expect(reply.status).toBe(200);
    const mail = reply.body.payload;
    expect(mail.to).toBe(ANN.email);
    expect(mail.language).toBe('de');
    expect(mail.text).not.toContain(token);
    expect(mail.text).not.toContain(encodeURIComponent(ANN.email));
    expect(mail.text).toMatch(/\/de\/reset-password\?token=\[hidden\]&email=\[hidden\]/);
    expect(mail.text).toContain('Ann');
    expect(reply.body).not.toHaveProperty('payload.html');
  });

  it('an unknown mail is a 404 with the reason', async () => {
    const reply = await admin.get('/api/admin/mail/999999');
    expect(reply.status).toBe(404);
    expect(reply.body.message).toBe('Mail not found.');
  });
});

describe('resend', () => {
  it('queues a copy of the mail as a new outbox row and records who did it', async () => {
    const db = database().db;
    const [original] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, resetId));
    const reply = await admin.post(`/api/admin/mail/${resetId}/resend`);
    expect(reply.status).toBe(201);
    expect(reply.body.message).toBe(`A copy of the mail was queued to ${ANN.email}.`);
    const copyId = reply.body.payload.id as number;
    expect(copyId).toBeGreaterThan(resetId);
    expect(reply.body.payload).toMatchObject({
      to: ANN.email,
      subject: original!.subject,
      language: 'de',
      status: 'kept',
    });
    const [copy] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, copyId));
    expect({
      to: copy!.to,
      subject: copy!.subject,
      html: copy!.html,
      text: copy!.text,
      language: copy!.language,
    }).toEqual({
      to: original!.to,
      subject: original!.subject,
      html: original!.html,
      text: original!.text,
      language: original!.language,
    });
    const [audit] = await db
      .select()
      .from(contentChanges)
      .where(and(eq(contentChanges.entity, 'mail'), eq(contentChanges.entityId, String(resetId))));
    expect(audit).toMatchObject({ action: 'resend', summary: `${ANN.email}: copy #${copyId}` });
    expect((await admin.get('/api/admin/mail')).body.payload.items[0].id).toBe(copyId);
    expect(await db.select({ id: mailOutbox.id }).from(mailOutbox).where(like(mailOutbox.to, ANN.email))).toHaveLength(
      2,
    );
  });

  it('an unknown mail is not resent', async () => {
    const reply = await admin.post('/api/admin/mail/999999/resend');
    expect(reply.status).toBe(404);
    expect(reply.body.message).toBe('Mail not found.');
  });
});

describe('who may read it', () => {
  it('staff and editors are refused (403), guests asked to sign in (401); nothing is resent', async () => {
    const db = database().db;
    const before = (await db.select({ id: mailOutbox.id }).from(mailOutbox)).length;
    const staff = await signedIn(createApiSession(api), DEMO_STAFF);
    const editor = await signedIn(createApiSession(api), DEMO_EDITOR);
    const guest = await csrfSession(api);
    for (const session of [staff, editor]) {
      for (const reply of [
        await session.get('/api/admin/mail'),
        await session.get(`/api/admin/mail/${resetId}`),
        await session.post(`/api/admin/mail/${resetId}/resend`),
      ]) {
        expect(reply.status).toBe(403);
        expect(reply.body).toEqual({ status: 'ERROR', code: 'forbidden', message: 'This action is unauthorized.' });
      }
    }
    expect((await guest.get('/api/admin/mail')).status).toBe(401);
    expect((await guest.post(`/api/admin/mail/${resetId}/resend`)).status).toBe(401);
    expect((await db.select({ id: mailOutbox.id }).from(mailOutbox)).length).toBe(before);
  });
});
