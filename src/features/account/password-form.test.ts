import { describe, expect, it } from 'vitest';
import { EMPTY_PASSWORDS, validateChangePassword } from './password-form';

describe('validateChangePassword', () => {
  it('requires all three fields, blank counting as empty', () => {
    expect(validateChangePassword(EMPTY_PASSWORDS)).toEqual({
      cur_password: 'required',
      new_password: 'required',
      repeat_password: 'required',
    });
    expect(
      validateChangePassword({ cur_password: '   ', new_password: 'New1234!', repeat_password: 'New1234!' }),
    ).toEqual({
      cur_password: 'required',
    });
  });
  it('needs new and confirm to match exactly', () => {
    expect(
      validateChangePassword({ cur_password: 'Old1234!', new_password: 'New1234!', repeat_password: 'New1234! ' }),
    ).toEqual({
      repeat_password: 'mismatch',
    });
    expect(
      validateChangePassword({ cur_password: 'Old1234!', new_password: 'New1234!', repeat_password: 'New1234!' }),
    ).toEqual({});
  });
});
