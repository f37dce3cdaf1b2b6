import { describe, expect, it } from 'vitest';
import { parseConfig } from '@/server/config';
import { MAX_MAIL_ATTEMPTS, inFlightSince, retryDue } from '@/server/mail/mailer';
import { fileMessages } from '@/server/i18n/messages';
import { createTranslator } from '@/server/i18n/translator';
import {
  MAIL_PREVIEW_CSP,
  extractLinks,
  formatMailTime,
  mailPreviewHtml,
  mailStatus,
  mailStatusText,
  mailboxEnabled,
} from '@/server/mail/mailbox';
import {
  escapeHtml,
  fileTranslator,
  formatMailDate,
  renderEmailChangedMail,
  renderMailLayout,
  renderNewsletterConfirmMail,
  renderPasswordResetMail,
  renderVerificationMail,
} from '@/server/mail/templates';
import { decodeHeader, parseMail } from '../helpers/smtp';

const url = 'https://shop.test/api/email/verify/3/h4sh?expires=1&signature=abc';

describe('mail templates', () => {
  it('writes the verification mail in the language asked for, with the link as button and text', () => {
    const en = renderVerificationMail({ language: 'en', name: 'Ann', url });
    expect(en.subject).toBe('Verify your email address – Gear Shop');
    expect(en.html).toContain('<html lang="en">');
    expect(en.html).toContain('Gear Shop');
    expect(en.text).toContain(`Verify email address:\n${url}`);
    expect(extractLinks(en.html)).toEqual([url]);
    expect(en.html).toContain('<title>Verify your email address – Gear Shop</title>');

    const de = renderVerificationMail({ language: 'de', name: 'Anna', url, expiresMinutes: 60 });
    expect(de.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse – Gear Shop');
    expect(de.text).toContain('Hallo Anna,');
    expect(de.text).toContain('60 Minuten');

    const fr = renderPasswordResetMail({ language: 'fr', name: 'Anne', url });
    expect(fr.subject).toBe('Réinitialisez votre mot de passe – Gear Shop');
    expect(fr.text).toContain('60 minutes');
    expect(fr.html).toContain('Réinitialiser le mot de passe');
  });

  it('falls back to English for a language without messages and greets without a name', () => {
    const mail = renderPasswordResetMail({ language: 'xx', name: '  ', url });
    expect(mail.subject).toBe('Reset your password – Gear Shop');
    expect(mail.text).toContain('Hello,');
    expect(mail.html).toContain('<html lang="xx">');
  });

  it('escapes names and never lets a name become markup, header breaks or placeholders', () => {
    const mail = renderVerificationMail({
      language: 'en',
      name: '<b onmouseover="x()">{{shop}}\r\nBcc: x@evil</b>',
      url,
    });
    expect(mail.html).not.toContain('<b ');
    expect(mail.html).toContain('&#60;b onmouseover=&#34;x()&#34;&#62;{{shop}} Bcc: x@evil&#60;/b&#62;');
    expect(mail.text).toContain('Hello <b onmouseover="x()">{{shop}} Bcc: x@evil</b>,');
    expect(escapeHtml(`&<>"'`)).toBe('&#38;&#60;&#62;&#34;&#39;');
  });

  it('accepts only absolute http(s) links', () => {
    expect(() => renderVerificationMail({ language: 'en', url: '/relative' })).toThrow(/absolute/);
    expect(() => renderVerificationMail({ language: 'en', url: 'javascript:alert(1)' })).toThrow(/http/);
  });

  it('has a layout other mails can reuse, with trusted HTML blocks', () => {
    const mail = renderMailLayout({
      language: 'de',
      subject: 'Bestellung\r\n42',
      heading: 'Danke',
      blocks: [
        { kind: 'paragraph', text: 'a < b' },
        { kind: 'html', html: '<table role="presentation"><tr><td>1 × Zelt</td></tr></table>', text: '1 × Zelt' },
        { kind: 'action', label: 'Ansehen', url: 'https://shop.test/account?tab=orders' },
      ],
    });
    expect(mail.subject).toBe('Bestellung 42');
    expect(mail.html).toContain('a &#60; b');
    expect(mail.html).toContain('<td>1 × Zelt</td>');
    expect(mail.text).toContain('1 × Zelt');
    expect(mail.text).toContain('Ansehen:\nhttps://shop.test/account?tab=orders');
    expect(mail.text).toContain('Ihr Team von Gear Shop');
  });

  it('fileTranslator interpolates once and falls back to the key', () => {
    const t = fileTranslator('fr');
    expect(t('mail.layout.greeting', { name: '{{name}}' })).toBe('Bonjour {{name}},');
    expect(t('mail.nope')).toBe('mail.nope');
  });
});

describe('mail retry schedule', () => {
  const created = new Date('2026-01-01T00:00:00Z');
  const at = (minutes: number) => new Date(created.getTime() + minutes * 60_000);
  const failed = { createdAt: created, lastError: 'connect ECONNREFUSED' };
  it('retries failed mail after 1, 2, 4, 8 minutes and then gives up', () => {
    expect(retryDue({ ...failed, attempts: 0, lastError: null }, at(100))).toBe(false);
    expect(retryDue({ ...failed, attempts: 1 }, at(0.5))).toBe(false);
    expect(retryDue({ ...failed, attempts: 1 }, at(1))).toBe(true);
    expect(retryDue({ ...failed, attempts: 2 }, at(1.5))).toBe(false);
    expect(retryDue({ ...failed, attempts: 2 }, at(2))).toBe(true);
    expect(retryDue({ ...failed, attempts: 4 }, at(8))).toBe(true);
    expect(retryDue({ ...failed, attempts: MAX_MAIL_ATTEMPTS }, at(1000))).toBe(false);
  });

  it('leaves a mail in flight alone unless that attempt died long ago', () => {
    const lastError = `in flight since ${at(30).toISOString()}`;
    expect(inFlightSince(lastError)).toEqual(at(30));
    expect(inFlightSince('connect ECONNREFUSED')).toBeNull();
    expect(inFlightSince(null)).toBeNull();
    expect(retryDue({ ...failed, attempts: 2, lastError }, at(31))).toBe(false);
    expect(retryDue({ ...failed, attempts: 2, lastError }, at(35))).toBe(true);
    expect(mailStatus({ sentAt: null, attempts: 2, lastError })).toBe('sending');
  });
});

describe('dev mailbox', () => {
  it('exists unless NODE_ENV is production', () => {
    expect(mailboxEnabled(parseConfig({ NODE_ENV: 'production' }))).toBe(false);
    expect(mailboxEnabled(parseConfig({ NODE_ENV: 'development' }))).toBe(true);
    expect(mailboxEnabled(parseConfig({ NODE_ENV: 'test' }))).toBe(true);
    expect(mailboxEnabled(parseConfig({}))).toBe(true);
  });

  it('names the state of a mail, attempts in plural forms (French 0 and 1 singular)', async () => {
    const en = await createTranslator('en', fileMessages('en'), fileMessages('en'));
    const fr = await createTranslator('fr', fileMessages('fr'), fileMessages('en'));
    expect(mailStatus({ sentAt: new Date(), attempts: 1, lastError: null })).toBe('sent');
    expect(mailStatus({ sentAt: null, attempts: 0, lastError: null })).toBe('kept');
    expect(mailStatus({ sentAt: null, attempts: 2, lastError: 'timeout' })).toBe('failed');
    expect(mailStatusText({ sentAt: null, attempts: 2, lastError: 'x' }, en)).toBe('Not sent (2 attempts)');
    expect(mailStatusText({ sentAt: null, attempts: 1, lastError: 'x' }, en)).toBe('Not sent (1 attempt)');
    expect(mailStatusText({ sentAt: null, attempts: 0, lastError: null }, en)).toBe('Outbox only (no SMTP)');
    expect(fr('mailbox.status.failed', { count: 0 })).toBe('Non envoyé (0 tentative)');
    expect(mailStatusText({ sentAt: null, attempts: 1, lastError: 'x' }, fr)).toBe('Non envoyé (1 tentative)');
    expect(mailStatusText({ sentAt: null, attempts: 2, lastError: 'x' }, fr)).toBe('Non envoyé (2 tentatives)');
    expect(formatMailTime(new Date('2026-11-22T05:46:22.123Z'))).toBe('2026-11-22 05:46:22 UTC');
  });

  it('finds the absolute links of a mail once each', () => {
    const html = `<a href="https://a.test/x?y=1&#38;z=2">a</a><a href='http://b.test/'>b</a><a href="/rel">r</a><a href="mailto:x@y">m</a>`;
    expect(extractLinks(html, 'see https://a.test/x?y=1&z=2, and https://c.test/p.')).toEqual([
      'https://a.test/x?y=1&z=2',
      'http://b.test/',
      'https://c.test/p',
    ]);
  });

  it('shows stored HTML under a policy without scripts, with links opening on top', () => {
    expect(MAIL_PREVIEW_CSP).toContain("default-src 'none'");
    expect(MAIL_PREVIEW_CSP).toContain("frame-ancestors 'self'");
    expect(MAIL_PREVIEW_CSP).not.toMatch(/script-src|unsafe-eval/);
    expect(mailPreviewHtml('<html><head lang="x"><title>t</title></head></html>')).toBe(
      '<html><head lang="x"><base target="_top"><title>t</title></head></html>',
    );
    expect(mailPreviewHtml('<p>x</p>')).toContain('<base target="_top"><p>x</p>');
  });
});

describe('test mailbox parser', () => {
  it('decodes encoded-word headers and quoted-printable multipart bodies', () => {
    expect(decodeHeader('=?UTF-8?Q?Gr=C3=BC=C3=9Fe_=E2=80=93?= =?UTF-8?B?IGhlbGxv?=')).toBe('Grüße – hello');
    const raw = [
      'From: a@b.c',
      'To: x@y.z',
      'Subject: =?UTF-8?Q?Gr=C3=BC=C3=9Fe?=',
      'Content-Type: multipart/alternative;',
      ' boundary="--b1"',
      '',
      '----b1',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Hall=C3=B6 https://s.test/a?x=3D1&y=3D=',
      '2',
      '----b1',
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('<a href="https://s.test/a?x=1&amp;y=2">ä</a>').toString('base64'),
      '----b1--',
      '',
    ].join('\r\n');
    const mail = parseMail(raw, ['X@Y.Z']);
    expect(mail).toMatchObject({ to: ['x@y.z'], subject: 'Grüße', text: 'Hallö https://s.test/a?x=1&y=2' });
    expect(mail.html).toBe('<a href="https://s.test/a?x=1&amp;y=2">ä</a>');
    expect(mail.links).toEqual(['https://s.test/a?x=1&y=2']);
  });
});

describe('ADR 009 mails', () => {
  const base = {
    language: 'en',
    name: '<img src=x onerror=alert(1)>',
    oldEmail: 'old@example.com',
    newEmail: 'new@example.com',
    date: formatMailDate(new Date(Date.UTC(2026, 10, 24, 19, 5)), 'en'),
    contactUrl: 'https://shop.example/contact',
  };

  it('the email-change notice names the date, both addresses and the support address, escaped', () => {
    const mail = renderEmailChangedMail({ ...base, supportEmail: 'help@shop.example' });
    expect(mail.subject).toBe('Your email address was changed – Gear Shop');
    expect(mail.text).toContain(
      'On November 24, 2026 at 7:05 PM UTC the email address of your Gear Shop account was changed from old@example.com to new@example.com.',
    );
    expect(mail.text).toContain('contact our support at once at help@shop.example or through the contact page.');
    expect(mail.text).toContain('Contact support:\nhttps://shop.example/contact');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&#60;img');
  });

  it('without a support address it points to the contact page alone; German when asked', () => {
    expect(renderEmailChangedMail({ ...base, supportEmail: ' ' }).text).toContain(
      'If you did not make this change, contact our support at once through the contact page.',
    );
    const de = renderEmailChangedMail({
      ...base,
      language: 'de',
      date: formatMailDate(new Date(Date.UTC(2026, 10, 24, 19, 5)), 'de'),
      supportEmail: '',
    });
    expect(de.text).toContain('Am 24. November 2026 um 19:05 UTC wurde die E-Mail-Adresse');
  });

  it('the newsletter confirmation greets nobody by name and states the validity', () => {
    const mail = renderNewsletterConfirmMail({
      language: 'fr',
      url: 'https://shop.example/api/newsletter/confirm/1?expires=1&signature=a',
      expiresDays: 7,
    });
    expect(mail.subject).toBe('Confirmez votre abonnement à la newsletter – Gear Shop');
    expect(mail.text).toContain('Ce lien est valable 7 jours.');
    expect(mail.text).toContain(
      'Confirmer l’abonnement:\nhttps://shop.example/api/newsletter/confirm/1?expires=1&signature=a',
    );
  });
});
