import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { CHANGE_PASSWORD_LIMIT, EMAIL_CHANGE_LIMIT } from '@/server/api/account.routes';
import { countries, languages, mailOutbox, sessions, settings, users } from '@/server/db/schema/index';
import { invalidateShopBasics } from '@/server/services/request-context';
import { sha256Hex } from '@/server/services/auth/crypto';
import { useTestDatabase } from '../helpers/db';
import { lastMailTo, seedAccountsFixture } from '../helpers/fixture-accounts';
import { createApiSession, createUser } from '../helpers/session';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const PASSWORD = 'Basecamp-77';
let germany: number;
let deLanguage: number;

beforeAll(async () => {
  const db = database().db;
  await seedAccountsFixture(db);
  [{ id: germany }] = (await db.select({ id: countries.id }).from(countries).where(eq(countries.iso, 'DE'))) as [
    { id: number },
  ];
  [{ id: deLanguage }] = (await db.select({ id: languages.id }).from(languages).where(eq(languages.code, 'de'))) as [
    { id: number },
  ];
});

let counter = 0;
async function signedIn(over: { verified?: boolean; balanceCents?: number } = {}) {
  const email = `hiker${++counter}@example.com`;
  const user = await createUser(database().db, {
    email,
    password: PASSWORD,
    name: 'Hanna',
    surname: 'Berg',
    verified: over.verified,
  });
  if (over.balanceCents)
    await database().db.update(users).set({ balanceCents: over.balanceCents }).where(eq(users.id, user.id));
  const session = createApiSession(api);
  expect((await session.signIn(email, PASSWORD)).status).toBe(200);
  return { session, user };
}

const profileInput = (over: Record<string, unknown> = {}) => ({
  name: ' Hanna ',
  surname: 'Berg-Lind',
  email: 'hiker-new@example.com',
  phone: '+43 664 1234567',
  phoneCountryCode: 'AT',
  nationalNumber: '664 1234567',
  address: '  Alpenweg 5 ',
  city: ' Innsbruck',
  post_code: '',
  country_id: null,
  ...over,
});

describe('GET /api/user/profile', () => {
  it('answers 401 to a guest', async () => {
    const res = await api.request('/api/user/profile');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ status: 'ERROR', code: 'unauthenticated', message: 'Unauthenticated.' });
  });

  it('answers every profile field, the balance in the requested currency', async () => {
    const { session, user } = await signedIn({ balanceCents: 1234 });
    const { status, body, res } = await session.get('/api/user/profile?currency=USD');
    expect(status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(body.payload).toEqual({
      id: user.id,
      name: 'Hanna',
      surname: 'Berg',
      full_name: 'Hanna Berg',
      email: user.email,
      email_verified: true,
      phone: null,
      phoneCountryCode: null,
      nationalNumber: null,
      // 12.34 EUR × 1.085 = 13.3889 → 13.39 (half-up to the cent)
      balance: 13.39,
      currency: 'USD',
      // 10.05 EUR × 1.085 = 10.90425 → 10.90
      min_top_up_amount: 10.9,
      avatarUrl: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      country: null,
      city: null,
      address: null,
      post_code: null,
    });
  });

  it('is open to an unverified account (it may need to fix its address)', async () => {
    const { session } = await signedIn({ verified: false });
    expect((await session.get('/api/user/profile')).status).toBe(200);
  });
});

