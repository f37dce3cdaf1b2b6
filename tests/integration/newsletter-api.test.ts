import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { NEWSLETTER_RATE_LIMIT } from '@/server/api/newsletter.routes';
import { eq } from 'drizzle-orm';
import { mailOutbox, newsletterSubscriptions } from '@/server/db/schema/index';
import { fileMessages } from '@/server/i18n/index';
import { requestSubscription } from '@/server/services/newsletter';
import { NEWSLETTER_CONFIRM_MAIL_LIMIT } from '@/server/services/newsletter-confirm.server';
import { hmacHex, sha256Hex } from '@/server/services/auth/crypto';
import { linkSigningKey } from '@/server/services/auth/secrets';
import { lastMailTo, linkIn } from '../helpers/fixture-accounts';
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

/** The confirmation mail is sent after the answer; wait for it to reach the outbox. */
async function waitForMail(to: string) {
  for (let i = 0; i < 100; i++) {
    const mail = await lastMailTo(database().db, to);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to}`);
}

async function mailsTo(to: string) {
  return database().db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
}

async function rows() {
  return database().db.select().from(newsletterSubscriptions).orderBy(newsletterSubscriptions.id);
}

describe('POST /api/newsletter/subscribe', () => {
  it('records a new address unconfirmed, trimmed and lower-cased, and mails a confirmation link in the language', async () => {
    const { res, body } = await subscribe({ email: '  Ann.Walker@Example.COM ', lang_id: fx.lang.de });
    expect(res.status).toBe(200);
    expect(body).toEqual({
      status: 'OK',
      payload: { email: 'ann.walker@example.com' },
      message: fileMessage('de', 'footer.newsletter.confirmSent'),
    });
    const stored = await rows();
    expect(stored).toHaveLength(1);
    // Not a subscriber until the link is followed.
    expect(stored[0]).toMatchObject({ email: 'ann.walker@example.com', languageId: fx.lang.de, confirmedAt: null });
    expect(res.headers.get('cache-control')).toBeNull();
    const mail = await waitForMail('ann.walker@example.com');
    expect(mail.subject).toBe('Bestätigen Sie Ihr Newsletter-Abonnement – Gear Shop');
    expect(mail.text).toContain('Abonnement bestätigen:');
    expect(linkIn(mail.text, '/api/newsletter/confirm/')).toMatch(
      /\/api\/newsletter\/confirm\/\d+\?expires=\d+&signature=[0-9a-f]{64}$/,
    );
  });

  it("the link subscribes the address once, and lands on a page that says so in the shopper's language", async () => {
    await subscribe({ email: 'cleo@example.com' });
    const link = new URL(linkIn((await waitForMail('cleo@example.com')).text, '/api/newsletter/confirm/'));
    const followed = await api.request(link.pathname + link.search);
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe('/newsletter/confirmed');
    expect(followed.headers.get('cache-control')).toBe('no-store');
    const [row] = (await rows()).filter((r) => r.email === 'cleo@example.com');
    expect(row!.confirmedAt).toBeInstanceOf(Date);
    const again = await api.request(link.pathname + link.search);
    expect(again.headers.get('location')).toBe('/newsletter/confirmed');
    expect((await rows()).filter((r) => r.email === 'cleo@example.com')[0]!.confirmedAt!.getTime()).toBe(
      row!.confirmedAt!.getTime(),
    );
  });

  it('refuses a changed, foreign or expired link without subscribing anyone', async () => {
    await subscribe({ email: 'dora@example.com' });
    await subscribe({ email: 'eve@example.com' });
    const dora = new URL(linkIn((await waitForMail('dora@example.com')).text, '/api/newsletter/confirm/'));
    const eve = (await rows()).find((r) => r.email === 'eve@example.com')!;
    const signature = dora.searchParams.get('signature')!;
    const expires = dora.searchParams.get('expires')!;
    const tries = [
      `/api/newsletter/confirm/${eve.id}?expires=${expires}&signature=${signature}`,
      `${dora.pathname}?expires=${Number(expires) + 1}&signature=${signature}`,
      `${dora.pathname}?expires=${expires}&signature=${'0'.repeat(64)}`,
      `${dora.pathname}?expires=${expires}`,
    ];
    for (const path of tries)
      expect((await api.request(path)).headers.get('location'), path).toBe('/newsletter/invalid');
    const db = database().db;
    const key = await linkSigningKey(db);
    const past = Math.floor(Date.now() / 1000) - 1;
    const doraRow = (await rows()).find((r) => r.email === 'dora@example.com')!;
    const expiredSignature = hmacHex(key, `newsletter-confirm|${doraRow.id}|${sha256Hex('dora@example.com')}|${past}`);
    expect(
      (await api.request(`${dora.pathname}?expires=${past}&signature=${expiredSignature}`)).headers.get('location'),
    ).toBe('/newsletter/invalid');
    expect(
      (await rows())
        .filter((r) => ['dora@example.com', 'eve@example.com'].includes(r.email))
        .every((r) => r.confirmedAt === null),
    ).toBe(true);
  });

  it('answers a known address exactly like a new one: no "already subscribed" oracle', async () => {
    const fresh = await subscribe({ email: 'fresh-oracle@example.com' });
    await subscribe({ email: 'known-oracle@example.com' });
    const link = new URL(linkIn((await waitForMail('known-oracle@example.com')).text, '/api/newsletter/confirm/'));
    await api.request(link.pathname + link.search);
    const known = await subscribe({ email: 'KNOWN-oracle@example.com' });
    expect(known.res.status).toBe(fresh.res.status);
    expect(known.body).toEqual({ ...fresh.body, payload: { email: 'known-oracle@example.com' } });
    expect((await rows()).filter((r) => r.email === 'known-oracle@example.com')).toHaveLength(1);
    // A confirmed subscriber gets no new mail.
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailsTo('known-oracle@example.com')).toHaveLength(1);
  });

  it(`asking again for an unconfirmed address resends, at most ${NEWSLETTER_CONFIRM_MAIL_LIMIT.limit} mails an hour, also in parallel`, async () => {
    const email = 'again@example.com';
    const replies = await Promise.all(Array.from({ length: 8 }, (_, i) => subscribe({ email }, `203.0.113.${i + 1}`)));
    expect(
      replies.every(
        (r) =>
          r.res.status === 200 &&
          r.body.message ===
            'Thank you for subscribing! Please confirm your address with the link we have sent you by email.',
      ),
    ).toBe(true);
    await waitForMail(email);
    await new Promise((r) => setTimeout(r, 500));
    expect(await mailsTo(email)).toHaveLength(NEWSLETTER_CONFIRM_MAIL_LIMIT.limit);
    expect((await rows()).filter((r) => r.email === email)).toEqual([expect.objectContaining({ confirmedAt: null })]);
  });

  it('keeps one row when the same address arrives twice at once', async () => {
    const db = database().db;
    const requests = await Promise.all([
      requestSubscription(db, 'race@example.com', null),
      requestSubscription(db, 'Race@Example.com', null),
      requestSubscription(db, 'race@example.com ', null),
    ]);
    expect(new Set(requests.map((r) => r.id)).size).toBe(1);
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
      code: 'validation_failed',
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
    expect(result.body).toEqual({ status: 'ERROR', code: 'bad_request', message });
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
    expect(blocked.body).toEqual({
      status: 'ERROR',
      code: 'rate_limited',
      message: `Too many requests. Please try again in ${retry} seconds.`,
    });
    expect((await rows()).some((r) => r.email === 'limit-last@example.com')).toBe(false);
    // Another address still gets through.
    expect((await subscribe({ email: 'limit-last@example.com' }, '198.51.100.8')).res.status).toBe(200);
  });
});

function fileMessage(code: string, key: string): string {
  return fileMessages(code)[key]!;
}
