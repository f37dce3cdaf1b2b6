import { describe, expect, it } from 'vitest';
import { validateNewPassword, validateSignUp } from '@/features/account/auth-validation';
import { validateChangePassword } from '@/features/account/password-form';
import { newPasswordField } from '@/lib/contract/forms';
import { passwordProblem } from '@/lib/rules/password';
import type { Translator } from '@/server/i18n/index';

// One table through both paths: the sign-up, reset and change-password islands' checks, and the zod field the
// register, reset and change-password routes parse with. They must agree on every case.
const cases: Array<[password: string, accepted: boolean, why: string]> = [
  ['Abcdefg1', true, 'lower, upper, digit, 8 characters'],
  ['Demo1234!', true, 'the demo password'],
  ['Äbcdefg1', false, 'Ä is not an ASCII upper-case letter (ASCII classes, ADR 021)'],
  ['ÄBCDEFG1', false, 'no lower-case letter at all'],
  ['abcdéfg1', false, 'no upper-case letter'],
  ['abcdefg1', false, 'no upper-case letter'],
  ['ABCDEFG1', false, 'no lower-case letter'],
  ['Abcdefgh', false, 'no digit'],
  ['Abcdefg١', false, 'an Arabic-Indic digit is not 0-9'],
  ['Abc1', false, 'shorter than 8'],
  ['Abcdef1', false, '7 characters'],
  [`Ab1${'x'.repeat(125)}`, true, '128 characters'],
  [`Ab1${'x'.repeat(126)}`, false, '129 characters'],
];

const t = ((key: string) => key) as Translator;
const serverAccepts = (password: string) => newPasswordField(t, passwordProblem).safeParse(password).success;
const signUpAccepts = (password: string) =>
  validateSignUp(
    { name: 'Ann', surname: 'Lee', email: 'ann@example.com', phone: '+4915112345678', password, passConfirm: password },
    { phoneValid: true, termsAccepted: true },
  ).problem === null;
const resetAccepts = (password: string) => validateNewPassword(password, password) === null;
const changeAccepts = (password: string) =>
  Object.keys(validateChangePassword({ cur_password: 'Old1234!', new_password: password, repeat_password: password }))
    .length === 0;

describe('password composition: the browser and the server decide alike', () => {
  it.each(cases)('%s → %s (%s)', (password, accepted) => {
    expect(serverAccepts(password)).toBe(accepted);
    expect(signUpAccepts(password)).toBe(accepted);
    expect(resetAccepts(password)).toBe(accepted);
    expect(changeAccepts(password)).toBe(accepted);
  });
});
