import { describe, expect, it } from 'vitest';
import { validateNewPassword, validateSignIn, validateSignUp, type SignUpFields } from './auth-validation';

// Password composition: tests/unit/rules/password.test.ts runs one table through both paths.

describe('validateSignIn()', () => {
  it('requires both fields', () => {
    expect(validateSignIn({ email: '', password: '' })).toBe('required');
    expect(validateSignIn({ email: '  ', password: 'x' })).toBe('required');
    expect(validateSignIn({ email: 'a@b.co', password: '' })).toBe('required');
    expect(validateSignIn({ email: 'a@b.co', password: 'x' })).toBeNull();
  });
});

describe('validateSignUp()', () => {
  const good: SignUpFields = {
    name: 'Ada',
    surname: 'Lovelace',
    email: 'ada@example.com',
    phone: '+44 20 7946 0958',
    password: 'Engine123',
    passConfirm: 'Engine123',
  };
  const ok = { phoneValid: true, termsAccepted: true };

  it('passes a complete form', () => {
    expect(validateSignUp(good, ok)).toEqual({ problem: null, fields: {} });
  });

  it('asks for every required field and the terms first', () => {
    const check = validateSignUp({ ...good, name: ' ', passConfirm: '' }, { phoneValid: false, termsAccepted: false });
    expect(check.problem).toBe('required');
    expect(check.fields).toEqual({ name: 'required', passConfirm: 'required', terms: 'required' });
    expect(validateSignUp(good, { phoneValid: true, termsAccepted: false }).problem).toBe('required');
  });

  it('then the phone, the password rules and the match', () => {
    expect(validateSignUp(good, { phoneValid: false, termsAccepted: true })).toEqual({
      problem: 'phone',
      fields: { phone: 'phone' },
    });
    expect(validateSignUp({ ...good, password: 'engine123', passConfirm: 'engine123' }, ok).problem).toBe(
      'passwordRules',
    );
    expect(validateSignUp({ ...good, passConfirm: 'Engine124' }, ok)).toEqual({
      problem: 'mismatch',
      fields: { passConfirm: 'mismatch' },
    });
  });
});

describe('validateNewPassword()', () => {
  it('requires both, then the rules, then the match', () => {
    expect(validateNewPassword('', '')).toBe('required');
    expect(validateNewPassword('Engine123', '')).toBe('required');
    expect(validateNewPassword('short1A', 'short1A')).toBe('passwordRules');
    expect(validateNewPassword('Engine123', 'Engine12')).toBe('mismatch');
    expect(validateNewPassword('Engine123', 'Engine123')).toBeNull();
  });
});
