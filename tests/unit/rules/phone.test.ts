import { describe, expect, it } from 'vitest';
import { parsePhone } from '@/lib/phone';
import type { Translator } from '@/lib/translator';
import { readPhoneFields } from '@/server/services/auth/phone-fields';

// One table through both paths: the phone input of the sign-up, profile and checkout islands
// (parsePhone decides "valid" and what is sent) and the server's reading of the same fields
// (register, profile, checkout). What the browser accepts, the server stores, and the reverse.
const ALLOWED = ['DE', 'FR', 'GB', 'US', 'AT'];
const cases: Array<[typed: string, country: string, valid: boolean, stored: string | null]> = [
  ['+49 30 901820', 'DE', true, '+4930901820'],
  ['030 901820', 'DE', true, '+4930901820'],
  ['+44 20 7946 0321', 'DE', true, '+442079460321'],
  ['+1 415 555 0142', 'US', true, '+14155550142'],
  ['06 12 34 56 78', 'FR', true, '+33612345678'],
  ['+7 912 345 67 89', 'DE', false, null], // Russia is not among the shop's countries
  ['123', 'DE', false, null],
  ['+49 30', 'DE', false, null],
  ['', 'DE', false, null],
];

const t = ((key: string) => key) as Translator;

describe('phone rules: the browser and the server decide alike', () => {
  it.each(cases)('%s (%s) → valid %s', (typed, country, valid, stored) => {
    const browser = parsePhone(typed, country, ALLOWED);
    expect(browser.isValid).toBe(valid);

    // The island sends what parsePhone made of the input.
    const problems: Array<[string, string]> = [];
    const body = {
      phone: browser.phone,
      phoneCountryCode: browser.phoneCountryCode,
      nationalNumber: browser.nationalNumber,
    };
    const server = readPhoneFields(
      t,
      body,
      ALLOWED,
      { add: (field, message) => problems.push([field, message]) },
      { required: true },
    );
    expect(server?.phone ?? null).toBe(stored);
    expect(problems.length === 0).toBe(valid);
    if (valid) expect(browser.phone).toBe(stored);
  });
});
