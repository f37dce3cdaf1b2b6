import '@/stores/bootstrap';
import './auth-store';
import { useStore } from '@nanostores/react';
import { useEffect, useEffectEvent, useMemo, useRef, useState, type InputHTMLAttributes } from 'react';
import { type PhoneValue } from '@/lib/phone';
import { api } from '@/stores/api';
import { showToast } from '@/stores/toasts';
import { typedBeforeHydration } from '@/stores/hydration';
import { $currencyCode } from '../i18n/locale';
import { fill } from '@/lib/rules/placeholders';
import type { ProfileFormTexts } from './account-texts';
import PhoneInput, { type PhoneCountry } from './PhoneInput';
import type { HomeCountry } from '@/lib/home-country';
import {
  type AccountProfile,
  emailChanged,
  fieldsFromProfile,
  formatMemberSince,
  profileChanged,
  profilePayload,
  type ProfileFields,
  validateProfile,
} from './profile-form';
import { formatMoney } from '@/lib/money';
import { $profile, fetchProfile, saveProfile } from './profile-store';

/**
 * Personal information tab of /account (accounts spec §2, §5): personal data with the phone
 * input, the delivery address with the shop's countries, balance and member-since. Rendered
 * on the server with the profile; Save is enabled once something changed and everything is
 * valid. After a save the profile is fetched again; a currency change refetches it too (§4).
 */

export interface ProfileFormProps {
  /** The profile as the page loaded it (getProfile); null makes the island fetch it. */
  initialProfile: AccountProfile | null;
  /** The countries the shop sells to (GET /api/countries); null when the page could not load them. */
  countries: PhoneCountry[] | null;
  /** Every country, for the phone input (a phone number is no delivery address); absent: `countries`. */
  phoneCountries?: PhoneCountry[] | null;
  /**
   * The shop's home country: a phone number without a country starts on it. The optional delivery
   * address stays unset until chosen: a preselected country would save an address never given.
   */
  homeCountry?: HomeCountry | null;
  /** Page language code, for the balance and the date. */
  locale: string;
  /** Symbol of the page currency, for a code Intl does not know. */
  currencySymbol?: string;
  texts: ProfileFormTexts;
}

type TextField = 'name' | 'surname' | 'email' | 'city' | 'address' | 'postCode' | 'currentPassword';

const EMPTY_FIELDS: ProfileFields = {
  name: '',
  surname: '',
  email: '',
  phone: null,
  countryId: '',
  city: '',
  address: '',
  postCode: '',
  currentPassword: '',
};

/** Server field names → form fields. */
const SERVER_FIELDS: Record<string, string> = {
  post_code: 'postCode',
  country_id: 'countryId',
  current_password: 'currentPassword',
};

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'value' | 'onChange'> {
  name: TextField;
  label: string;
  value: string;
  error?: string;
  /** A short explanation under the field, read with it. */
  hint?: string;
  onValue(value: string): void;
}

function Field({ name, label, value, error, hint, onValue, required, ...input }: FieldProps) {
  const id = `profile-${name}`;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        name={name}
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onValue(event.currentTarget.value)}
        {...input}
      />
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The text fields and the country select, as the server rendered them or as typed before hydration. */
const TYPED_KEYS = ['name', 'surname', 'email', 'city', 'address', 'postCode', 'countryId'] as const;