describe('PUT /api/user/profile', () => {
  it('saves trimmed fields, nulls for empty ones, the normalised phone and the country', async () => {
    const { session, user } = await signedIn();
    const { status, body } = await session.put(
      '/api/user/profile',
      profileInput({ email: user.email, country_id: germany }),
    );
    expect(status).toBe(200);
    expect(body.message).toBe('Profile updated successfully');
    expect(body.payload).toMatchObject({
      name: 'Hanna',
      surname: 'Berg-Lind',
      email: user.email,
      email_verified: true,
      phone: '+436641234567',
      phoneCountryCode: 'AT',
      nationalNumber: '6641234567',
      address: 'Alpenweg 5',
      city: 'Innsbruck',
      post_code: null,
      country: { id: germany, name: 'Germany', iso: 'DE' },
    });
    // country_id may also come as a string, and null clears it.
    const cleared = await session.put(
      '/api/user/profile',
      profileInput({ email: user.email, country_id: null, phone: '', nationalNumber: '' }),
    );
    expect(cleared.body.payload).toMatchObject({ country: null, phone: null, phoneCountryCode: null });
    const asString = await session.put(
      '/api/user/profile',
      profileInput({ email: user.email, country_id: String(germany) }),
    );
    expect(asString.body.payload.country.id).toBe(germany);
  });

  it('a new email address needs verifying again: flag reset and a link mailed', async () => {
    const { session, user } = await signedIn();
    const { body } = await session.put(
      '/api/user/profile',
      profileInput({ email: `changed-${user.id}@example.com`, current_password: PASSWORD }),
    );
    expect(body.message).toBe('Profile updated successfully. Please verify your new email address.');
    expect(body.payload.email_verified).toBe(false);
    expect((await session.get('/api/is-auth')).body.emailVerified).toBe(false);
    const mail = await lastMailTo(database().db, `changed-${user.id}@example.com`);
    expect(mail?.text).toContain(`/api/email/verify/${user.id}/`);
  });

  it('refuses an address another account has', async () => {
    const other = await createUser(database().db, { email: 'owner@example.com', password: PASSWORD });
    const { session } = await signedIn();
    const { status, body } = await session.put(
      '/api/user/profile',
      profileInput({ email: 'OWNER@example.com', current_password: PASSWORD }),
    );
    expect(status).toBe(422);
    expect(body.errors.email).toEqual(['This email address is already registered.']);
    expect(other.id).toBeGreaterThan(0);
  });

  it('an email change needs the current password: 422 under current_password when missing or wrong (ADR 009)', async () => {
    const { session, user } = await signedIn();
    const target = `no-password-${user.id}@example.com`;
    const missing = await session.put('/api/user/profile', profileInput({ email: target }));
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({
      status: 'ERROR',
      code: 'validation_failed',
      message: 'Please enter your current password to change your email address.',
      errors: { current_password: ['Please enter your current password to change your email address.'] },
    });
    const wrong = await session.put(
      '/api/user/profile',
      profileInput({ email: target, current_password: 'Not-My-Pass-1' }),
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ current_password: ['The current password is incorrect.'] });
    const overlong = await session.put(
      '/api/user/profile',
      profileInput({ email: target, current_password: 'x'.repeat(5000) }),
    );
    expect(overlong.body.errors).toEqual({ current_password: ['The current password is incorrect.'] });
    const [row] = await database().db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(user.email);
    expect(await lastMailTo(database().db, target)).toBeNull();
    expect(await lastMailTo(database().db, user.email)).toBeNull();
    // In the request's language too.
    const de = await session.put('/api/user/profile', { ...profileInput({ email: target }), lang_id: deLanguage });
    expect(de.body.errors.current_password).toEqual([
      'Bitte geben Sie Ihr aktuelles Passwort ein, um Ihre E-Mail-Adresse zu ändern.',
    ]);
  });

  it(`allows ${EMAIL_CHANGE_LIMIT.limit} email changes per hour, also when 12 arrive at once; the rest are 429 and mail nothing`, async () => {
    const { session, user } = await signedIn();
    await session.csrf();
    const targets = Array.from({ length: 12 }, (_, i) => `burst-${user.id}-${i}@example.com`);
    const replies = await Promise.all(
      targets.map((email) => session.put('/api/user/profile', profileInput({ email, current_password: PASSWORD }))),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(EMAIL_CHANGE_LIMIT.limit);
    const limited = replies.filter((r) => r.status === 429);
    expect(limited).toHaveLength(12 - EMAIL_CHANGE_LIMIT.limit);
    // The email-change limit answers with its hour; under a burst a shorter limit on the same request
    // (the password check) may answer some of them first, so look at the longest wait, not the first reply's.
    expect(Math.max(...limited.map((r) => Number(r.res.headers.get('retry-after'))))).toBeGreaterThan(
      EMAIL_CHANGE_LIMIT.windowSeconds - 60,
    );
    const mailed = (await database().db.select().from(mailOutbox)).filter((m) => targets.includes(m.to));
    expect(mailed).toHaveLength(EMAIL_CHANGE_LIMIT.limit);
    // A registered address costs a change too: no free existence probe.
    await createUser(database().db, { email: `taken-${user.id}@example.com`, password: PASSWORD });
    const probe = await session.put(
      '/api/user/profile',
      profileInput({ email: `taken-${user.id}@example.com`, current_password: PASSWORD }),
    );
    expect(probe.status).toBe(429);
  });

  it('a wrong current password does not use up an email change, but password checks are limited', async () => {
    const { session, user } = await signedIn();
    for (let i = 0; i < CHANGE_PASSWORD_LIMIT.limit - 1; i++) {
      const wrong = await session.put(
        '/api/user/profile',
        profileInput({ email: `typo-${user.id}@example.com`, current_password: `Wrong-${i}-Pass` }),
      );
      expect(wrong.status).toBe(422);
    }
    expect(
      (
        await session.put(
          '/api/user/profile',
          profileInput({ email: `typo-${user.id}@example.com`, current_password: PASSWORD }),
        )
      ).status,
    ).toBe(200);
    const blocked = await session.put(
      '/api/user/profile',
      profileInput({ email: `typo2-${user.id}@example.com`, current_password: PASSWORD }),
    );
    expect(blocked.status).toBe(429);
  });

  it('tells the old address, in the account language, when and to what the email changed, and how to reach support', async () => {
    const db = database().db;
    const { session, user } = await signedIn();
    await db.update(users).set({ languageId: deLanguage }).where(eq(users.id, user.id));
    await db.update(settings).set({ supportEmail: 'help@gear.test' }).where(eq(settings.id, 1));
    invalidateShopBasics(db);
    const before = Date.now();
    const moved = await session.put(
      '/api/user/profile',
      profileInput({ email: `moved-${user.id}@example.com`, current_password: PASSWORD }),
    );
    expect(moved.status).toBe(200);
    const notice = await lastMailTo(db, user.email);
    expect(notice).not.toBeNull();
    expect(notice!.subject).toMatch(/^Ihre E-Mail-Adresse wurde geändert – /);
    expect(notice!.text).toContain(`von ${user.email} in moved-${user.id}@example.com geändert`);
    const day = new Intl.DateTimeFormat('de', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(before));
    expect(notice!.text).toContain(`Am ${day} um `);
    expect(notice!.text).toContain(' UTC wurde die E-Mail-Adresse');
    expect(notice!.text).toContain('unter help@gear.test oder über die Kontaktseite');
    // The German mail links the German contact page (ADR 028).
    expect(notice!.text).toMatch(/Support kontaktieren:\nhttps?:\/\/[^\s/]+\/de\/contact\n/);
    expect(notice!.html).toContain('Hanna');
    // No link that would let whoever reads the old mailbox act on the account.
    expect(notice!.text).not.toContain('/api/email/verify/');
    expect(notice!.text).not.toContain('/reset-password');
  });

  it('reports every invalid field under its name with the §5 headline', async () => {
    const { session } = await signedIn();
    const { status, body } = await session.put('/api/user/profile', {
      name: '   ',
      surname: 's'.repeat(97),
      email: 'nope',
      phone: '+1 202 555 0143',
      phoneCountryCode: 'US',
      nationalNumber: '2025550143',
      address: 'a'.repeat(256),
      city: ['x'],
      post_code: 'p'.repeat(17),
      country_id: 999_999,
    });
    expect(status).toBe(422);
    expect(body.message).toBe('Please fill in all required personal information fields correctly.');
    expect(body.errors).toMatchObject({
      name: ['This field is required'],
      surname: ['Must be at most 96 characters'],
      email: ['Please enter a valid email address'],
      phone: ['This country is not supported.'],
      address: ['Must be at most 255 characters'],
      post_code: ['Must be at most 16 characters'],
    });
    expect(body.errors.city).toBeDefined();
    // An unknown country is only checked once the rest is well-formed enough to look it up.
    const country = await session.put(
      '/api/user/profile',
      profileInput({ email: 'fine@example.com', country_id: 999_999 }),
    );
    expect(country.body.errors).toEqual({ country_id: ['The selected country is invalid.'] });
    const negative = await session.put(
      '/api/user/profile',
      profileInput({ email: 'fine@example.com', country_id: -3 }),
    );
    expect(negative.body.errors.country_id).toEqual(['The selected country is invalid.']);
  });

  it('answers 401 to a guest and 419 without the CSRF token', async () => {
    const guest = await createApiSession(api).put('/api/user/profile', profileInput());
    expect(guest.status).toBe(401);
    const { session } = await signedIn();
    const res = await session.request('/api/user/profile', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': 'wrong' },
      body: JSON.stringify(profileInput()),
    });
    expect(res.status).toBe(419);
  });
});

