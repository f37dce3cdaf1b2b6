import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { RESET_REQUEST_EMAIL_LIMIT } from '@/server/api/password-reset.routes';
import { languages, mailOutbox, passwordResetTokens, sessions, users } from '@/server/db/schema/index';
import { sha256Hex } from '@/server/services/auth/crypto';
import { useTestDatabase } from '../helpers/db';
import { lastMailTo, linkIn, seedAccountsFixture } from '../helpers/fixture-accounts';
import { createApiSession, createUser } from '../helpers/session';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const SENT = 'Password reset link sent. Please check your email.';
const INVALID = 'This password reset link is invalid or has expired.';
let ip = 0;
const session = () => createApiSession(api, { clientAddress: `198.19.0.${++ip}` });

beforeAll(async () => {
  await seedAccountsFixture(database().db);
});

/** The reset mail is sent after the answer; wait for it to reach the outbox. */
async function waitForMail(to: string, afterId = 0) {
  for (let i = 0; i < 100; i++) {
    const mail = await lastMailTo(database().db, to);
    if (mail && mail.id > afterId) return mail;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to}`);
}

async function requestLink(email: string) {
  const before = (await lastMailTo(database().db, email))?.id ?? 0;
  const { status, body } = await session().post('/api/user/reset-password', { email });
  expect(status).toBe(200);
  expect(body.message).toBe(SENT);
  const mail = await waitForMail(email, before);
  const link = new URL(linkIn(mail.text, '/reset-password?'));
  return { mail, link, token: link.searchParams.get('token')!, email: link.searchParams.get('email')! };
}

describe('POST /api/user/reset-password', () => {
  it('answers the same text for an unknown address and mails nothing', async () => {
    const { status, body } = await session().post('/api/user/reset-password', { email: 'ghost@example.com' });
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'OK', payload: null, message: SENT });
    await new Promise((r) => setTimeout(r, 300));
    expect(await lastMailTo(database().db, 'ghost@example.com')).toBeNull();
  });

  it('mails a single-use link valid for 60 minutes, stored only as a hash', async () => {
    const user = await createUser(database().db, { email: 'reset1@example.com', password: 'Old-Pass-1', name: 'Rosa' });
    const { link, token, mail } = await requestLink('reset1@example.com');
    expect(link.pathname).toBe('/reset-password');
    expect(mail.html).toContain('Rosa');
    const [row] = await database().db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(row!.tokenHash).toBe(sha256Hex(token));
    expect(row!.tokenHash).not.toContain(token);
    const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(60, 0);
  });

  it("links the reset page in the account's language (ADR 028): German mail, /de/reset-password", async () => {
    const db = database().db;
    const [de] = await db.select({ id: languages.id }).from(languages).where(eq(languages.code, 'de'));
    const user = await createUser(db, { email: 'reset-de@example.com', password: 'Old-Pass-1', name: 'Greta' });
    await db.update(users).set({ languageId: de!.id }).where(eq(users.id, user.id));
    const { link, mail } = await requestLink('reset-de@example.com');
    expect(link.pathname).toBe('/de/reset-password');
    expect(link.searchParams.get('email')).toBe('reset-de@example.com');
    expect(mail.subject).not.toBe('');
  });

  it('rejects a malformed address with 422', async () => {
    const { status, body } = await session().post('/api/user/reset-password', { email: 'nope' });
    expect(status).toBe(422);
    expect(body.errors.email).toEqual(['Please enter a valid email address']);
  });

  it(`limits requests for one address to ${RESET_REQUEST_EMAIL_LIMIT.limit} per window`, async () => {
    for (let i = 0; i < RESET_REQUEST_EMAIL_LIMIT.limit; i++) {
      expect((await session().post('/api/user/reset-password', { email: 'spam@example.com' })).status).toBe(200);
    }
    const blocked = await session().post('/api/user/reset-password', { email: 'SPAM@example.com' });
    expect(blocked.status).toBe(429);
    expect(blocked.res.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('POST /api/reset-password', () => {
  it('sets the new password once, ends every session, and the link cannot be reused', async () => {
    const user = await createUser(database().db, {
      email: 'reset2@example.com',
      password: 'Old-Pass-1',
      verified: false,
    });
    const signedIn = createApiSession(api);
    await signedIn.signIn(user.email, 'Old-Pass-1');
    const { token, email } = await requestLink(user.email);

    const s = session();
    const done = await s.post('/api/reset-password', {
      token,
      email,
      password: 'New-Pass-2',
      password_confirmation: 'New-Pass-2',
    });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Your password has been reset.');
    expect((await signedIn.get('/api/is-auth')).body.authenticated).toBe(false);
    expect(await database().db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect((await createApiSession(api).signIn(user.email, 'Old-Pass-1')).status).toBe(422);
    const fresh = createApiSession(api);
    expect((await fresh.signIn(user.email, 'New-Pass-2')).status).toBe(200);
    // Reading the mail proved the address.
    expect((await fresh.get('/api/is-auth')).body.emailVerified).toBe(true);

    const again = await s.post('/api/reset-password', {
      token,
      email,
      password: 'Third-Pass-3',
      password_confirmation: 'Third-Pass-3',
    });
    expect(again.status).toBe(422);
    expect(again.body).toEqual({
      status: 'ERROR',
      code: 'validation_failed',
      message: INVALID,
      errors: { token: [INVALID] },
    });
  });

  it('refuses an expired link', async () => {
    const user = await createUser(database().db, { email: 'reset3@example.com', password: 'Old-Pass-1' });
    const { token, email } = await requestLink(user.email);
    await database()
      .db.update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(passwordResetTokens.tokenHash, sha256Hex(token)));
    const { status, body } = await session().post('/api/reset-password', {
      token,
      email,
      password: 'New-Pass-2',
      password_confirmation: 'New-Pass-2',
    });
    expect(status).toBe(422);
    expect(body.message).toBe(INVALID);
  });

  it("refuses a token with another account's address", async () => {
    await createUser(database().db, { email: 'reset4@example.com', password: 'Old-Pass-1' });
    await createUser(database().db, { email: 'victim@example.com', password: 'Old-Pass-1' });
    const { token } = await requestLink('reset4@example.com');
    const { status } = await session().post('/api/reset-password', {
      token,
      email: 'victim@example.com',
      password: 'New-Pass-2',
      password_confirmation: 'New-Pass-2',
    });
    expect(status).toBe(422);
    expect((await createApiSession(api).signIn('victim@example.com', 'Old-Pass-1')).status).toBe(200);
  });

  it('a token belongs to the address it was mailed to: after an email change it proves nothing (ADR 009)', async () => {
    const user = await createUser(database().db, {
      email: 'mover@example.com',
      password: 'Old-Pass-1',
      verified: false,
    });
    const { token } = await requestLink(user.email);
    // The account moves to an address its owner never received a link at.
    const owner = createApiSession(api);
    expect((await owner.signIn(user.email, 'Old-Pass-1')).status).toBe(200);
    const moved = await owner.put('/api/user/profile', {
      name: 'Mo',
      surname: 'Ver',
      email: 'someone-else@example.net',
      current_password: 'Old-Pass-1',
    });
    expect(moved.status).toBe(200);
    const withNewAddress = await session().post('/api/reset-password', {
      token,
      email: 'someone-else@example.net',
      password: 'New-Pass-2',
      password_confirmation: 'New-Pass-2',
    });
    expect(withNewAddress.status).toBe(422);
    expect(withNewAddress.body).toEqual({
      status: 'ERROR',
      code: 'validation_failed',
      message: INVALID,
      errors: { token: [INVALID] },
    });
    const [row] = await database().db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe('someone-else@example.net');
    expect(row!.emailVerifiedAt).toBeNull();
    // Nor with the address it was mailed to, now that the account has left it...
    const withOldAddress = await session().post('/api/reset-password', {
      token,
      email: user.email,
      password: 'New-Pass-2',
      password_confirmation: 'New-Pass-2',
    });
    expect(withOldAddress.status).toBe(422);
    // ...and not even after moving back: the change voided it.
    expect(
      (
        await owner.put('/api/user/profile', {
          name: 'Mo',
          surname: 'Ver',
          email: user.email,
          current_password: 'Old-Pass-1',
        })
      ).status,
    ).toBe(200);
    const afterReturn = await session().post('/api/reset-password', {
      token,
      email: user.email,
      password: 'New-Pass-2',
      password_confirmation: 'New-Pass-2',
    });
    expect(afterReturn.status).toBe(422);
    expect((await createApiSession(api).signIn(user.email, 'Old-Pass-1')).status).toBe(200);
  });

  it('a newer link does not revive an older one after use, and using one spends the others', async () => {
    await createUser(database().db, { email: 'reset5@example.com', password: 'Old-Pass-1' });
    const first = await requestLink('reset5@example.com');
    const second = await requestLink('reset5@example.com');
    const ok = await session().post('/api/reset-password', {
      token: second.token,
      email: second.email,
      password: 'New-Pass-2',
      password_confirmation: 'New-Pass-2',
    });
    expect(ok.status).toBe(200);
    const old = await session().post('/api/reset-password', {
      token: first.token,
      email: first.email,
      password: 'New-Pass-3',
      password_confirmation: 'New-Pass-3',
    });
    expect(old.status).toBe(422);
  });

  it('validates the fields: unknown token, weak password, mismatch, missing everything', async () => {
    const unknown = await session().post('/api/reset-password', {
      token: 'x'.repeat(43),
      email: 'reset1@example.com',
      password: 'New-Pass-2',
      password_confirmation: 'New-Pass-2',
    });
    expect(unknown.body.message).toBe(INVALID);
    const weak = await session().post('/api/reset-password', {
      token: 'x'.repeat(43),
      email: 'a@b.co',
      password: 'weakpass',
      password_confirmation: 'weakpass',
    });
    expect(weak.body.errors.password).toEqual([
      'Password must contain at least one lower-case letter, one upper-case letter and one digit',
    ]);
    const mismatch = await session().post('/api/reset-password', {
      token: 'x'.repeat(43),
      email: 'a@b.co',
      password: 'New-Pass-2',
      password_confirmation: 'New-Pass-3',
    });
    expect(mismatch.body.errors).toEqual({ password_confirmation: ['Passwords do not match'] });
    const empty = await session().post('/api/reset-password', {});
    expect(Object.keys(empty.body.errors).sort()).toEqual(['email', 'password', 'password_confirmation', 'token']);
    const long = await session().post('/api/reset-password', {
      token: 't'.repeat(500),
      email: 'a@b.co',
      password: 'New-Pass-2',
      password_confirmation: 'New-Pass-2',
    });
    expect(long.status).toBe(422);
  });

  it('keeps no mail row with the raw password', async () => {
    const rows = await database().db.select({ text: mailOutbox.text }).from(mailOutbox);
    for (const row of rows) expect(row.text).not.toContain('New-Pass-2');
    const hashes = await database().db.select({ h: users.passwordHash }).from(users);
    for (const { h } of hashes) expect(h).toMatch(/^\$argon2id\$/);
  });
});
