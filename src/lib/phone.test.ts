import { describe, expect, it } from 'vitest';
import {
  countryButtonLabel,
  dialCode,
  flagEmoji,
  formatPhoneNational,
  parsePhone,
  PHONE_DEFAULT_MAXLENGTH,
  PHONE_EXTENSION_MAX_DIGITS,
  PHONE_INPUT_MAX_CHARS,
  PHONE_NATIONAL_MAX_DIGITS,
  PHONE_NATIONAL_MIN_DIGITS,
  PHONE_PLACEHOLDER,
  samePhone,
  sanitizePhoneInput,
  validatePhoneFields,
} from './phone';

const SHOP = ['DE', 'FR', 'GB', 'US', 'AT'];

describe('constants (§5)', () => {
  it('match the spec', () => {
    expect(PHONE_NATIONAL_MIN_DIGITS).toBe(2);
    expect(PHONE_NATIONAL_MAX_DIGITS).toBe(17);
    expect(PHONE_INPUT_MAX_CHARS).toBe(250);
    expect(PHONE_EXTENSION_MAX_DIGITS).toBe(20);
    expect(PHONE_DEFAULT_MAXLENGTH).toBe(25);
    expect(PHONE_PLACEHOLDER).toBe('Enter your phone number');
  });
});

describe('sanitizePhoneInput', () => {
  it('keeps digits, spaces, parentheses, hyphen and plus only', () => {
    expect(sanitizePhoneInput('+49 (30) 901-820')).toBe('+49 (30) 901-820');
    expect(sanitizePhoneInput('tel: +49.30/901820 ext. 5 #')).toBe(' +4930901820  5 ');
    expect(sanitizePhoneInput('abc')).toBe('');
  });
  it('caps the text at 250 characters', () => {
    expect(sanitizePhoneInput('1'.repeat(300))).toHaveLength(250);
  });
});

describe('parsePhone', () => {
  it('parses a national number in the selected country', () => {
    expect(parsePhone('030 901820', 'DE', SHOP)).toEqual({
      phone: '+4930901820',
      phoneCountryCode: 'DE',
      nationalNumber: '30901820',
      isValid: true,
    });
    expect(parsePhone('(030) 901-820', 'de', SHOP).isValid).toBe(true);
  });

  it('parses an international number and takes its country', () => {
    expect(parsePhone('+33 6 12 34 56 78', 'DE', SHOP)).toEqual({
      phone: '+33612345678',
      phoneCountryCode: 'FR',
      nationalNumber: '612345678',
      isValid: true,
    });
    expect(parsePhone('0033 6 12 34 56 78', 'DE', SHOP).phoneCountryCode).toBe('FR');
  });

  it('flags a number from a country outside the list and empties it', () => {
    expect(parsePhone('+380 50 123 4567', 'DE', SHOP)).toEqual({
      phone: '',
      phoneCountryCode: 'DE',
      nationalNumber: '',
      isValid: false,
      error: 'country-not-supported',
    });
  });

  it('flags an unsupported calling code while it is still being typed', () => {
    expect(parsePhone('+380', 'DE', SHOP).error).toBe('country-not-supported');
    expect(parsePhone('+3', 'DE', SHOP).error).toBeUndefined();
    expect(parsePhone('+44', 'DE', SHOP).error).toBeUndefined();
    expect(parsePhone('+44', 'DE', ['DE']).error).toBe('country-not-supported');
  });

  it('keeps the selected country for a territory that shares its calling code', () => {
    // libphonenumber places +44 7911 in Guernsey; the shop lists only GB.
    const gb = parsePhone('07911 123456', 'GB', SHOP);
    expect(gb).toMatchObject({ phone: '+447911123456', phoneCountryCode: 'GB', isValid: true });
    expect(parsePhone('+44 7911 123456', 'DE', SHOP).phoneCountryCode).toBe('GB');
  });

  it('marks short, long and impossible numbers invalid', () => {
    expect(parsePhone('1', 'DE', SHOP).isValid).toBe(false);
    expect(parsePhone('12', 'DE', SHOP).isValid).toBe(false);
    expect(parsePhone('+1 123 456 7890', 'US', SHOP).isValid).toBe(false);
    expect(parsePhone('+49 30 1234567890123456789', 'DE', SHOP).isValid).toBe(false);
    expect(parsePhone('+', 'DE', SHOP)).toMatchObject({ isValid: false, phoneCountryCode: 'DE' });
  });

  it('returns the empty value for empty input', () => {
    expect(parsePhone('  ', 'FR', SHOP)).toEqual({
      phone: '',
      phoneCountryCode: 'FR',
      nationalNumber: '',
      isValid: false,
    });
    expect(parsePhone('', null, SHOP).phoneCountryCode).toBe('DE');
  });

  it('removes spaces from the national number of an incomplete input', () => {
    expect(parsePhone('3 0', 'DE', SHOP)).toMatchObject({ nationalNumber: '30', isValid: false });
  });
});

