import { describe, expect, it } from 'vitest';
import { SIGNATURE_TOLERANCE_SECONDS, signPayload, verifySignature } from './webhook-signature';

const SECRET = 'whsec_test';
const BODY = '{"payment_id":"p1","outcome":"succeeded"}';

describe('webhook signature', () => {
  it('verifies what it signed', () => {
    expect(verifySignature(SECRET, BODY, signPayload(SECRET, BODY, 1000), 1000)).toBe(true);
  });

  it('refuses another body, another secret, garbage and a missing header', () => {
    const header = signPayload(SECRET, BODY, 1000);
    expect(verifySignature(SECRET, BODY.replace('succeeded', 'declined'), header, 1000)).toBe(false);
    expect(verifySignature('other', BODY, header, 1000)).toBe(false);
    expect(verifySignature(SECRET, BODY, 't=1000,v1=abc', 1000)).toBe(false);
    expect(verifySignature(SECRET, BODY, undefined, 1000)).toBe(false);
  });

  it('refuses a replay outside the tolerance window', () => {
    const header = signPayload(SECRET, BODY, 1000);
    expect(verifySignature(SECRET, BODY, header, 1000 + SIGNATURE_TOLERANCE_SECONDS)).toBe(true);
    expect(verifySignature(SECRET, BODY, header, 1000 + SIGNATURE_TOLERANCE_SECONDS + 1)).toBe(false);
  });
});
