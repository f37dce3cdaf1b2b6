/**
 * The contact form's acknowledgement to the sender (ADR 023 "What the customer sees"): in the
 * language they wrote in, HTML and text, with their topic, a copy of their message (escaped) and
 * that the shop will answer; beside the support mail, and no more of them than the rate limit
 * lets messages through. Over real SMTP (the shop's SMTP_URL points at a local mailbox). Both
 * engines.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@/server/api/app';
import { CONTACT_RATE_LIMIT } from '@/server/api/contact.routes';
import { config } from '@/server/config';
import { languages, mailOutbox } from '@/server/db/schema/index';
import { closeMailTransports } from '@/server/mail/index';
import { useTestDatabase } from '../helpers/db';
import { seedAccountsFixture } from '../helpers/fixture-accounts';
import { createApiSession } from '../helpers/session';
import { type TestMailbox, startTestMailbox } from '../helpers/smtp';

const database = useTestDatabase({ seed: 'none' });
const api = createApi();
let box: TestMailbox;
let previousSmtp: string | undefined;
let ip = 0;

beforeAll(async () => {
  await seedAccountsFixture(database().db);
  box = await startTestMailbox({ unref: true });
  const cfg = config() as { SMTP_URL?: string };
  previousSmtp = cfg.SMTP_URL;
  cfg.SMTP_URL = box.url;
});

afterAll(async () => {
  (config() as { SMTP_URL?: string }).SMTP_URL = previousSmtp;
  closeMailTransports();
  await box?.close();
});

const valid = (over: Record<string, unknown> = {}) => ({
  name: 'Ann',
  surname: 'Walker',
  email: 'ann.walker@example.com',
  phone: '+43 664 1234567',
  phoneCountryCode: 'AT',
  nationalNumber: '664 1234567',
  topic: 'Where is my tent?',
  message: 'Hello,\nmy order <b>has not</b> arrived yet.',
  ...over,
});

describe('contact acknowledgement', () => {
  it('sends the sender their topic and a copy of their message, escaped, in English by default', async () => {
    const s = createApiSession(api, { clientAddress: `192.0.2.${++ip}` });
    expect((await s.post('/api/contact-us', valid({ email: 'ack-en@example.com' }))).status).toBe(200);
    const mail = await box.waitFor('ack-en@example.com', { timeoutMs: 15_000 });
    expect(mail.subject).toBe('We have received your message: Where is my tent? – Gear Shop');
    expect(mail.text).toContain('Hello Ann,');
    expect(mail.text).toContain(
      'We have received your message about “Where is my tent?”. This is a copy of what you wrote:',
    );
    expect(mail.text.replace(/\r\n/g, '\n')).toContain('Hello,\nmy order <b>has not</b> arrived yet.');
    expect(mail.text).toContain('Our team will answer you by email as soon as possible.');
    expect(mail.html).toContain('my order &#60;b&#62;has not&#60;/b&#62; arrived yet.');
    expect(mail.html).not.toContain('<b>has not</b>');
  });

  it('is in the language the sender wrote in', async () => {
    const [de] = await database().db.select({ id: languages.id }).from(languages).where(eq(languages.code, 'de'));
    const s = createApiSession(api, { clientAddress: `192.0.2.${++ip}` });
    expect(
      (await s.post('/api/contact-us', { ...valid({ email: 'ack-de@example.com' }), lang_id: de!.id })).status,
    ).toBe(200);
    const mail = await box.waitFor('ack-de@example.com', { timeoutMs: 15_000 });
    expect(mail.subject).toBe('Wir haben Ihre Nachricht erhalten: Where is my tent? – Gear Shop');
    expect(mail.text).toContain('Unser Team antwortet Ihnen so bald wie möglich per E-Mail.');
  });

  it('is sent no more often than the rate limit lets messages through', async () => {
    const s = createApiSession(api, { clientAddress: '198.18.0.99' });
    const to = 'ack-limit@example.com';
    const statuses: number[] = [];
    for (let i = 0; i < CONTACT_RATE_LIMIT.limit + 2; i++)
      statuses.push((await s.post('/api/contact-us', valid({ email: to, topic: `Try ${i}` }))).status);
    expect(statuses).toEqual([...Array(CONTACT_RATE_LIMIT.limit).fill(200), 429, 429]);
    expect(await database().db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).toHaveLength(
      CONTACT_RATE_LIMIT.limit,
    );
  });
});
