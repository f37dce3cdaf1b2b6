/**
 * POST /api/contact-us (accounts spec §2 Contact page, §5, §8): stored, mailed to the
 * support address, validated like the form, CSRF-protected and rate-limited per address.
 */
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { CONTACT_RATE_LIMIT } from '@/server/api/contact.routes';
import { contactMessages, settings } from '@/server/db/schema/index';
import { invalidateShopBasics } from '@/server/services/request-context';
import { useTestDatabase } from '../helpers/db';
import { lastMailTo, seedAccountsFixture } from '../helpers/fixture-accounts';
import { createApiSession, createUser } from '../helpers/session';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
const SUPPORT = 'help@fixture.test';
let ip = 0;

beforeAll(async () => {
  await seedAccountsFixture(database().db);
});

/** Each call from its own address unless one is given, so the limit only shows where tested. */
function session(address = `192.0.2.${++ip}`) {
  return createApiSession(api, { clientAddress: address });
}

const valid = (over: Record<string, unknown> = {}) => ({
  name: ' Ann ',
  surname: 'Walker',
  email: 'ann.walker@example.com',
  phone: '+43 664 1234567',
  phoneCountryCode: 'AT',
  nationalNumber: '664 1234567',
  topic: 'Where is my tent?',
  message: 'Hello,\nmy order has not arrived yet.',
  ...over,
});

async function newestMessage() {
  const [row] = await database().db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(1);
  return row;
}

describe('POST /api/contact-us', () => {
  it('stores a guest message and mails it to the support address', async () => {
    const { status, body } = await session().post('/api/contact-us', valid());
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'OK', payload: null, message: 'Message sent successfully!' });
    expect(await newestMessage()).toMatchObject({
      userId: null,
      name: 'Ann',
      surname: 'Walker',
      email: 'ann.walker@example.com',
      phone: '+436641234567',
      phoneCountryCode: 'AT',
      nationalNumber: '6641234567',
      topic: 'Where is my tent?',
      message: 'Hello,\nmy order has not arrived yet.',
    });
    const mail = await lastMailTo(database().db, SUPPORT);
    expect(mail).not.toBeNull();
    expect(mail!.subject).toBe('Contact form: Where is my tent?');
    expect(mail!.text).toContain('Answer the sender at ann.walker@example.com');
    expect(mail!.text).toContain('Phone: +436641234567');
    expect(mail!.text).toContain('my order has not arrived yet.');
    expect(mail!.html).toContain('mailto:ann.walker@example.com');
  });

  it('records the customer when signed in, and answers in the request language', async () => {
    const user = await createUser(database().db, { email: 'contact-customer@example.com', password: 'Basecamp-77' });
    const s = session();
    expect((await s.signIn(user.email, 'Basecamp-77')).status).toBe(200);
    const { status, body } = await s.post('/api/contact-us', valid({ topic: 'Signed in' }));
    expect(status).toBe(200);
    expect(body.message).toBe('Message sent successfully!');
    expect(await newestMessage()).toMatchObject({ userId: user.id, topic: 'Signed in' });
    expect((await lastMailTo(database().db, SUPPORT))!.text).toContain(`Customer account: #${user.id}`);
  });

  it('answers 422 with every missing field', async () => {
    const before = (await database().db.select().from(contactMessages)).length;
    const { status, body } = await session().post('/api/contact-us', {});
    expect(status).toBe(422);
    expect(body.status).toBe('ERROR');
    expect(body.message).toBe('Please fill in all required fields.');
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'message', 'name', 'phone', 'surname', 'topic']);
    expect(body.errors.name).toEqual(['This field is required']);
    expect(body.errors.phone).toEqual(['This field is required']);
    expect((await database().db.select().from(contactMessages)).length).toBe(before);
  });

  it('checks the email, the phone and the lengths', async () => {
    const bad = await session().post(
      '/api/contact-us',
      valid({ email: 'not-an-email', phone: '+43 1', nationalNumber: '1' }),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      email: ['Please enter a valid email address'],
      phone: ['Please enter a valid phone number'],
    });
    expect(bad.body.message).toBe('Please enter a valid email address');

    // A US number: the fixture shop lists NL, AT and DE only.
    const foreign = await session().post(
      '/api/contact-us',
      valid({ phone: '+1 415 555 0142', phoneCountryCode: 'US', nationalNumber: '4155550142' }),
    );
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ phone: ['This country is not supported.'] });

    const long = await session().post('/api/contact-us', valid({ message: 'x'.repeat(5001), name: 'n'.repeat(97) }));
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({
      name: ['Must be at most 96 characters'],
      message: ['Must be at most 5000 characters'],
    });

    expect((await session().post('/api/contact-us', valid({ message: 'x'.repeat(5000) }))).status).toBe(200);
  });

  it('answers a malformed body with 400 and a request without the CSRF header with 419', async () => {
    const s = session();
    await s.csrf();
    const raw = await s.request('/api/contact-us', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '[1]',
    });
    expect(raw.status).toBe(400);
    const noCsrf = await api.request('/api/contact-us', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(valid()),
    });
    expect(noCsrf.status).toBe(419);
    expect(await noCsrf.json()).toEqual({ status: 'ERROR', code: 'csrf_mismatch', message: 'CSRF token mismatch.' });
  });

  it(`allows ${CONTACT_RATE_LIMIT.limit} messages per ${CONTACT_RATE_LIMIT.windowSeconds / 60} minutes per address, then 429`, async () => {
    const s = session('198.18.0.77');
    for (let i = 0; i < CONTACT_RATE_LIMIT.limit; i++) {
      expect((await s.post('/api/contact-us', valid({ topic: `Try ${i}` }))).status).toBe(200);
    }
    const blocked = await s.post('/api/contact-us', valid({ topic: 'One too many' }));
    expect(blocked.status).toBe(429);
    expect(blocked.res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(blocked.body.message).toMatch(/^Too many requests/);
    // Another address is not affected.
    expect((await session('198.18.0.78').post('/api/contact-us', valid())).status).toBe(200);
  });

  it('keeps the message when the shop has no support address (nothing to mail)', async () => {
    const db = database().db;
    await db.update(settings).set({ supportEmail: '' }).where(eq(settings.id, 1));
    invalidateShopBasics(db);
    try {
      const { status } = await session().post('/api/contact-us', valid({ topic: 'Nobody home' }));
      expect(status).toBe(200);
      expect(await newestMessage()).toMatchObject({ topic: 'Nobody home' });
    } finally {
      await db.update(settings).set({ supportEmail: SUPPORT }).where(eq(settings.id, 1));
      invalidateShopBasics(db);
    }
  });
});
