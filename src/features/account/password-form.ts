import { passwordMeetsRules } from '@/lib/rules/password';

/**
 * Pure rules of the Change password form (accounts spec §5): all three fields required and not
 * blank after trimming, the new one composed like every new password (the rule the server's zod
 * schema calls), new and confirm equal. Fields are named like the API body so server
 * field errors land under the same inputs. The password itself is sent as typed.
 */

export interface ChangePasswordFields {
  cur_password: string;
  new_password: string;
  repeat_password: string;
}

export type ChangePasswordError = 'required' | 'passwordRules' | 'mismatch';
export type ChangePasswordErrors = Partial<Record<keyof ChangePasswordFields, ChangePasswordError>>;

export const EMPTY_PASSWORDS: Readonly<ChangePasswordFields> = Object.freeze({
  cur_password: '',
  new_password: '',
  repeat_password: '',
});

export function validateChangePassword(fields: ChangePasswordFields): ChangePasswordErrors {
  const errors: ChangePasswordErrors = {};
  for (const key of ['cur_password', 'new_password', 'repeat_password'] as const) {
    if (fields[key].trim() === '') errors[key] = 'required';
  }
  if (!errors.new_password && !passwordMeetsRules(fields.new_password)) errors.new_password = 'passwordRules';
  if (!errors.new_password && !errors.repeat_password && fields.new_password !== fields.repeat_password) {
    errors.repeat_password = 'mismatch';
  }
  return errors;
}
