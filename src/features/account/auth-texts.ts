/**
 * The translated texts the auth islands get as props (islands carry no i18next): built by the
 * pages from the request's translator. Pure, so it can run wherever a translator exists.
 */
import type { Translator } from '@/lib/translator';
import { phoneInputMessages } from './account-texts';
import type { PhoneInputMessages } from './PhoneInput';

export interface PasswordTexts {
  show: string;
  hide: string;
}

function passwordTexts(t: Translator): PasswordTexts {
  return { show: t('auth.showPassword'), hide: t('auth.hidePassword') };
}

export interface SignInTexts {
  email: string;
  password: string;
  submit: string;
  busy: string;
  required: string;
  failed: string;
  passwordToggle: PasswordTexts;
}

export function signInTexts(t: Translator): SignInTexts {
  return {
    email: t('auth.email'),
    password: t('auth.password'),
    submit: t('auth.signIn.submit'),
    busy: t('auth.signIn.busy'),
    required: t('validation.emailPasswordRequired'),
    failed: t('auth.error.failed'),
    passwordToggle: passwordTexts(t),
  };
}

export interface SignUpTexts {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  passwordHint: string;
  confirmPassword: string;
  acceptTerms: string;
  terms: string;
  and: string;
  privacy: string;
  newTab: string;
  allRequired: string;
  termsLoading: string;
  termsError: string;
  tryAgain: string;
  submit: string;
  busy: string;
  fieldRequired: string;
  required: string;
  invalidPhone: string;
  passwordRules: string;
  mismatch: string;
  failed: string;
  passwordToggle: PasswordTexts;
  phoneInput: PhoneInputMessages;
}

export function signUpTexts(t: Translator): SignUpTexts {
  return {
    firstName: t('auth.firstName'),
    lastName: t('auth.lastName'),
    email: t('auth.email'),
    phone: t('auth.phone'),
    password: t('auth.password'),
    passwordHint: t('auth.password.hint'),
    confirmPassword: t('auth.confirmPassword'),
    acceptTerms: t('auth.signUp.acceptTerms'),
    terms: t('auth.signUp.terms'),
    and: t('auth.signUp.and'),
    privacy: t('auth.signUp.privacy'),
    newTab: t('auth.signUp.newTab'),
    allRequired: t('auth.signUp.allRequired'),
    termsLoading: t('auth.signUp.termsLoading'),
    termsError: t('auth.signUp.termsError'),
    tryAgain: t('common.tryAgain'),
    submit: t('auth.signUp.submit'),
    busy: t('auth.signUp.busy'),
    fieldRequired: t('validation.required'),
    required: t('validation.fillRequiredAndTerms'),
    invalidPhone: t('validation.invalidPhone'),
    passwordRules: t('auth.passwordRules'),
    mismatch: t('validation.passwordsMismatch'),
    failed: t('auth.error.registration'),
    passwordToggle: passwordTexts(t),
    phoneInput: phoneInputMessages(t),
  };
}

export interface ResetRequestTexts {
  text: string;
  email: string;
  submit: string;
  busy: string;
  required: string;
  sent: string;
  failed: string;
}

export function resetRequestTexts(t: Translator): ResetRequestTexts {
  return {
    text: t('auth.reset.text'),
    email: t('auth.email'),
    submit: t('auth.reset.submit'),
    busy: t('auth.reset.busy'),
    required: t('validation.required'),
    sent: t('auth.reset.sent'),
    failed: t('account.password.error.resetThe'),
  };
}

export interface NewPasswordTexts {
  email: string;
  password: string;
  passwordHint: string;
  confirm: string;
  submit: string;
  busy: string;
  required: string;
  passwordRules: string;
  mismatch: string;
  success: string;
  goToSignIn: string;
  failed: string;
  requestNew: string;
  passwordToggle: PasswordTexts;
}

/**
 * The reset form's texts; `welcome` is a first password (`npm run user:create`'s link), which
 * the page words as choosing a password, not resetting one.
 */
export function newPasswordTexts(t: Translator, welcome = false): NewPasswordTexts {
  const key = welcome ? 'auth.choosePassword' : 'auth.newPassword';
  return {
    email: t('auth.email'),
    password: t(`${key}.password`),
    passwordHint: t('auth.password.hint'),
    confirm: t(`${key}.confirm`),
    submit: t(`${key}.submit`),
    busy: t('auth.newPassword.busy'),
    required: t('validation.passwordRequired'),
    passwordRules: t('auth.passwordRules'),
    mismatch: t('validation.passwordsMismatch'),
    success: t(`${key}.success`),
    goToSignIn: t('auth.newPassword.goToSignIn'),
    failed: t('account.password.error.reset'),
    requestNew: t('auth.newPassword.requestNew'),
    passwordToggle: passwordTexts(t),
  };
}

export interface VerificationTexts {
  resend: string;
  sending: string;
  sent: string;
  failed: string;
  logout: string;
  loggingOut: string;
  logoutFailed: string;
}

export function verificationTexts(t: Translator): VerificationTexts {
  return {
    resend: t('verification.required.resend'),
    sending: t('verify.sending'),
    sent: t('verification.required.sent'),
    failed: t('verification.required.error'),
    logout: t('verification.required.logout'),
    loggingOut: t('verify.loggingOut'),
    logoutFailed: t('auth.error.logout'),
  };
}
