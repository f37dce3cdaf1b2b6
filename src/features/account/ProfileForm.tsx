import '@/stores/bootstrap';
import './auth-store';
import { useEffect, useMemo, useRef, useState } from 'react';
import { showToast } from '@/stores/toasts';
import { typedBeforeHydration } from '@/stores/hydration';
import { fill } from '@/lib/rules/placeholders';
import type { ProfileFormTexts } from './account-texts';
import type { PhoneCountry } from './PhoneInput';
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
import { $profile, saveProfile } from './profile-store';
import { ProfileAddressFields, ProfilePersonalFields } from './ProfileFieldsets';
import { useProfileSync } from './use-profile-sync';

/**
 * Personal information tab of /account (accounts spec §2, §5): personal data with the phone
 * input, the delivery address with the shop's countries, balance and member-since. Rendered
 * on the server with the profile; Save is enabled once something changed and everything is
 * valid. After a save the profile is fetched again; a currency change refetches it too (§4)
 * (use-profile-sync.ts). The fields are ProfileFieldsets.tsx.
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
const FORM_FIELDS: Record<string, keyof ProfileFields> = {
  post_code: 'postCode',
  country_id: 'countryId',
  current_password: 'currentPassword',
};
const SERVER_FIELDS = Object.fromEntries(Object.entries(FORM_FIELDS).map(([server, form]) => [form, server]));

/** The text fields and the country select, as the server rendered them or as typed before hydration. */
const TYPED_KEYS = ['name', 'surname', 'email', 'city', 'address', 'postCode', 'countryId'] as const;

export default function ProfileForm(props: ProfileFormProps) {
  const { initialProfile, homeCountry = null, locale, texts } = props;
  const [fields, setFields] = useState<ProfileFields>(() =>
    initialProfile ? fieldsFromProfile(initialProfile) : EMPTY_FIELDS,
  );
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  function reset(next: AccountProfile) {
    setFields(fieldsFromProfile(next));
    setTouched({});
    setServerErrors({});
  }
  const sync = useProfileSync({ initialProfile, initialCountries: props.countries, onReset: reset, texts });
  const { profile, countries } = sync;

  // Hydration starts on the first focus: keep what was typed before the code arrived.
  useEffect(() => {
    if (!initialProfile) return;
    const typed = typedBeforeHydration(formRef.current, TYPED_KEYS, fields);
    if (Object.keys(typed).length) setFields((f) => ({ ...f, ...typed }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on hydration
  }, []);

  const errors = useMemo(() => validateProfile(fields, profile ?? undefined), [fields, profile]);
  // An email change needs the current password (the server asks for it too).
  const askPassword = profile ? emailChanged(fields, profile) : false;
  const valid = Object.keys(errors).length === 0;
  const changed = profile ? profileChanged(fields, profile) : false;
  const anyTouched = Object.values(touched).some(Boolean);

  function set<K extends keyof ProfileFields>(key: K, value: ProfileFields[K]) {
    setFields((f) => {
      const next = { ...f, [key]: value };
      // Back to the saved address: the password is not needed, so it is not kept either.
      if (key === 'email' && profile && !emailChanged(next, profile)) next.currentPassword = '';
      return next;
    });
    const serverKey = SERVER_FIELDS[key] ?? key;
    if (serverErrors[serverKey]) setServerErrors(({ [serverKey]: _, ...rest }) => rest);
  }

  function errorOf(key: keyof ProfileFields): string | undefined {
    const server = serverErrors[SERVER_FIELDS[key] ?? key];
    if (server || !touched[key] || key === 'phone') return server; // the phone input checks itself
    const error = errors[key as keyof typeof errors];
    if (key === 'currentPassword') return error ? texts.currentPasswordRequired : undefined;
    return error === 'required' ? texts.required : error === 'email' ? texts.invalidEmail : undefined;
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
        await sync.refetch({ resetFields: true });
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
        {sync.loading ? texts.loading : texts.loadFailed}
      </p>
    );
  }

  const fieldset = { fields, profile, countries, errorOf, set, texts };
  const touch = (key: string) => setTouched((t) => (t[key] ? t : { ...t, [key]: true }));
  return (
    <form ref={formRef} className="account-form profile-form" onSubmit={submit} noValidate aria-busy={saving}>
      <div className="account-summary">
        <p className="account-balance">
          <span>{texts.balance}: </span>
          <strong>{formatMoney(profile.balance, profile.currency, locale, props.currencySymbol)}</strong>
        </p>
        <p className="account-member-since">
          {fill(texts.memberSince, { date: formatMemberSince(profile.created_at, locale) })}
        </p>
      </div>
      <ProfilePersonalFields
        {...fieldset}
        touch={touch}
        askPassword={askPassword}
        phoneCountries={props.phoneCountries ?? countries ?? []}
        homeIso={homeCountry?.iso}
      />
      <ProfileAddressFields {...fieldset} touch={touch} />
      <p className="form-error" role="status" aria-live="polite">
        {!valid && (anyTouched || changed) ? texts.invalidForm : ''}
      </p>
      <button type="submit" className="button account-submit" disabled={!valid || !changed || saving}>
        {saving ? texts.saving : texts.save}
      </button>
    </form>
  );
}
