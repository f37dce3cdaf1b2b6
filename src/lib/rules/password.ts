/**
 * Password composition, the one rule the sign-up, reset and change-password forms and the
 * server's zod schema all call (accounts spec §5, plus a minimum length the spec leaves open).
 *
 * ASCII classes, not Unicode ones: the server is the authority and has always counted only
 * a–z, A–Z and 0–9, so every stored password was accepted by this rule; `Äbcdefg1` has no ASCII
 * upper-case letter and is refused on both sides. The form hints say so ("auth.password.hint").
 * See docs/decisions/021-shared-rules-and-boundaries.md.
 */

export const PASSWORD_MIN_LENGTH = 8;
/** Bounds the argon2 work one request can ask for. */
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem = 'length' | 'composition';

export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return 'length';
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/[0-9]/.test(password)) return 'composition';
  return null;
}

export function passwordMeetsRules(password: string): boolean {
  return passwordProblem(password) === null;
}
