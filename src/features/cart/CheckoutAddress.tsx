import { Field, FieldError } from '@/features/forms/Field';
import type { PhoneValue } from '@/lib/phone';
import PhoneInput from '../account/PhoneInput';
import type { CartPageTexts } from './cart-texts';
import type { CheckoutCountry, ShippingField, ShippingFields } from './checkout-form';

/**
 * The checkout's shipping address (accounts spec §2 Checkout form): name, email, phone, country
 * (from /countries), city, address, post code; every field required. Controlled: the state
 * and its rules live in checkout-state.ts.
 */
interface Props {
  fields: ShippingFields;
  countries: CheckoutCountry[] | null;
  /** The phone input's countries: every country of the shop, served or not. */
  phoneCountries: CheckoutCountry[] | null;
  /** The shop's home country (ISO): the phone starts on it while no delivery country is chosen. */
  homeIso?: string;
  /** A submit was tried: PhoneInput shows its own problems, the form its summary. */
  submitted: boolean;
  formValid: boolean;
  phoneServerError: string | undefined;
  errorText(key: ShippingField): string | undefined;
  onChange<K extends ShippingField>(key: K, value: ShippingFields[K]): void;
  texts: CartPageTexts['shipping'];
}

type TextField = 'name' | 'surname' | 'email' | 'city' | 'address' | 'postCode';

export default function CheckoutAddress({
  fields,
  countries,
  phoneCountries,
  homeIso,
  submitted,
  formValid,
  phoneServerError,
  errorText,
  onChange,
  texts: s,
}: Props) {
  function textField(key: TextField, label: string, autoComplete: string, maxLength: number, type = 'text') {
    return (
      <Field
        id={`checkout-${key}`}
        name={key}
        type={type}
        label={label}
        value={fields[key]}
        required
        marked
        autoComplete={autoComplete}
        maxLength={maxLength}
        error={errorText(key)}
        onChange={(event) => onChange(key, event.currentTarget.value)}
      />
    );
  }

  const countryError = errorText('countryId');

  return (
    <fieldset className="checkout-shipping">
      <legend>{s.title}</legend>
      {submitted && !formValid && (
        <p className="form-error checkout-alert" role="alert">
          {s.fillRequired}
        </p>
      )}
      <div className="checkout-grid">
        {textField('name', s.name, 'given-name', 96)}
        {textField('surname', s.surname, 'family-name', 96)}
        {textField('email', s.email, 'email', 254, 'email')}
        <div className="field">
          <PhoneInput
            id="checkout-phone"
            label={s.phone}
            countries={phoneCountries ?? []}
            value={fields.phone}
            required
            showErrors={submitted}
            defaultCountry={countries?.find((c) => String(c.id) === fields.countryId)?.iso ?? homeIso}
            onChange={(value: PhoneValue) => onChange('phone', value)}
            serverError={phoneServerError}
            messages={s.phoneInput}
          />
        </div>
        <div className="field">
          <label htmlFor="checkout-countryId">
            {s.country}
            <span aria-hidden="true"> *</span>
          </label>
          {countries ? (
            <select
              id="checkout-countryId"
              name="country"
              value={fields.countryId}
              required
              aria-invalid={countryError ? true : undefined}
              aria-describedby={countryError ? 'checkout-countryId-error' : undefined}
              onChange={(event) => onChange('countryId', event.currentTarget.value)}
            >
              <option value="">{s.selectCountry}</option>
              {countries.map((country) => (
                <option key={country.id} value={String(country.id)}>
                  {country.name}
                </option>
              ))}
            </select>
          ) : (
            <p className="field-error" id="checkout-countryId" role="alert">
              {s.countriesError}
            </p>
          )}
          <FieldError id="checkout-countryId" error={countryError} />
        </div>
        {textField('city', s.city, 'address-level2', 96)}
        {textField('address', s.address, 'address-line1', 255)}
        {textField('postCode', s.postCode, 'postal-code', 16)}
        <Field
          id="checkout-vatId"
          name="vat_id"
          label={s.vatId}
          hint={s.vatIdHint}
          value={fields.vatId}
          maxLength={32}
          autoComplete="off"
          error={errorText('vatId')}
          onChange={(event) => onChange('vatId', event.currentTarget.value)}
        />
      </div>
    </fieldset>
  );
}
