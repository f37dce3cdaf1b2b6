import type { TopUpTexts } from './TopUpForm';
/**
 * Translated texts the account islands get as props (islands carry no i18next), built by the
 * page from the request's translator. Pure: runs wherever a translator exists.
 */
import { slot } from '@/lib/rules/placeholders';
import type { Translator } from '@/lib/translator';
import type { PhoneInputMessages } from './PhoneInput';

/** Texts of PhoneInput for any form that uses it. */
export function phoneInputMessages(t: Translator): PhoneInputMessages {
  return {
    placeholder: t('phone.placeholder'),
    invalid: t('validation.invalidPhone'),
    countryNotSupported: t('validation.countryNotSupported'),
    countryLabel: t('phone.country'),
    required: t('validation.required'),
  };
}

/** What the date placeholder of "Member since {{date}}" is replaced with before the island fills it. */

export interface ProfileFormTexts {
  personalData: string;
  deliveryAddress: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  country: string;
  selectCountry: string;
  countriesError: string;
  /** "Sorry, we do not sell to {{country}}. …": the saved country is no longer served. */
  countryNotServed: string;
  city: string;
  address: string;
  postCode: string;
  save: string;
  saving: string;
  updated: string;
  updateFailed: string;
  fetchFailed: string;
  loadFailed: string;
  required: string;
  invalidEmail: string;
  invalidForm: string;
  /** The current-password field that appears when the email is changed. */
  currentPassword: string;
  currentPasswordHint: string;
  currentPasswordRequired: string;
  balance: string;
  /** "Member since {{date}}". */
  memberSince: string;
  loading: string;
  tryAgain: string;
  phoneInput: PhoneInputMessages;
}

export function profileFormTexts(t: Translator): ProfileFormTexts {
  return {
    personalData: t('account.profile.personalData'),
    deliveryAddress: t('account.profile.deliveryAddress'),
    firstName: t('account.profile.firstName'),
    lastName: t('account.profile.lastName'),
    email: t('account.profile.email'),
    phone: t('account.profile.phone'),
    country: t('account.profile.country'),
    selectCountry: t('account.profile.selectCountry'),
    countriesError: t('errors.countries'),
    countryNotServed: t('checkout.shipping.countryNotServed', { country: slot('country') }),
    city: t('account.profile.city'),
    address: t('account.profile.address'),
    postCode: t('account.profile.postCode'),
    save: t('account.profile.save'),
    saving: t('account.profile.saving'),
    updated: t('account.profile.updated'),
    updateFailed: t('account.profile.error.update'),
    fetchFailed: t('account.profile.error.fetch'),
    loadFailed: t('account.profile.error.load'),
    required: t('validation.required'),
    invalidEmail: t('validation.invalidEmail'),
    invalidForm: t('validation.personalInfo'),
    currentPassword: t('account.profile.currentPassword'),
    currentPasswordHint: t('account.profile.currentPasswordHint'),
    currentPasswordRequired: t('api.auth.currentPasswordRequired'),
    balance: t('account.balance'),
    memberSince: t('account.memberSince', { date: slot('date') }),
    loading: t('common.loading'),
    tryAgain: t('common.tryAgain'),
    phoneInput: phoneInputMessages(t),
  };
}

export interface ChangePasswordTexts {
  current: string;
  next: string;
  confirm: string;
  hint: string;
  submit: string;
  saving: string;
  required: string;
  passwordRules: string;
  mismatch: string;
  updated: string;
  failed: string;
  show: string;
  hide: string;
}

export function changePasswordTexts(t: Translator): ChangePasswordTexts {
  return {
    current: t('account.password.current'),
    next: t('account.password.new'),
    confirm: t('account.password.confirm'),
    hint: t('auth.password.hint'),
    submit: t('account.password.submit'),
    saving: t('account.password.saving'),
    required: t('validation.passwordRequired'),
    passwordRules: t('auth.passwordRules'),
    mismatch: t('validation.passwordsMismatch'),
    updated: t('account.password.updated'),
    failed: t('account.password.error.update'),
    show: t('auth.showPassword'),
    hide: t('auth.hidePassword'),
  };
}

export interface LogoutTexts {
  logout: string;
  busy: string;
  failed: string;
}

export function logoutTexts(t: Translator): LogoutTexts {
  return { logout: t('account.logout'), busy: t('account.loggingOut'), failed: t('auth.error.logout') };
}

/** The top-up form's texts; `minimum` already carries the formatted amount. */
export function topUpTexts(t: Translator, minimumFormatted: string): TopUpTexts {
  return {
    open: t('account.topUp'),
    amountLabel: t('account.topUpAmount'),
    submit: t('account.topUpSubmit'),
    busy: t('account.topUpBusy'),
    cancel: t('account.topUpCancel'),
    minimum: t('account.minTopUp', { amount: minimumFormatted }),
    problems: {
      empty: t('account.topUpEmpty'),
      format: t('account.topUpFormat'),
      'below-minimum': t('account.minTopUp', { amount: minimumFormatted }),
    },
    failed: t('account.topUpFailed'),
  };
}