describe('POST /api/user/change-password', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const { session, user } = await signedIn();
    const other = createApiSession(api);
    await other.signIn(user.email, PASSWORD);
    const { status, body } = await session.post('/api/user/change-password', {
      cur_password: PASSWORD,
      new_password: 'Ridge-Line-88',
      repeat_password: 'Ridge-Line-88',
    });
    expect(status).toBe(200);
    expect(body.message).toBe('Password updated successfully');
    expect((await session.get('/api/is-auth')).body.authenticated).toBe(true);
    expect((await other.get('/api/is-auth')).body.authenticated).toBe(false);
    const live = await database().db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(live.map((s) => s.id)).toEqual([sha256Hex(session.cookies.get('shop_session')!)]);
    expect((await createApiSession(api).signIn(user.email, PASSWORD)).status).toBe(422);
    expect((await createApiSession(api).signIn(user.email, 'Ridge-Line-88')).status).toBe(200);
  });

  it('answers a wrong current password under cur_password', async () => {
    const { session } = await signedIn();
    const { status, body } = await session.post('/api/user/change-password', {
      cur_password: 'Not-It-123',
      new_password: 'Ridge-Line-88',
      repeat_password: 'Ridge-Line-88',
    });
    expect(status).toBe(422);
    expect(body.errors).toEqual({ cur_password: ['The current password is incorrect.'] });
  });

  it('requires all three, non-blank after trimming, matching, following the rules', async () => {
    const { session } = await signedIn();
    const blank = await session.post('/api/user/change-password', {
      cur_password: '   ',
      new_password: '',
      repeat_password: 5,
    });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({
      cur_password: ['Password is required'],
      new_password: ['Password is required'],
      repeat_password: ['Password is required'],
    });
    const mismatch = await session.post('/api/user/change-password', {
      cur_password: PASSWORD,
      new_password: 'Ridge-Line-88',
      repeat_password: 'Ridge-Line-89',
    });
    expect(mismatch.body.errors).toEqual({ repeat_password: ['Passwords do not match'] });
    const weak = await session.post('/api/user/change-password', {
      cur_password: PASSWORD,
      new_password: 'ridgeline',
      repeat_password: 'ridgeline',
    });
    expect(weak.body.errors).toEqual({
      new_password: ['Password must contain at least one lower-case letter, one upper-case letter and one digit'],
    });
  });

  it('answers 401 to a guest', async () => {
    const { status, body } = await createApiSession(api).post('/api/user/change-password', {});
    expect(status).toBe(401);
    expect(body).toEqual({ status: 'ERROR', code: 'unauthenticated', message: 'Unauthenticated.' });
  });
});
