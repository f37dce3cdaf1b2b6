import type { ChangeEvent } from 'react';
import { Field, FieldError } from '@/features/forms/Field';
import type { PhoneValue } from '@/lib/phone';
import { fill } from '@/lib/rules/placeholders';
import type { ProfileFormTexts } from './account-texts';
import PhoneInput, { type PhoneCountry } from './PhoneInput';
import type { AccountProfile, ProfileFields } from './profile-form';

/**
 * The two fieldsets of the profile form (ProfileForm.tsx): personal data with the phone input,
 * and the delivery address with the shop's countries. Controlled: the values and the errors to
 * show come from the form.
 */

type TextKey = 'name' | 'surname' | 'email' | 'city' | 'address' | 'postCode' | 'currentPassword';

export interface ProfileFieldsetProps {
  fields: ProfileFields;
  profile: AccountProfile;
  countries: PhoneCountry[] | null;
  /** The error a field shows now (the server's first, the form's own once left or sent). */
  errorOf(key: TextKey | 'phone' | 'countryId'): string | undefined;
  set<K extends keyof ProfileFields>(key: K, value: ProfileFields[K]): void;
  touch(key: TextKey): void;
  texts: ProfileFormTexts;
}

/** The props of the text field `key`: id profile-<key>, bound to the form; the address is not checked on leaving. */
function bind({ fields, errorOf, set, touch }: ProfileFieldsetProps, key: TextKey) {
  const checked = key !== 'city' && key !== 'address' && key !== 'postCode';
  return {
    id: `profile-${key}`,
    name: key,
    value: fields[key],
    error: errorOf(key),
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(key, event.currentTarget.value),
    onBlur: checked ? () => touch(key) : undefined,
  };
}

export function ProfilePersonalFields(
  props: ProfileFieldsetProps & { askPassword: boolean; phoneCountries: PhoneCountry[]; homeIso?: string },
) {
  const { texts, fields, profile } = props;
  return (
    <fieldset>
      <legend>{props.texts.personalData}</legend>
      <div className="account-grid">
        <Field
          {...bind(props, 'name')}
          label={texts.firstName}
          required
          marked
          autoComplete="given-name"
          maxLength={96}
        />
        <Field
          {...bind(props, 'surname')}
          label={texts.lastName}
          required
          marked
          autoComplete="family-name"
          maxLength={96}
        />
        <Field
          {...bind(props, 'email')}
          type="email"
          label={texts.email}
          required
          marked
          autoComplete="email"
          maxLength={254}
        />
        {props.askPassword && (
          <Field
            {...bind(props, 'currentPassword')}
            type="password"
            label={texts.currentPassword}
            hint={texts.currentPasswordHint}
            required
            marked
            autoComplete="current-password"
            maxLength={128}
          />
        )}
        <div className="field">
          <PhoneInput
            id="profile-phone"
            label={texts.phone}
            countries={props.phoneCountries}
            value={fields.phone}
            defaultCountry={profile.country?.iso ?? props.homeIso}
            onChange={(value: PhoneValue) => props.set('phone', value)}
            serverError={props.errorOf('phone')}
            messages={texts.phoneInput}
          />
        </div>
      </div>
    </fieldset>
  );
}

/** The country select: the saved country may be one the shop no longer sells to (issue 25). */
function CountrySelect({ fields, profile, countries, errorOf, set, texts }: ProfileFieldsetProps) {
  const error = errorOf('countryId');
  // Kept as an option (other edits still save; the server accepts it unchanged) and said so under the field.
  const saved = profile.country;
  const unserved = saved && countries && !countries.some((c) => c.id === saved.id) ? saved : null;
  return (
    <div className="field">
      <label htmlFor="profile-country">{texts.country}</label>
      {countries ? (
        <select
          id="profile-country"
          name="countryId"
          value={fields.countryId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'profile-country-error' : undefined}
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
      <FieldError id="profile-country" error={error} />
      {unserved && String(unserved.id) === fields.countryId && (
        <p className="field-hint">{fill(texts.countryNotServed, { country: unserved.name })}</p>
      )}
    </div>
  );
}

export function ProfileAddressFields(props: ProfileFieldsetProps) {
  const { texts } = props;
  return (
    <fieldset>
      <legend>{texts.deliveryAddress}</legend>
      <div className="account-grid">
        <CountrySelect {...props} />
        <Field {...bind(props, 'city')} label={texts.city} autoComplete="address-level2" maxLength={96} />
        <Field {...bind(props, 'address')} label={texts.address} autoComplete="address-line1" maxLength={255} />
        <Field {...bind(props, 'postCode')} label={texts.postCode} autoComplete="postal-code" maxLength={16} />
      </div>
    </fieldset>
  );
}
