import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '@/server/db/schema/index';
import { getTranslator } from '@/server/i18n/index';
import {
  MAX_MAIL_ATTEMPTS,
  closeMailTransports,
  createMailer,
  defaultMailer,
  mailLocale,
  renderPasswordResetMail,
  renderVerificationMail,
  retryUnsentMail,
  sendMail,
  startMailRetry,
} from '@/server/mail/index';
import { getOutboxMail, listOutbox } from '@/server/mail/mailbox';
import { useTestDatabase } from '../helpers/db';
import { type TestMailbox, startTestMailbox, unusedPort } from '../helpers/smtp';

const database = useTestDatabase();
const db = () => database().db;
const FROM = 'Gear Shop <shop@test.local>';
const LATER = () => new Date(Date.now() + 30 * 60_000);

let box: TestMailbox;
beforeAll(async () => {
  box = await startTestMailbox();
});
afterAll(async () => {
  closeMailTransports();
  await box?.close();
});

async function row(id: number) {
  const [found] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return found!;
}

describe('sendMail over SMTP', () => {
  it('delivers HTML and text to the SMTP server and marks the outbox row sent', async () => {
    const mailer = createMailer({ smtpUrl: box.url, from: FROM });
    const longLine = `Ein sehr langer Satz mit Umlauten äöü ß und einem Link ${'x'.repeat(200)} `.repeat(3);
    const result = await sendMail(
      db(),
      {
        to: 'ann@example.com',
        subject: 'Grüße – hello',
        html: `<p>${longLine}</p><p><a href="https://shop.test/a?x=1&amp;y=2">go</a></p>`,
        text: `${longLine}\nhttps://shop.test/a?x=1&y=2`,
      },
      { mailer },
    );
    expect(result).toMatchObject({ sent: true, error: null });

    const mail = await box.waitFor('ann@example.com');
    expect(mail.to).toEqual(['ann@example.com']);
    expect(mail.from).toContain('shop@test.local');
    expect(mail.subject).toBe('Grüße – hello');
    // nodemailer wraps the long non-ASCII lines in quoted-printable; the mailbox decodes it.
    expect(mail.raw).toMatch(/Content-Transfer-Encoding: quoted-printable/i);
    expect(mail.text).toContain(longLine.trim());
    expect(mail.html).toContain(longLine.trim());
    expect(mail.links).toEqual(['https://shop.test/a?x=1&y=2']);

    const stored = await row(result.id);
    expect(stored.sentAt).toBeInstanceOf(Date);
    expect(stored.attempts).toBe(1);
    expect(stored.lastError).toBeNull();
    expect(stored.subject).toBe('Grüße – hello');
  });

  it('keeps the mail in the outbox only when there is no SMTP (the dev/demo delivery)', async () => {
    // The test environment has no SMTP_URL: the default mailer is the outbox.
    expect(defaultMailer()).toBeNull();
    const result = await sendMail(db(), { to: 'kept@example.com', subject: 'Kept', html: '<p>x</p>', text: 'x' });
    expect(result).toMatchObject({ sent: false, error: null });
    const stored = await row(result.id);
    expect(stored).toMatchObject({ to: 'kept@example.com', sentAt: null, attempts: 0, lastError: null });

    // Never sent later, even once SMTP is there.
    const mailer = createMailer({ smtpUrl: box.url, from: FROM });
    await retryUnsentMail(db(), { mailer, now: LATER() });
    expect((await row(result.id)).sentAt).toBeNull();
    expect(box.messages.some((m) => m.to.includes('kept@example.com'))).toBe(false);
  });

  it('keeps a mail whose SMTP server is down without throwing, and the retry sends it once the server is up', async () => {
    const port = await unusedPort();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM });
    const result = await sendMail(
      db(),
      { to: 'bob@example.com', subject: 'Later', html: '<p>later</p>', text: 'later' },
      { mailer },
    );
    expect(result.sent).toBe(false);
    expect(result.error).toMatch(/ECONNREFUSED|connect/i);
    let stored = await row(result.id);
    expect(stored).toMatchObject({ sentAt: null, attempts: 1 });
    expect(stored.lastError).toMatch(/ECONNREFUSED|connect/i);

    // Not due yet: the first retry waits a minute after the mail was created.
    expect(await retryUnsentMail(db(), { mailer })).toEqual({ sent: 0, failed: 0 });

    // Still down when due: one more attempt recorded.
    expect(await retryUnsentMail(db(), { mailer, now: LATER() })).toEqual({ sent: 0, failed: 1 });
    expect((await row(result.id)).attempts).toBe(2);

    const late = await startTestMailbox({ port });
    try {
      expect(await retryUnsentMail(db(), { mailer, now: LATER() })).toEqual({ sent: 1, failed: 0 });
      const mail = await late.waitFor('bob@example.com');
      expect(mail.subject).toBe('Later');
      stored = await row(result.id);
      expect(stored.sentAt).toBeInstanceOf(Date);
      expect(stored).toMatchObject({ attempts: 3, lastError: null });
      // Sent once: nothing left to retry.
      expect(await retryUnsentMail(db(), { mailer, now: LATER() })).toEqual({ sent: 0, failed: 0 });
      expect(late.messages).toHaveLength(1);
    } finally {
      closeMailTransports();
      await late.close();
    }
  });

  it('gives up after MAX_MAIL_ATTEMPTS and never sends a mail twice when two retries race', async () => {
    const old = new Date(Date.now() - 60 * 60_000);
    const [exhausted] = await db()
      .insert(mailOutbox)
      .values({
        to: 'gone@example.com',
        subject: 'Gone',
        html: '<p>g</p>',
        text: 'g',
        attempts: MAX_MAIL_ATTEMPTS,
        lastError: 'x',
        createdAt: old,
      })
      .returning();
    const racers = ['race1@example.com', 'race2@example.com', 'race3@example.com'];
    const due = await db()
      .insert(mailOutbox)
      .values(
        racers.map((to) => ({
          to,
          subject: 'Race',
          html: '<p>r</p>',
          text: 'r',
          attempts: 1,
          lastError: 'x',
          createdAt: old,
        })),
      )
      .returning();
    const mailer = createMailer({ smtpUrl: box.url, from: FROM });
    const runs = await Promise.all([1, 2, 3, 4].map(() => retryUnsentMail(db(), { mailer })));
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(racers.length);
    for (const to of racers) await box.waitFor(to);
    for (const to of racers) expect(box.messages.filter((m) => m.to.includes(to))).toHaveLength(1);
    for (const mail of due) expect((await row(mail.id)).sentAt).toBeInstanceOf(Date);
    expect((await row(exhausted!.id)).sentAt).toBeNull();
    expect(box.messages.some((m) => m.to.includes('gone@example.com'))).toBe(false);
  });

  it('startMailRetry retries due mail on its timer and stops', async () => {
    expect(typeof startMailRetry(database(), { mailer: null })).toBe('function');
    await db()
      .insert(mailOutbox)
      .values({
        to: 'timer@example.com',
        subject: 'Timer',
        html: '<p>t</p>',
        text: 't',
        attempts: 1,
        createdAt: new Date(Date.now() - 5 * 60_000),
      });
    const stop = startMailRetry(database(), { mailer: createMailer({ smtpUrl: box.url, from: FROM }), intervalMs: 50 });
    try {
      const mail = await box.waitFor('timer@example.com', { timeoutMs: 5_000 });
      expect(mail.subject).toBe('Timer');
    } finally {
      await stop();
    }
  });
});

