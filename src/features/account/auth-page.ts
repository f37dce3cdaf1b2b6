/**
 * What /auth shows for its query (accounts spec §2 Auth page): the form (signin by default),
 * where sign-in returns to, the links between the forms (keeping a safe redirect), and whether
 * registration is open (settings is_reg_enabled). Pure, for the page and its tests.
 */
import { isSafeRedirect, safeRedirect } from '@/lib/redirect';

export type AuthForm = 'signin' | 'signup' | 'reset';

export interface AuthPageModel {
  form: AuthForm;
  /** Sign-in success goes here: the safe redirect value, else /account. */
  redirect: string;
  /** Whether the query carried a usable redirect (the form links and sign-up keep it). */
  hasRedirect: boolean;
  href: (form: AuthForm) => string;
  /** Sign-up shows the form only when registration is open. */
  registrationEnabled: boolean;
  /** Sign-up success: the verification page, with the way back when there is one. */
  verificationUrl: string;
}

export function resolveAuthForm(value: string | null | undefined): AuthForm {
  return value === 'signup' || value === 'reset' ? value : 'signin';
}

export function authPageModel(
  params: URLSearchParams,
  settings: { isRegEnabled: boolean } | null | undefined,
): AuthPageModel {
  const raw = params.get('redirect');
  const hasRedirect = isSafeRedirect(raw);
  const redirect = safeRedirect(raw);
  const keep = hasRedirect ? `&redirect=${encodeURIComponent(redirect)}` : '';
  return {
    form: resolveAuthForm(params.get('form')),
    redirect,
    hasRedirect,
    href: (form) => `/auth?form=${form}${keep}`,
    // A shop without a settings row yet keeps registration open (the column's default).
    registrationEnabled: settings?.isRegEnabled ?? true,
    verificationUrl: hasRedirect
      ? `/email-verification?redirect=${encodeURIComponent(redirect)}`
      : '/email-verification',
  };
}
