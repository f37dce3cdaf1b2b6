import { describe, expect, it } from 'vitest';
import {
  type AccountProfile,
  addressChanged,
  emailChanged,
  fieldsFromProfile,
  formatMemberSince,
  isProfileValid,
  profileChanged,
  profilePayload,
  validateProfile,
} from './profile-form';
import { parsePhone } from '@/lib/phone';

const PROFILE: AccountProfile = {
  id: 1,
  name: 'Alex',
  surname: 'Demo',
  full_name: 'Alex Demo',
  email: 'demo@example.com',
  email_verified: true,
  phone: '+4930901820',
  phoneCountryCode: 'DE',
  nationalNumber: '30901820',
  balance: 25,
  currency: 'EUR',
  min_top_up_amount: 10,
  avatarUrl: null,
  created_at: '2026-01-05T23:30:00.000Z',
  country: { id: 7, name: 'Germany', iso: 'DE' },
  city: 'Berlin',
  address: 'Friedrichstraße 123',
  post_code: '10117',
};

describe('fieldsFromProfile', () => {
  it('fills the form from the profile', () => {
    expect(fieldsFromProfile(PROFILE)).toEqual({
      name: 'Alex',
      surname: 'Demo',
      email: 'demo@example.com',
      phone: { phone: '+4930901820', phoneCountryCode: 'DE', nationalNumber: '30901820', isValid: true },
      countryId: '7',
      city: 'Berlin',
      address: 'Friedrichstraße 123',
      postCode: '10117',
      currentPassword: '',
    });
  });
  it('reads nulls as empty fields', () => {
    const fields = fieldsFromProfile({
      ...PROFILE,
      phone: null,
      nationalNumber: null,
      phoneCountryCode: null,
      country: null,
      city: null,
      address: null,
      post_code: null,
    });
    expect(fields).toMatchObject({ phone: null, countryId: '', city: '', address: '', postCode: '' });
  });
});

describe('validateProfile', () => {
  it('accepts the profile as it is', () => {
    expect(validateProfile(fieldsFromProfile(PROFILE))).toEqual({});
    expect(isProfileValid(fieldsFromProfile(PROFILE))).toBe(true);
  });
  it('requires first name, last name and email (blank counts as empty)', () => {
    const fields = { ...fieldsFromProfile(PROFILE), name: ' ', surname: '', email: '  ' };
    expect(validateProfile(fields)).toEqual({ name: 'required', surname: 'required', email: 'required' });
  });
  it('checks the email pattern', () => {
    for (const email of ['demo', 'demo@example', 'de mo@example.com', '@example.com']) {
      expect(validateProfile({ ...fieldsFromProfile(PROFILE), email }).email, email).toBe('email');
    }
    expect(validateProfile({ ...fieldsFromProfile(PROFILE), email: ' a@b.co ' }).email).toBeUndefined();
  });
  it('needs a valid phone when one is given, and allows none', () => {
    const bad = parsePhone('030', 'DE', ['DE']);
    expect(validateProfile({ ...fieldsFromProfile(PROFILE), phone: bad }).phone).toBe('phone');
    const empty = parsePhone('', 'DE', ['DE']);
    expect(validateProfile({ ...fieldsFromProfile(PROFILE), phone: empty }).phone).toBeUndefined();
    expect(validateProfile({ ...fieldsFromProfile(PROFILE), phone: null }).phone).toBeUndefined();
  });
});

