/**
 * Client-side checks of the auth forms (accounts spec §5). Pure: they return codes, the islands
 * turn them into the translated texts they got from the server. The server checks everything
 * again; these only save a round trip and give the spec's messages.
 */

// The same rule the server's zod schema calls.
import { passwordMeetsRules } from '@/lib/rules/password';

export function isBlank(value: string | null | undefined): boolean {
  return (value ?? '').trim() === '';
}

/** Sign-in: "Email and password are required". */
export function validateSignIn(fields: { email: string; password: string }): 'required' | null {
  return isBlank(fields.email) || fields.password === '' ? 'required' : null;
}

export interface SignUpFields {
  name: string;
  surname: string;
  email: string;
  /** What the shopper typed in the phone input. */
  phone: string;
  password: string;
  passConfirm: string;
}

export type SignUpProblem = 'required' | 'phone' | 'passwordRules' | 'mismatch';

export interface SignUpCheck {
  /** The message under the form, or null when the form may be sent. */
  problem: SignUpProblem | null;
  /** Fields to mark invalid, with the code of the message under each. */
  fields: Partial<Record<keyof SignUpFields | 'terms', SignUpProblem>>;
}

/** Sign-up, in the spec's order: required + terms, then phone, then password rules and match. */
export function validateSignUp(
  fields: SignUpFields,
  options: { phoneValid: boolean; termsAccepted: boolean },
): SignUpCheck {
  const missing: SignUpCheck['fields'] = {};
  for (const key of ['name', 'surname', 'email', 'phone', 'password', 'passConfirm'] as const) {
    if (key === 'password' || key === 'passConfirm' ? fields[key] === '' : isBlank(fields[key]))
      missing[key] = 'required';
  }
  if (!options.termsAccepted) missing.terms = 'required';
  if (Object.keys(missing).length > 0) return { problem: 'required', fields: missing };
  if (!options.phoneValid) return { problem: 'phone', fields: { phone: 'phone' } };
  if (!passwordMeetsRules(fields.password)) return { problem: 'passwordRules', fields: { password: 'passwordRules' } };
  if (fields.password !== fields.passConfirm) return { problem: 'mismatch', fields: { passConfirm: 'mismatch' } };
  return { problem: null, fields: {} };
}

/** New password after a reset link: both required, the rules, then the match. */
export function validateNewPassword(
  password: string,
  confirm: string,
): 'required' | 'passwordRules' | 'mismatch' | null {
  if (password === '' || confirm === '') return 'required';
  if (!passwordMeetsRules(password)) return 'passwordRules';
  if (password !== confirm) return 'mismatch';
  return null;
}