describe('validatePhoneFields', () => {
  it('normalises an international phone', () => {
    expect(
      validatePhoneFields({ phone: '+49 30 901820', phoneCountryCode: 'DE', nationalNumber: '30901820' }, SHOP),
    ).toEqual({
      ok: true,
      value: { phone: '+4930901820', phoneCountryCode: 'DE', nationalNumber: '30901820' },
    });
  });

  it('lets the international phone decide the country', () => {
    const result = validatePhoneFields({ phone: '+33612345678', phoneCountryCode: 'DE', nationalNumber: '' }, SHOP);
    expect(result).toEqual({
      ok: true,
      value: { phone: '+33612345678', phoneCountryCode: 'FR', nationalNumber: '612345678' },
    });
  });

  it('accepts a national number with its country', () => {
    expect(validatePhoneFields({ nationalNumber: '30901820', phoneCountryCode: 'DE' }, SHOP)).toMatchObject({
      ok: true,
      value: { phone: '+4930901820' },
    });
    expect(validatePhoneFields({ phone: '030 901820', phoneCountryCode: 'DE' }, SHOP)).toMatchObject({ ok: true });
  });

  it('reports required, invalid and unsupported', () => {
    expect(validatePhoneFields({}, SHOP)).toEqual({ ok: false, error: 'required' });
    expect(validatePhoneFields({ phone: ' ', nationalNumber: '' }, SHOP)).toEqual({ ok: false, error: 'required' });
    expect(validatePhoneFields({ phone: '+49 30', phoneCountryCode: 'DE' }, SHOP)).toEqual({
      ok: false,
      error: 'invalid',
    });
    expect(validatePhoneFields({ phone: '+380501234567', phoneCountryCode: 'UA' }, SHOP)).toEqual({
      ok: false,
      error: 'country-not-supported',
    });
    expect(validatePhoneFields({ nationalNumber: '501234567', phoneCountryCode: 'UA' }, SHOP)).toEqual({
      ok: false,
      error: 'country-not-supported',
    });
  });

  it('rejects wrong types, letters, unknown country codes and overlong text', () => {
    expect(validatePhoneFields({ phone: 4930901820 }, SHOP)).toEqual({ ok: false, error: 'invalid' });
    expect(validatePhoneFields({ phone: '+49 30 901820 ext. 5' }, SHOP)).toEqual({ ok: false, error: 'invalid' });
    expect(validatePhoneFields({ nationalNumber: '30901820', phoneCountryCode: 'XX' }, SHOP)).toEqual({
      ok: false,
      error: 'invalid',
    });
    expect(validatePhoneFields({ phone: '+4930901820', phoneCountryCode: 'DEU' }, SHOP)).toEqual({
      ok: false,
      error: 'invalid',
    });
    expect(validatePhoneFields({ phone: ' '.repeat(251) + '+4930901820' }, SHOP)).toEqual({
      ok: false,
      error: 'invalid',
    });
  });

  it('is strict with an empty country list', () => {
    expect(validatePhoneFields({ phone: '+4930901820' }, [])).toEqual({ ok: false, error: 'country-not-supported' });
  });
});

describe('display helpers', () => {
  it('formats a stored number nationally', () => {
    expect(formatPhoneNational({ phone: '+4930901820', phoneCountryCode: 'DE', nationalNumber: '30901820' })).toBe(
      '030 901820',
    );
    expect(formatPhoneNational({ phone: '+33612345678', phoneCountryCode: 'DE', nationalNumber: '' })).toBe(
      '+33 6 12 34 56 78',
    );
    expect(formatPhoneNational(null)).toBe('');
    expect(formatPhoneNational({ phone: 'garbage' })).toBe('garbage');
  });

  it('gives dial codes and flags', () => {
    expect(dialCode('de')).toBe('+49');
    expect(dialCode('ZZ')).toBe('');
    expect(flagEmoji('DE')).toBe('🇩🇪');
    expect(flagEmoji('D')).toBe('');
  });

  it('compares phone data', () => {
    expect(
      samePhone(
        { phone: '+4930901820', phoneCountryCode: 'de', nationalNumber: '30901820' },
        { phone: '+4930901820', phoneCountryCode: 'DE', nationalNumber: '30901820' },
      ),
    ).toBe(true);
    expect(samePhone(null, { phone: '', phoneCountryCode: '', nationalNumber: '' })).toBe(true);
    expect(samePhone(null, { phone: '+4930901820' })).toBe(false);
  });
});

describe('countryButtonLabel', () => {
  it('starts with the visible text, then names the control and the country', () => {
    expect(countryButtonLabel('Country', { iso: 'de', name: 'Germany' })).toBe('DE +49, Country: Germany');
  });
  it('is the control name alone without a country', () => {
    expect(countryButtonLabel('Country', null)).toBe('Country');
  });
});
