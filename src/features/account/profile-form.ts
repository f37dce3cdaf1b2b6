/**
 * Pure rules of the Personal information form (accounts spec §3, §5): fields from a profile,
 * validation, "changed", the PUT body, and the balance / member-since display. Unit-tested.
 */
import type { PhoneData, PhoneValue } from '@/lib/phone';
import { samePhone } from '@/lib/phone';
import type { Profile } from '@/lib/contract/accounts';

/** GET /api/user/profile (src/server/services/auth/profile.ts); what the form reads of it. */
/** GET/PUT /api/user/profile: the contract's shape (src/lib/contract/accounts.ts). */
export type AccountProfile = Profile;

export interface ProfileFields {
  name: string;
  surname: string;
  email: string;
  /** null: no number (an empty input also reads as no number). */
  phone: PhoneValue | null;
  /** The selected country id as the select holds it; '' when none. */
  countryId: string;
  city: string;
  address: string;
  postCode: string;
  /** Asked for only while the email differs from the profile's (the server requires it then). */
  currentPassword: string;
}

export type ProfileFieldError = 'required' | 'email' | 'phone';
export type ProfileErrors = Partial<
  Record<'name' | 'surname' | 'email' | 'phone' | 'currentPassword', ProfileFieldError>
>;

export interface ProfilePayload {
  name: string;
  surname: string;
  email: string;
  phone: string;
  phoneCountryCode: string;
  nationalNumber: string;
  address: string | null;
  city: string | null;
  post_code: string | null;
  country_id: number | null;
  /** Sent only with an email change. */
  current_password?: string;
}

/** Text, @, text, dot, text, no spaces (the spec's basic pattern; the server checks more). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function profilePhone(
  profile: Pick<AccountProfile, 'phone' | 'phoneCountryCode' | 'nationalNumber'>,
): PhoneData | null {
  if (!profile.phone && !profile.nationalNumber) return null;
  return {
    phone: profile.phone ?? '',
    phoneCountryCode: (profile.phoneCountryCode ?? '').toUpperCase(),
    nationalNumber: profile.nationalNumber ?? '',
  };
}

export function fieldsFromProfile(profile: AccountProfile): ProfileFields {
  const phone = profilePhone(profile);
  return {
    name: profile.name ?? '',
    surname: profile.surname ?? '',
    email: profile.email ?? '',
    // The stored number was validated on its way in.
    phone: phone ? { ...phone, isValid: true } : null,
    countryId: profile.country ? String(profile.country.id) : '',
    city: profile.city ?? '',
    address: profile.address ?? '',
    postCode: profile.post_code ?? '',
    currentPassword: '',
  };
}

/** Whether the email field names another address than the profile (the server compares trimmed, case-blind). */
export function emailChanged(fields: Pick<ProfileFields, 'email'>, profile: Pick<AccountProfile, 'email'>): boolean {
  return fields.email.trim().toLowerCase() !== profile.email.trim().toLowerCase();
}

function hasPhone(phone: PhoneValue | PhoneData | null): boolean {
  return !!phone && (phone.phone.trim() !== '' || phone.nationalNumber.trim() !== '');
}

/**
 * First name, last name and email are required, the email must look like one; a phone, when
 * given, must be valid (the server also accepts a profile without one). With the profile given,
 * a changed email also needs the current password.
 */
export function validateProfile(fields: ProfileFields, profile?: Pick<AccountProfile, 'email'>): ProfileErrors {
  const errors: ProfileErrors = {};
  if (fields.name.trim() === '') errors.name = 'required';
  if (fields.surname.trim() === '') errors.surname = 'required';
  const email = fields.email.trim();
  if (email === '') errors.email = 'required';
  else if (!EMAIL_PATTERN.test(email)) errors.email = 'email';
  if (hasPhone(fields.phone) && !fields.phone!.isValid) errors.phone = 'phone';
  if (profile && emailChanged(fields, profile) && fields.currentPassword === '') errors.currentPassword = 'required';
  return errors;
}

export function isProfileValid(fields: ProfileFields): boolean {
  return Object.keys(validateProfile(fields)).length === 0;
}

const orNull = (value: string): string | null => {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

/**
 * The PUT /api/user/profile body: address, city, post code trimmed or null; country_id or null;
 * current_password only when one was typed (the form keeps it only during an email change).
 */
export function profilePayload(fields: ProfileFields): ProfilePayload {
  const phone = hasPhone(fields.phone) ? fields.phone! : null;
  const countryId = Number.parseInt(fields.countryId, 10);
  return {
    name: fields.name.trim(),
    surname: fields.surname.trim(),
    email: fields.email.trim(),
    phone: phone?.phone ?? '',
    phoneCountryCode: phone?.phoneCountryCode ?? '',
    nationalNumber: phone?.nationalNumber ?? '',
    address: orNull(fields.address),
    city: orNull(fields.city),
    post_code: orNull(fields.postCode),
    country_id: Number.isSafeInteger(countryId) && countryId > 0 ? countryId : null,
    ...(fields.currentPassword !== '' ? { current_password: fields.currentPassword } : {}),
  };
}

/** Whether the address block differs from the profile (any of its fields). */
export function addressChanged(fields: ProfileFields, profile: AccountProfile): boolean {
  const payload = profilePayload(fields);
  return (
    payload.address !== (profile.address?.trim() || null) ||
    payload.city !== (profile.city?.trim() || null) ||
    payload.post_code !== (profile.post_code?.trim() || null) ||
    payload.country_id !== (profile.country?.id ?? null)
  );
}

/** Whether saving would change anything. */
export function profileChanged(fields: ProfileFields, profile: AccountProfile): boolean {
  const payload = profilePayload(fields);
  const phoneBefore = profilePhone(profile);
  const phoneNow = hasPhone(fields.phone) ? fields.phone : null;
  return (
    payload.name !== profile.name.trim() ||
    payload.surname !== profile.surname.trim() ||
    payload.email !== profile.email.trim() ||
    !samePhone(phoneNow, phoneBefore) ||
    addressChanged(fields, profile)
  );
}

/** created_at as MMM D, YYYY in the page language ("Jan 5, 2026" in English), in UTC so server and browser agree. */
export function formatMemberSince(createdAt: string, locale: string): string {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
      date,
    );
  } catch {
    return new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
      date,
    );
  }
}
