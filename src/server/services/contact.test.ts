import { describe, expect, it } from 'vitest';
import { fileTranslator } from '../mail/templates';
import { renderContactMail } from './contact';

describe('renderContactMail', () => {
  const message = {
    name: 'Ann',
    surname: '<b>Lee</b>',
    email: 'ann@example.com',
    phone: '+4930901820',
    phoneCountryCode: 'DE',
    nationalNumber: '30901820',
    topic: 'Order\nlate',
    message: 'Hello <script>alert(1)</script>\nSecond line',
  };

  it('names the sender (no Reply-To) and escapes everything', () => {
    const mail = renderContactMail(message, { language: 'en', t: fileTranslator('en'), signedInUserId: 12 });
    expect(mail.subject).toBe('Contact form: Order late');
    expect(mail.text).toContain('Answer the sender at ann@example.com');
    expect(mail.text).toContain('Email: ann@example.com');
    expect(mail.text).toContain('Phone: +4930901820');
    expect(mail.text).toContain('Customer account: #12');
    expect(mail.text).toContain('Hello <script>alert(1)</script>\nSecond line');
    expect(mail.html).toContain('href="mailto:ann@example.com"');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Lee</b>');
    expect(mail.html).toContain('&#60;b&#62;Lee&#60;/b&#62;');
  });

  it('is in the given language', () => {
    const mail = renderContactMail(message, { language: 'de', t: fileTranslator('de') });
    expect(mail.subject).toBe('Kontaktformular: Order late');
    expect(mail.text).not.toContain('Customer account');
  });
});
