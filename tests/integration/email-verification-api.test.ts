import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { RESEND_LIMIT } from '@/server/api/email-verification.routes';
import { users } from '@/server/db/schema/index';
import { VERIFICATION_LINK_TTL_SECONDS, verificationUrl } from '@/server/services/auth/email-verification';
import { useTestDatabase } from '../helpers/db';
import { lastMailTo, linkIn, seedAccountsFixture } from '../helpers/fixture-accounts';
import { createApiSession, createUser } from '../helpers/session';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const PASSWORD = 'Glacier-Walk-5';

beforeAll(async () => {
  await seedAccountsFixture(database().db);
});

let counter = 0;
async function unverified() {
  const email = `new${++counter}@example.com`;
  const user = await createUser(database().db, { email, password: PASSWORD, verified: false, name: 'Nora' });
  const session = createApiSession(api);
  await session.signIn(email, PASSWORD);
  return { user, session };
}

/** Follows a mailed link as the browser would: path and query only. */
async function follow(link: string) {
  const url = new URL(link);
  return api.request(url.pathname + url.search);
}

describe('POST /api/email/verify/resend', () => {
  it('mails a fresh link to a signed-in, unverified account', async () => {
    const { session, user } = await unverified();
    const { status, body } = await session.post('/api/email/verify/resend');
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'OK', payload: { already_verified: false }, message: 'Verification link sent.' });
    const mail = await lastMailTo(database().db, user.email);
    expect(mail!.html).toContain('Nora');
    expect(linkIn(mail!.text, '/api/email/verify/')).toContain(`/api/email/verify/${user.id}/`);
  });

  it('says so when the address is already verified, and mails nothing', async () => {
    const user = await createUser(database().db, { email: 'done@example.com', password: PASSWORD });
    const session = createApiSession(api);
    await session.signIn(user.email, PASSWORD);
    const { body } = await session.post('/api/email/verify/resend');
    expect(body.message).toBe('Your email address is already verified.');
    expect(await lastMailTo(database().db, 'done@example.com')).toBeNull();
  });

  it('answers 401 to a guest', async () => {
    const { status, body } = await createApiSession(api).post('/api/email/verify/resend');
    expect(status).toBe(401);
    expect(body).toEqual({ status: 'ERROR', code: 'unauthenticated', message: 'Unauthenticated.' });
  });

  it(`allows ${RESEND_LIMIT.limit} resends per window, then 429`, async () => {
    const { session } = await unverified();
    for (let i = 0; i < RESEND_LIMIT.limit; i++)
      expect((await session.post('/api/email/verify/resend')).status).toBe(200);
    const blocked = await session.post('/api/email/verify/resend');
    expect(blocked.status).toBe(429);
    expect(blocked.res.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('GET /api/email/verify/{id}/{hash}', () => {
  it('verifies the address and redirects to the success page; a second click to already-success', async () => {
    const { session, user } = await unverified();
    const link = await verificationUrl(database().db, user);
    const first = await follow(link);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/email/verify/success');
    expect((await session.get('/api/is-auth')).body.emailVerified).toBe(true);
    const [row] = await database().db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt).toBeInstanceOf(Date);
    const second = await follow(link);
    expect(second.headers.get('location')).toBe('/email/verify/already-success');
  });

  it('works without being signed in (the signature is the proof)', async () => {
    const { user } = await unverified();
    const res = await follow(await verificationUrl(database().db, user));
    expect(res.headers.get('location')).toBe('/email/verify/success');
  });

  it('sends a tampered link to the invalid page and verifies nothing', async () => {
    const { user } = await unverified();
    const link = new URL(await verificationUrl(database().db, user));
    const tampered = [
      link.href.replace(/signature=([0-9a-f])/, (_m, c: string) => `signature=${c === 'a' ? 'b' : 'a'}`),
      link.href.replace(`/verify/${user.id}/`, `/verify/${user.id + 1000}/`),
      link.href.replace(/expires=(\d+)/, (_m, e: string) => `expires=${Number(e) + 3600}`),
      link.href.replace(/signature=[0-9a-f]+/, ''),
      link.href.replace(/\/[0-9a-f]{64}\?/, '/abc?'),
      link.href.replace(`/verify/${user.id}/`, '/verify/abc/'),
    ];
    for (const href of tampered) {
      const res = await follow(href);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/email/verify/invalid?reason=invalid');
    }
    const [row] = await database().db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt).toBeNull();
  });

  it('sends an expired link to the invalid page with reason=expired', async () => {
    const { user } = await unverified();
    const old = await verificationUrl(database().db, user, Date.now() - (VERIFICATION_LINK_TTL_SECONDS + 60) * 1000);
    const res = await follow(old);
    expect(res.headers.get('location')).toBe('/email/verify/invalid?reason=expired');
  });

  it('a link for a former address stops working after the address changes', async () => {
    const { user, session } = await unverified();
    const link = await verificationUrl(database().db, user);
    const moved = await session.put('/api/user/profile', {
      name: 'Nora',
      surname: 'Z',
      email: `moved-${user.id}@example.com`,
      current_password: PASSWORD,
    });
    expect(moved.status).toBe(200);
    const res = await follow(link);
    expect(res.headers.get('location')).toBe('/email/verify/invalid?reason=invalid');
  });
});
