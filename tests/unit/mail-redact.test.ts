/** The mail log's redaction (src/server/mail/redact.ts): the links and codes of every kind of mail the shop sends. */
import { describe, expect, it } from 'vitest';
import { redactMailText } from '@/server/mail/redact';

const HEX = 'a3f1'.repeat(16);

describe('redactMailText', () => {
  it.each([
    [
      'password reset',
      'https://shop.example/de/reset-password?token=Zx81kLmq0pQr7sTu9vWx2yZa&email=ann%40example.com',
      'https://shop.example/de/reset-password?token=[hidden]&email=[hidden]',
    ],
    [
      'email verification',
      `https://shop.example/api/email/verify/12/${HEX}?expires=1790000000&signature=${HEX}`,
      'https://shop.example/api/email/verify/12/[hidden]?expires=[hidden]&signature=[hidden]',
    ],
    [
      'newsletter confirmation',
      `http://127.0.0.1:4321/api/newsletter/confirm/5?expires=1790000000&signature=${HEX}`,
      'http://127.0.0.1:4321/api/newsletter/confirm/5?expires=[hidden]&signature=[hidden]',
    ],
    [
      'a set-password link with the token in the path',
      'https://shop.example/set-password/u7Yk2PqR9sTbW4xZ1aC3dE5f',
      'https://shop.example/set-password/[hidden]',
    ],
    ['a fragment', 'https://shop.example/welcome#code=123abc', 'https://shop.example/welcome#[hidden]'],
    [
      'the orders tab (nothing secret)',
      'https://shop.example/fr/account?tab=orders',
      'https://shop.example/fr/account?tab=orders',
    ],
    ['a plain page', 'https://shop.example/contact', 'https://shop.example/contact'],
    [
      'an order page',
      'https://shop.example/account/orders/GS-2026-1001',
      'https://shop.example/account/orders/GS-2026-1001',
    ],
  ])('%s', (_name, link, shown) => {
    expect(redactMailText(`Open:\n${link}\n`)).toBe(`Open:\n${shown}\n`);
  });

  it('keeps the sentence around a link and its closing punctuation', () => {
    expect(redactMailText('Choose a password at https://shop.example/reset-password?token=abc. Thanks')).toBe(
      'Choose a password at https://shop.example/reset-password?token=[hidden]. Thanks',
    );
  });

  it('hides token-like words and one-time codes, not ordinary words, amounts or order numbers', () => {
    const text = [
      'Your token: 8f14e45fceea167a5a36dedd4bea2543aa',
      'Your one-time code is 482913.',
      'Ihr Code: 4829',
      'Order GS-2026-1001, total 1234.50 EUR, 3 items',
      'Kundenzufriedenheitsgarantieversprechen gilt.',
    ].join('\n');
    expect(redactMailText(text)).toBe(
      [
        'Your token: [hidden]',
        'Your one-time code is [hidden].',
        'Ihr Code: [hidden]',
        'Order GS-2026-1001, total 1234.50 EUR, 3 items',
        'Kundenzufriedenheitsgarantieversprechen gilt.',
      ].join('\n'),
    );
  });

  it('a link that does not parse is hidden whole', () => {
    expect(redactMailText('see http://[bad')).toBe('see [hidden]');
  });
});