export default function ProfileForm({
  initialProfile,
  countries: initialCountries,
  phoneCountries,
  homeCountry = null,
  locale,
  currencySymbol,
  texts,
}: ProfileFormProps) {
  const stored = useStore($profile);
  const profile = stored ?? initialProfile;
  const [fields, setFields] = useState<ProfileFields>(() =>
    initialProfile ? fieldsFromProfile(initialProfile) : EMPTY_FIELDS,
  );
  const [countries, setCountries] = useState<PhoneCountry[] | null>(initialCountries);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [loading, setLoading] = useState(!initialProfile);
  const formRef = useRef<HTMLFormElement>(null);

  const errors = useMemo(() => validateProfile(fields, profile ?? undefined), [fields, profile]);
  // An email change needs the current password (the server asks for it too).
  const askPassword = profile ? emailChanged(fields, profile) : false;
  const valid = Object.keys(errors).length === 0;
  const changed = profile ? profileChanged(fields, profile) : false;
  const anyTouched = Object.values(touched).some(Boolean);

  function reset(next: AccountProfile) {
    setFields(fieldsFromProfile(next));
    setTouched({});
    setServerErrors({});
  }

  async function refetch(options: { resetFields: boolean }) {
    const result = await fetchProfile(texts.fetchFailed);
    if (!result.ok) {
      if (!result.handled) showToast(result.message || texts.loadFailed, 'error');
      return;
    }
    const next = $profile.get();
    if (next && options.resetFields) reset(next);
  }

  // Once, with the props the island was rendered with.
  const start = useEffectEvent(() => {
    if (initialProfile && !$profile.get()) $profile.set(initialProfile);
    // Hydration starts on the first focus: keep what was typed before the code arrived.
    if (initialProfile) {
      const typed = typedBeforeHydration(formRef.current, TYPED_KEYS, fields);
      if (Object.keys(typed).length) setFields((f) => ({ ...f, ...typed }));
    }
    if (!initialProfile) {
      void refetch({ resetFields: true }).finally(() => setLoading(false));
    }
    if (!initialCountries) {
      api
        .get('/countries', { fallbackMessage: texts.countriesError })
        .then((body) => setCountries(Array.isArray(body.payload) ? body.payload : null))
        .catch(() => setCountries(null));
    }
    // The balance is in the chosen currency: follow a change made without a reload, also one
    // made before this island hydrated (the picker may hydrate first on a slow device).
    const stop = $currencyCode.listen(() => {
      void refetch({ resetFields: false });
    });
    const chosen = $currencyCode.get();
    if (initialProfile && chosen && chosen !== initialProfile.currency) void refetch({ resetFields: false });
    return stop;
  });
  useEffect(() => start(), []);

  function set<K extends keyof ProfileFields>(key: K, value: ProfileFields[K]) {
    setFields((f) => {
      const next = { ...f, [key]: value };
      // Back to the saved address: the password is not needed, so it is not kept either.
      if (key === 'email' && profile && !emailChanged(next, profile)) next.currentPassword = '';
      return next;
    });
    const serverKey = Object.entries(SERVER_FIELDS).find(([, v]) => v === key)?.[0] ?? key;
    if (serverErrors[serverKey]) {
      setServerErrors((current) => {
        const next = { ...current };
        delete next[serverKey];
        return next;
      });
    }
  }

  function touch(key: string) {
    setTouched((t) => (t[key] ? t : { ...t, [key]: true }));
  }

  function fieldError(key: 'name' | 'surname' | 'email'): string | undefined {
    if (serverErrors[key]) return serverErrors[key];
    if (!touched[key]) return undefined;
    const error = errors[key];
    return error === 'required' ? texts.required : error === 'email' ? texts.invalidEmail : undefined;
  }

  function passwordError(): string | undefined {
    if (serverErrors.current_password) return serverErrors.current_password;
    return touched.currentPassword && errors.currentPassword ? texts.currentPasswordRequired : undefined;
  }

  async function submit(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || !profile) return;
    if (!valid) {
      setTouched({ name: true, surname: true, email: true, phone: true, currentPassword: true });
      showToast(texts.invalidForm, 'error');
      return;
    }
    setSaving(true);
    try {
      const result = await saveProfile(profilePayload(fields), { updated: texts.updated, failed: texts.updateFailed });
      if (result.ok) {
        showToast(result.message, 'success');
        const saved = $profile.get();
        if (saved) reset(saved);
        await refetch({ resetFields: true });
      } else {
        setServerErrors(result.errors);
        if (!result.handled) showToast(result.message, 'error');
      }
    } finally {
      setSaving(false);
    }
  }

  if (!profile) {
    return (
      <p className="account-loading" role="status">
        {loading ? texts.loading : texts.loadFailed}
      </p>
    );
  }

  const memberSince = fill(texts.memberSince, { date: formatMemberSince(profile.created_at, locale) });
  const showFormError = !valid && (anyTouched || changed);
  const countryError = serverErrors.country_id;
  // The saved country may be one the shop no longer sells to: kept as an option (other edits still
  // save; the server accepts it unchanged) and said so under the field (issue 25).
  const saved = profile.country;
  const unserved = saved && countries && !countries.some((c) => c.id === saved.id) ? saved : null;

  return (
    <form ref={formRef} className="account-form profile-form" onSubmit={submit} noValidate aria-busy={saving}>
      <div className="account-summary">
        <p className="account-balance">
          <span>{texts.balance}: </span>
          <strong>{formatMoney(profile.balance, profile.currency, locale, currencySymbol)}</strong>
        </p>
        <p className="account-member-since">{memberSince}</p>
      </div>

      <fieldset>
        <legend>{texts.personalData}</legend>
        <div className="account-grid">
          <Field
            name="name"
            label={texts.firstName}
            value={fields.name}
            required
            autoComplete="given-name"
            maxLength={96}
            error={fieldError('name')}
            onValue={(v) => set('name', v)}
            onBlur={() => touch('name')}
          />
          <Field
            name="surname"
            label={texts.lastName}
            value={fields.surname}
            required
            autoComplete="family-name"
            maxLength={96}
            error={fieldError('surname')}
            onValue={(v) => set('surname', v)}
            onBlur={() => touch('surname')}
          />
          <Field
            name="email"
            type="email"
            label={texts.email}
            value={fields.email}
            required
            autoComplete="email"
            maxLength={254}
            error={fieldError('email')}
            onValue={(v) => set('email', v)}
            onBlur={() => touch('email')}
          />
          {askPassword && (
            <Field
              name="currentPassword"
              type="password"
              label={texts.currentPassword}
              hint={texts.currentPasswordHint}
              value={fields.currentPassword}
              required
              autoComplete="current-password"
              maxLength={128}
              error={passwordError()}
              onValue={(v) => set('currentPassword', v)}
              onBlur={() => touch('currentPassword')}
            />
          )}
          <div className="field">
            <PhoneInput
              id="profile-phone"
              label={texts.phone}
              countries={phoneCountries ?? countries ?? []}
              value={fields.phone}
              defaultCountry={profile.country?.iso ?? homeCountry?.iso}
              onChange={(value: PhoneValue) => set('phone', value)}
              serverError={serverErrors.phone}
              messages={texts.phoneInput}
            />
          </div>
        </div>
      </fieldset>

      <fieldset>
        <legend>{texts.deliveryAddress}</legend>
        <div className="account-grid">
          <div className="field">
            <label htmlFor="profile-country">{texts.country}</label>
            {countries ? (
              <select
                id="profile-country"
                name="countryId"
                value={fields.countryId}
                aria-invalid={countryError ? true : undefined}
                aria-describedby={countryError ? 'profile-country-error' : undefined}
                onChange={(event) => set('countryId', event.currentTarget.value)}
              >
                <option value="">{texts.selectCountry}</option>
                {countries.map((country) => (
                  <option key={country.id} value={String(country.id)}>
                    {country.name}
                  </option>
                ))}
                {unserved && <option value={String(unserved.id)}>{unserved.name}</option>}
              </select>
            ) : (
              <p className="field-error" id="profile-country" role="alert">
                {texts.countriesError}
              </p>
            )}
            {countryError && (
              <p className="field-error" id="profile-country-error">
                {countryError}
              </p>
            )}
            {unserved && String(unserved.id) === fields.countryId && (
              <p className="field-hint">{fill(texts.countryNotServed, { country: unserved.name })}</p>
            )}
          </div>
          <Field
            name="city"
            label={texts.city}
            value={fields.city}
            autoComplete="address-level2"
            maxLength={96}
            error={serverErrors.city}
            onValue={(v) => set('city', v)}
          />
          <Field
            name="address"
            label={texts.address}
            value={fields.address}
            autoComplete="address-line1"
            maxLength={255}
            error={serverErrors.address}
            onValue={(v) => set('address', v)}
          />
          <Field
            name="postCode"
            label={texts.postCode}
            value={fields.postCode}
            autoComplete="postal-code"
            maxLength={16}
            error={serverErrors.post_code}
            onValue={(v) => set('postCode', v)}
          />
        </div>
      </fieldset>

      <p className="form-error" role="status" aria-live="polite">
        {showFormError ? texts.invalidForm : ''}
      </p>
      <button type="submit" className="button account-submit" disabled={!valid || !changed || saving}>
        {saving ? texts.saving : texts.save}
      </button>
    </form>
  );
}
