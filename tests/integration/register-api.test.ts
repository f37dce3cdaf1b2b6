import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { REGISTER_IP_LIMIT } from '@/server/api/auth.routes';
import { sessions, users } from '@/server/db/schema/index';
import { useTestDatabase } from '../helpers/db';
import { lastMailTo, linkIn, seedAccountsFixture, setRegistration } from '../helpers/fixture-accounts';
import type { ContentFixture } from '../helpers/fixture-content';
import { createApiSession, createUser } from '../helpers/session';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
let fx: ContentFixture;
let ip = 0;

beforeAll(async () => {
  fx = await seedAccountsFixture(database().db);
});

const valid = (over: Record<string, unknown> = {}) => ({
  name: '  Mia ',
  surname: ' Schmidt ',
  email: 'Mia.Schmidt@Example.com',
  phone: '+49 1512 3456789',
  phoneCountryCode: 'DE',
  nationalNumber: '1512 3456789',
  password: 'Summit2026',
  passConfirm: 'Summit2026',
  ...over,
});

/** Each registration from its own address so the per-address limit only shows where tested. */
const session = () => createApiSession(api, { clientAddress: `198.18.0.${++ip}` });

async function userByEmail(email: string) {
  const [row] = await database()
    .db.select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

describe('POST /api/register', () => {
  it('creates the account (trimmed, normalised phone, hashed password), signs in and mails the link', async () => {
    const s = session();
    const { status, body } = await s.post('/api/register', valid());
    expect(status).toBe(201);
    expect(body).toMatchObject({
      status: 'OK',
      message: 'Registration successful. Please check your email to verify your address.',
      payload: {
        user: {
          name: 'Mia',
          surname: 'Schmidt',
          full_name: 'Mia Schmidt',
          email: 'Mia.Schmidt@Example.com',
          email_verified: false,
          phone: '+4915123456789',
          phoneCountryCode: 'DE',
          nationalNumber: '15123456789',
          balance: 0,
          country: null,
        },
      },
    });
    const row = await userByEmail('mia.schmidt@example.com');
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.emailVerifiedAt).toBeNull();
    expect(row!.languageId).toBe(fx.lang.en);
    // Signed in on this browser, not verified yet.
    expect((await s.get('/api/is-auth')).body).toEqual({ status: 'OK', authenticated: true, emailVerified: false });
    const [live] = await database().db.select().from(sessions).where(eq(sessions.userId, row!.id));
    expect(live).toBeDefined();
    const mail = await lastMailTo(database().db, 'Mia.Schmidt@Example.com');
    expect(mail!.subject).toMatch(/verify|confirm/i);
    expect(linkIn(mail!.text, '/api/email/verify/')).toMatch(
      new RegExp(
        `^http://localhost:\\d+/api/email/verify/${row!.id}/[0-9a-f]{64}\\?expires=\\d+&signature=[0-9a-f]{64}$`,
      ),
    );
  });

  it('accepts passwordConfirmation as the confirmation field, and mails in the request language', async () => {
    const input = valid({
      email: 'lea@example.com',
      passConfirm: undefined,
      passwordConfirmation: 'Summit2026',
      lang_id: fx.lang.de,
    });
    const { status } = await session().post('/api/register', input);
    expect(status).toBe(201);
    expect((await userByEmail('lea@example.com'))!.languageId).toBe(fx.lang.de);
    const mail = await lastMailTo(database().db, 'lea@example.com');
    expect(mail!.text).toMatch(/E-Mail/);
  });

  it('answers 422 with a field error for an address that is taken, in any letter case', async () => {
    await createUser(database().db, { email: 'taken@example.com', password: 'Summit2026' });
    const { status, body } = await session().post('/api/register', valid({ email: 'TAKEN@example.com' }));
    expect(status).toBe(422);
    expect(body.errors.email).toEqual(['This email address is already registered.']);
    const count = await database()
      .db.select()
      .from(users)
      .where(sql`lower(${users.email}) = 'taken@example.com'`);
    expect(count).toHaveLength(1);
  });

  it('lists every missing field at once', async () => {
    const { status, body } = await session().post('/api/register', {});
    expect(status).toBe(422);
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'name', 'passConfirm', 'password', 'phone', 'surname']);
    expect(body.errors.name).toEqual(['This field is required']);
    expect(body.errors.phone).toEqual(['This field is required']);
  });

  it.each([
    [
      'no upper-case letter',
      'summit2026',
      'Password must contain at least one lower-case letter, one upper-case letter and one digit',
    ],
    [
      'no lower-case letter',
      'SUMMIT2026',
      'Password must contain at least one lower-case letter, one upper-case letter and one digit',
    ],
    [
      'no digit',
      'SummitPeak',
      'Password must contain at least one lower-case letter, one upper-case letter and one digit',
    ],
    ['7 characters', 'Sum2026', 'Password must be at least 8 characters'],
  ])('rejects a password with %s', async (_what, password, message) => {
    const { status, body } = await session().post(
      '/api/register',
      valid({ email: 'pw@example.com', password, passConfirm: password }),
    );
    expect(status).toBe(422);
    expect(body.errors.password).toEqual([message]);
  });

  it('rejects a confirmation that does not match', async () => {
    const { body } = await session().post(
      '/api/register',
      valid({ email: 'pw2@example.com', passConfirm: 'Summit2027' }),
    );
    expect(body.errors).toEqual({ passConfirm: ['Passwords do not match'] });
  });

  it.each([
    ['an invalid number', { phone: '+49 123', nationalNumber: '123' }, 'Please enter a valid phone number'],
    [
      'a country outside the shop list',
      { phone: '+1 202 555 0143', phoneCountryCode: 'US', nationalNumber: '2025550143' },
      'This country is not supported.',
    ],
    ['letters', { phone: 'call me maybe', nationalNumber: 'call me' }, 'Please enter a valid phone number'],
  ])('rejects %s', async (_what, phone, message) => {
    const { status, body } = await session().post('/api/register', valid({ email: 'phone@example.com', ...phone }));
    expect(status).toBe(422);
    expect(body.errors.phone).toEqual([message]);
  });

  it('accepts a national number with its country code', async () => {
    const { status, body } = await session().post(
      '/api/register',
      valid({ email: 'nl@example.com', phone: '', phoneCountryCode: 'NL', nationalNumber: '06 12345678' }),
    );
    expect(status).toBe(201);
    expect(body.payload.user).toMatchObject({
      phone: '+31612345678',
      phoneCountryCode: 'NL',
      nationalNumber: '612345678',
    });
  });

  it.each([
    ['an overlong name', { name: 'n'.repeat(97) }, 'name'],
    ['an overlong email', { email: `${'e'.repeat(250)}@example.com` }, 'email'],
    ['a malformed email', { email: 'not-an-email' }, 'email'],
    ['a number as name', { name: 12 }, 'name'],
    ['an overlong password', { password: `Aa1${'x'.repeat(200)}`, passConfirm: `Aa1${'x'.repeat(200)}` }, 'password'],
  ])('rejects %s', async (_what, over, field) => {
    const { status, body } = await session().post('/api/register', valid({ email: 'x@example.com', ...over }));
    expect(status).toBe(422);
    expect(body.errors[field]).toBeDefined();
  });

  it('is closed while registration is switched off', async () => {
    await setRegistration(database().db, false);
    try {
      const { status, body } = await session().post('/api/register', valid({ email: 'closed@example.com' }));
      expect(status).toBe(403);
      expect(body).toEqual({ status: 'ERROR', code: 'forbidden', message: 'Registration is currently disabled.' });
      expect(await userByEmail('closed@example.com')).toBeUndefined();
    } finally {
      await setRegistration(database().db, true);
    }
  });

  it(`limits registrations per address to ${REGISTER_IP_LIMIT.limit} an hour`, async () => {
    const s = createApiSession(api, { clientAddress: '198.18.1.1' });
    for (let i = 0; i < REGISTER_IP_LIMIT.limit; i++) await s.post('/api/register', {});
    const blocked = await s.post('/api/register', valid({ email: 'late@example.com' }));
    expect(blocked.status).toBe(429);
    expect(blocked.res.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('needs the CSRF token like every write', async () => {
    const s = session();
    await s.csrf();
    const res = await s.request('/api/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': 'forged' },
      body: JSON.stringify(valid({ email: 'csrf-reg@example.com' })),
    });
    expect(res.status).toBe(419);
  });
});