describe('profilePayload', () => {
  it('trims, sends empty address fields as null and an unset country as null', () => {
    const fields = {
      ...fieldsFromProfile(PROFILE),
      name: ' Alex ',
      address: '  ',
      city: ' Munich ',
      postCode: '',
      countryId: '',
    };
    expect(profilePayload(fields)).toEqual({
      name: 'Alex',
      surname: 'Demo',
      email: 'demo@example.com',
      phone: '+4930901820',
      phoneCountryCode: 'DE',
      nationalNumber: '30901820',
      address: null,
      city: 'Munich',
      post_code: null,
      country_id: null,
    });
  });
  it('sends the country id as a number', () => {
    expect(profilePayload({ ...fieldsFromProfile(PROFILE), countryId: '12' }).country_id).toBe(12);
  });
  it('falls back to what was typed when the phone does not parse', () => {
    const typed = parsePhone('+49 3', 'DE', ['DE']);
    expect(profilePayload({ ...fieldsFromProfile(PROFILE), phone: typed }).phone).toBe('+493');
  });
  it('sends empty phone fields when there is no number', () => {
    expect(profilePayload({ ...fieldsFromProfile(PROFILE), phone: null })).toMatchObject({
      phone: '',
      phoneCountryCode: '',
      nationalNumber: '',
    });
  });
});

describe('email change needs the current password (ADR 009)', () => {
  it('sees an email change only for another address, not for case or spaces', () => {
    const base = fieldsFromProfile(PROFILE);
    expect(emailChanged(base, PROFILE)).toBe(false);
    expect(emailChanged({ ...base, email: ' Demo@Example.com ' }, PROFILE)).toBe(false);
    expect(emailChanged({ ...base, email: 'new@example.com' }, PROFILE)).toBe(true);
  });
  it('requires the password with a changed email, and only then', () => {
    const base = fieldsFromProfile(PROFILE);
    expect(validateProfile({ ...base, email: 'new@example.com' }, PROFILE)).toEqual({ currentPassword: 'required' });
    expect(validateProfile({ ...base, email: 'new@example.com', currentPassword: 'Secret-1' }, PROFILE)).toEqual({});
    expect(validateProfile({ ...base, city: 'Hamburg' }, PROFILE)).toEqual({});
  });
  it('sends current_password only when one was typed, as typed', () => {
    const base = fieldsFromProfile(PROFILE);
    expect(profilePayload(base)).not.toHaveProperty('current_password');
    expect(profilePayload({ ...base, email: 'new@example.com', currentPassword: ' Secret-1 ' }).current_password).toBe(
      ' Secret-1 ',
    );
  });
  it('does not count the password as a change of the profile', () => {
    expect(profileChanged({ ...fieldsFromProfile(PROFILE), currentPassword: 'Secret-1' }, PROFILE)).toBe(false);
  });
});

describe('changes', () => {
  it('sees no change in the untouched form, nor in whitespace', () => {
    expect(profileChanged(fieldsFromProfile(PROFILE), PROFILE)).toBe(false);
    expect(profileChanged({ ...fieldsFromProfile(PROFILE), city: ' Berlin ' }, PROFILE)).toBe(false);
  });
  it('counts the address block as changed when any of its fields differs', () => {
    const base = fieldsFromProfile(PROFILE);
    expect(addressChanged({ ...base, city: 'Hamburg' }, PROFILE)).toBe(true);
    expect(addressChanged({ ...base, postCode: '10115' }, PROFILE)).toBe(true);
    expect(addressChanged({ ...base, countryId: '8' }, PROFILE)).toBe(true);
    expect(addressChanged({ ...base, address: '' }, PROFILE)).toBe(true);
    expect(addressChanged({ ...base, name: 'Sam' }, PROFILE)).toBe(false);
    expect(profileChanged({ ...base, name: 'Sam' }, PROFILE)).toBe(true);
  });
  it('sees a new phone number', () => {
    const phone = parsePhone('030 901821', 'DE', ['DE']);
    expect(profileChanged({ ...fieldsFromProfile(PROFILE), phone }, PROFILE)).toBe(true);
    const same = parsePhone('030 901820', 'DE', ['DE']);
    expect(profileChanged({ ...fieldsFromProfile(PROFILE), phone: same }, PROFILE)).toBe(false);
  });
});

describe('display', () => {
  it('formats member since as MMM D, YYYY in UTC', () => {
    expect(formatMemberSince('2026-01-05T23:30:00.000Z', 'en')).toBe('Jan 5, 2026');
    expect(formatMemberSince('2026-01-05T23:30:00.000Z', 'de')).toBe('5. Jan. 2026');
    expect(formatMemberSince('not a date', 'en')).toBe('');
  });
});
