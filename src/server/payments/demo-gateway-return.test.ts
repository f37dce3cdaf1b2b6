import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.PUBLIC_URL = 'https://shop.example';
});

import { returnTarget } from './demo-gateway.server';

const paymentId = '0b6f4c1e-9a53-4c53-9a0e-2f9d1b6c7a11';

describe('the demo gateway sends the shopper back through the one redirect check', () => {
  it('keeps a return URL on PUBLIC_URL', () => {
    const returnUrl = `https://shop.example/payment/processing?payment=${paymentId}`;
    expect(returnTarget({ paymentId, returnUrl })).toBe(returnUrl);
  });

  it.each([
    'https://evil.example/payment/processing',
    'https://shop.example.evil.example/x',
    'https://shop.example@evil.example/x',
    'http://shop.example/payment/processing',
    '//evil.example/x',
    'https://shop.example/\t/evil.example',
    'javascript:alert(1)',
  ])('goes to the shop’s own waiting page instead of %s', (returnUrl) => {
    expect(returnTarget({ paymentId, returnUrl })).toBe(`/payment/processing?payment=${paymentId}`);
  });
});