describe('mail templates in the recipient language', () => {
  const url = 'https://shop.test/api/email/verify/7/abc?expires=1700000000&signature=d3adb33f';
  const cases = [
    {
      language: 'en',
      verify: 'Verify your email address – Gear Shop',
      reset: 'Reset your password – Gear Shop',
      hello: 'Hello Ann,',
    },
    {
      language: 'de',
      verify: 'Bestätigen Sie Ihre E-Mail-Adresse – Gear Shop',
      reset: 'Passwort zurücksetzen – Gear Shop',
      hello: 'Hallo Ann,',
    },
    {
      language: 'fr',
      verify: 'Confirmez votre adresse e-mail – Gear Shop',
      reset: 'Réinitialisez votre mot de passe – Gear Shop',
      hello: 'Bonjour Ann,',
    },
  ];

  for (const { language, verify, reset, hello } of cases) {
    it(`${language}: verification and reset mails arrive with the link as button and as text`, async () => {
      const t = await getTranslator(db(), language);
      const mailer = createMailer({ smtpUrl: box.url, from: FROM });
      const to = `ann.${language}@example.com`;

      const verification = renderVerificationMail({ language, t, name: 'Ann', url });
      await sendMail(db(), { to, ...verification }, { mailer });
      const got = await box.waitFor(to);
      expect(got.subject).toBe(verify);
      expect(got.html).toContain(`<html lang="${language}">`);
      expect(got.text).toContain(hello);
      expect(got.html).toContain(hello);
      expect(got.text).toContain(url);
      expect(got.links).toEqual([url]);
      // The button and the plain link in the HTML both point at it.
      expect(
        got.html.match(
          /href="https:\/\/shop\.test\/api\/email\/verify\/7\/abc\?expires=1700000000&#38;signature=d3adb33f"/g,
        ),
      ).toHaveLength(2);

      const resetUrl = `https://shop.test/reset-password?token=t0k3n&email=${encodeURIComponent(to)}`;
      await sendMail(
        db(),
        { to, ...renderPasswordResetMail({ language, t, name: 'Ann', url: resetUrl, expiresMinutes: 60 }) },
        { mailer },
      );
      const resetMail = await box.waitFor(to);
      expect(resetMail.subject).toBe(reset);
      expect(resetMail.text).toContain(resetUrl);
      expect(resetMail.text).toContain('60');
      expect(resetMail.links).toEqual([resetUrl]);
    });
  }

  it('escapes a hostile name in the HTML and keeps it readable in the text', async () => {
    const name = '<script>alert(1)</script><img src=x onerror="alert(2)"> & "Bob"';
    const content = renderVerificationMail({ language: 'en', name, url });
    expect(content.html).not.toMatch(/<script|<img|onerror="/i);
    expect(content.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(content.text).toContain(`Hello ${name},`);

    await sendMail(
      db(),
      { to: 'hostile@example.com', ...content },
      { mailer: createMailer({ smtpUrl: box.url, from: FROM }) },
    );
    const got = await box.waitFor('hostile@example.com');
    expect(got.html).not.toMatch(/<script|<img/i);
    expect(got.links).toEqual([url]);
  });

  it('mailLocale picks the language of a user, English for none, with texts edited in the database', async () => {
    expect((await mailLocale(db(), null)).language).toBe('en');
    expect((await mailLocale(db(), 999_999)).language).toBe('en');
    const { t } = await mailLocale(db(), undefined);
    expect(t('mail.verify.action')).toBe('Verify email address');
  });
});

describe('dev mailbox data', () => {
  it('lists the outbox newest first and reads one mail by its id', async () => {
    const list = await listOutbox(db());
    expect(list.length).toBeGreaterThan(3);
    // Newest first is the order of writing: by id (the mail log pages on it).
    const ids = list.map((m) => m.id);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);
    expect(list[0]).not.toHaveProperty('html');

    const newest = list[0]!;
    const mail = await getOutboxMail(db(), String(newest.id));
    expect(mail?.subject).toBe(newest.subject);
    expect(await getOutboxMail(db(), 'abc')).toBeNull();
    expect(await getOutboxMail(db(), '99999999')).toBeNull();
    expect(await getOutboxMail(db(), undefined)).toBeNull();
  });
});
