import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/api/app';
import { NEWSLETTER_RATE_LIMIT } from '../../src/server/api/newsletter.routes';
import { newsletterSubscriptions } from '../../src/server/db/schema/index';
import { fileMessages } from '../../src/server/i18n/index';
import { subscribeToNewsletter } from '../../src/server/services/newsletter';
import { useTestDatabase } from '../helpers/db';
import { createApiSession } from '../helpers/session';
import { type ContentFixture, seedContentFixture } from '../helpers/fixture-content';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
let fx: ContentFixture;
let ipCounter = 0;

beforeAll(async () => {
  fx = await seedContentFixture(database().db);
});

/** Each call from its own address unless one is given, so the limit only shows where tested. */
async function subscribe(body: unknown, ip = `192.0.2.${++ipCounter}`) {
  const session = createApiSession(api, { clientAddress: ip });
  await session.csrf();
  const res = await session.request('/api/newsletter/subscribe', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { res, body: (await res.json()) as any };
}

async function rows() {
  return database().db.select().from(newsletterSubscriptions).orderBy(newsletterSubscriptions.id);
}

describe('POST /api/newsletter/subscribe', () => {
  it('subscribes a new address, trimmed and lower-cased, with the language', async () => {
    const { res, body } = await subscribe({ email: '  Ann.Walker@Example.COM ', lang_id: fx.lang.de });
    expect(res.status).toBe(200);
    expect(body).toEqual({
      status: 'OK',
      payload: { email: 'ann.walker@example.com', already_subscribed: false },
      message: fileMessage('de', 'footer.newsletter.success'),
    });
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ email: 'ann.walker@example.com', languageId: fx.lang.de });
    expect(res.headers.get('cache-control')).toBeNull();
  });

  it('answers a second subscription with a clear message and keeps one row', async () => {
    const { res, body } = await subscribe({ email: 'ANN.WALKER@example.com' });
    expect(res.status).toBe(200);
    expect(body).toEqual({
      status: 'OK',
      payload: { email: 'ann.walker@example.com', already_subscribed: true },
      message: 'You are already subscribed.',
    });
    expect((await rows()).filter((r) => r.email === 'ann.walker@example.com')).toHaveLength(1);
  });

  it('English success text by default', async () => {
    const { body } = await subscribe({ email: 'bob@example.com' });
    expect(body.message).toBe('Thank you for subscribing!');
  });

  it('keeps one row when the same address arrives twice at once', async () => {
    const db = database().db;
    const outcomes = await Promise.all([
      subscribeToNewsletter(db, 'race@example.com', null),
      subscribeToNewsletter(db, 'Race@Example.com', null),
      subscribeToNewsletter(db, 'race@example.com ', null),
    ]);
    expect(outcomes.filter((o) => o === 'subscribed')).toHaveLength(1);
    expect((await rows()).filter((r) => r.email === 'race@example.com')).toHaveLength(1);
  });

  it.each([
    ['missing', {}],
    ['empty', { email: '' }],
    ['blank', { email: '   ' }],
    ['not an address', { email: 'not-an-email' }],
    ['no domain', { email: 'ann@' }],
    ['a number', { email: 42 }],
    ['too long', { email: `${'a'.repeat(64)}@${'b'.repeat(190)}.com` }],
  ])('answers 422 for %s', async (_label, body) => {
    const before = (await rows()).length;
    const result = await subscribe(body);
    expect(result.res.status).toBe(422);
    expect(result.body).toEqual({
      status: 'ERROR',
      message: 'Please enter a valid email address',
      errors: { email: ['Please enter a valid email address'] },
    });
    expect((await rows()).length).toBe(before);
  });

  it.each([
    ['an array body', [1], 'The request body must be a JSON object.'],
    ['malformed JSON', '{"email":', 'Malformed JSON in request body'],
  ])('answers 400 for %s, as every API route does', async (_label, body, message) => {
    const before = (await rows()).length;
    const result = await subscribe(body);
    expect(result.res.status).toBe(400);
    expect(result.body).toEqual({ status: 'ERROR', message });
    expect((await rows()).length).toBe(before);
  });

  it('gives the validation message in the request language', async () => {
    const { res, body } = await subscribe({ email: 'nope', lang_id: fx.lang.fr });
    expect(res.status).toBe(422);
    expect(body.message).toBe(fileMessage('fr', 'validation.invalidEmail'));
  });

  it('answers 422 for an unknown currency or language in the body', async () => {
    expect((await subscribe({ email: 'x@example.com', currency: 'XXX' })).res.status).toBe(422);
    expect((await subscribe({ email: 'x@example.com', lang_id: 999 })).res.status).toBe(422);
    expect((await rows()).some((r) => r.email === 'x@example.com')).toBe(false);
  });

  it(`allows ${NEWSLETTER_RATE_LIMIT.limit} attempts per minute per address, then 429 with Retry-After`, async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < NEWSLETTER_RATE_LIMIT.limit; i++) {
      const attempt = await subscribe({ email: i % 2 ? 'bad' : `limit${i}@example.com` }, ip);
      expect(attempt.res.status).not.toBe(429);
    }
    const blocked = await subscribe({ email: 'limit-last@example.com' }, ip);
    expect(blocked.res.status).toBe(429);
    const retry = Number(blocked.res.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    expect(blocked.body).toEqual({ status: 'ERROR', message: `Too many requests. Please try again in ${retry} seconds.` });
    expect((await rows()).some((r) => r.email === 'limit-last@example.com')).toBe(false);
    // Another address still gets through.
    expect((await subscribe({ email: 'limit-last@example.com' }, '198.51.100.8')).res.status).toBe(200);
  });
});

function fileMessage(code: string, key: string): string {
  return fileMessages(code)[key]!;
}
