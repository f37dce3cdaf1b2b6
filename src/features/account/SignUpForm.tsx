import '@/stores/bootstrap';
import { useRef, useState } from 'react';
import type { PhoneData, PhoneValue } from '@/lib/phone';
import { register } from './auth-store';
import { type SignUpFields, type SignUpProblem, validateSignUp } from './auth-validation';
import { Field } from '@/features/forms/Field';
import { PasswordField } from '@/features/forms/PasswordField';
import { FormMessage, formValue } from '@/features/forms/FormMessage';
import PhoneInput from './PhoneInput';
import SignUpTerms, { useTerms } from './SignUpTerms';
import type { HomeCountry } from '@/lib/home-country';
import type { SignUpTexts } from './auth-texts';
import { pageHref } from '@/lib/language-path';

export interface SignUpCountry {
  id: number;
  name: string;
  iso: string;
}

export interface SignUpFormProps {
  texts: SignUpTexts;
  /** The shop's countries: the only ones a phone number may belong to. */
  countries: SignUpCountry[];
  /** The shop's home country: the phone number starts on it. */
  homeCountry?: HomeCountry | null;
  /** Where a new customer goes next (the verification page, with the way back). */
  verificationUrl: string;
}

type FieldName = keyof SignUpFields;

/** Server field names (422 `errors`) → the field that shows them. */
const SERVER_FIELDS: Record<string, FieldName> = {
  name: 'name',
  surname: 'surname',
  email: 'email',
  phone: 'phone',
  phoneCountryCode: 'phone',
  nationalNumber: 'phone',
  password: 'password',
  passConfirm: 'passConfirm',
  passwordConfirmation: 'passConfirm',
};

const FIELD_IDS: Record<FieldName, string> = {
  name: 'signup-name',
  surname: 'signup-surname',
  email: 'signup-email',
  phone: 'signup-phone',
  password: 'signup-password',
  passConfirm: 'signup-password-confirm',
};

/** A problem's text under its field ('field') or in the form's message ('form'). */
function problemText(texts: SignUpTexts, problem: SignUpProblem, where: 'field' | 'form'): string {
  switch (problem) {
    case 'required':
      return where === 'field' ? texts.fieldRequired : texts.required;
    case 'phone':
      return texts.invalidPhone;
    case 'passwordRules':
      return texts.passwordRules;
    case 'mismatch':
      return texts.mismatch;
  }
}

function signUpFields(data: FormData, phone: PhoneValue | null): SignUpFields {
  return {
    name: formValue(data, 'name').trim(),
    surname: formValue(data, 'surname').trim(),
    email: formValue(data, 'email').trim(),
    phone: phone ? phone.phone || phone.nationalNumber : '',
    password: formValue(data, 'password'),
    passConfirm: formValue(data, 'passConfirm'),
  };
}

/**
 * Registration (accounts spec §2 Auth page, §5 Sign-up): the terms checkbox waits for the terms
 * and privacy pages, submit waits for the checkbox; the spec's messages in its order; field
 * errors of the server under the fields; success goes to the verification page.
 */
export default function SignUpForm({ texts, countries, homeCountry = null, verificationUrl }: SignUpFormProps) {
  const { terms, retry } = useTerms();
  const [accepted, setAccepted] = useState(false);
  const [phone, setPhone] = useState<PhoneValue | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const form = useRef<HTMLFormElement>(null);

  function focusField(field: FieldName) {
    const element = form.current?.querySelector<HTMLInputElement>(`#${FIELD_IDS[field]}`);
    element?.focus();
  }

  async function submit(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const data = new FormData(event.currentTarget);
    const fields = signUpFields(data, phone);
    const check = validateSignUp(fields, { phoneValid: phone?.isValid === true, termsAccepted: accepted });
    if (check.problem) {
      const marked: Partial<Record<FieldName, string>> = {};
      for (const [field, code] of Object.entries(check.fields)) {
        if (field !== 'terms') marked[field as FieldName] = problemText(texts, code, 'field');
      }
      const first = (Object.keys(FIELD_IDS) as FieldName[]).find((field) => marked[field]);
      // PhoneInput shows its own required/invalid text once showErrors is on.
      delete marked.phone;
      setFieldErrors(marked);
      setError(problemText(texts, check.problem, 'form'));
      if (first) focusField(first);
      return;
    }
    setBusy(true);
    setError(null);
    setFieldErrors({});
    const { phone: _typed, ...named } = fields;
    const { phone: number, phoneCountryCode, nationalNumber } = phone!;
    const result = await register(
      { ...named, phone: number, phoneCountryCode, nationalNumber },
      { fallbackMessage: texts.failed },
    );
    if (result.ok) {
      location.assign(pageHref(verificationUrl));
      return;
    }
    setBusy(false);
    const marked: Partial<Record<FieldName, string>> = {};
    const unplaced: string[] = [];
    for (const [key, message] of Object.entries(result.errors)) {
      const field = SERVER_FIELDS[key];
      if (field && !marked[field]) marked[field] = message;
      else if (!field) unplaced.push(message);
    }
    setFieldErrors(marked);
    setError(unplaced[0] ?? (result.message || texts.failed));
    const first = (Object.keys(FIELD_IDS) as FieldName[]).find((field) => marked[field]);
    requestAnimationFrame(() => (first ? focusField(first) : undefined));
  }

  const phoneValue: PhoneData | null = phone
    ? { phone: phone.phone, phoneCountryCode: phone.phoneCountryCode, nationalNumber: phone.nationalNumber }
    : null;

  return (
    <form ref={form} className="auth-form" method="post" noValidate onSubmit={submit} aria-busy={busy}>
      <p className="auth-intro">{texts.allRequired}</p>
      <div className="auth-form-row">
        <Field
          id={FIELD_IDS.name}
          name="name"
          label={texts.firstName}
          autoComplete="given-name"
          required
          readOnly={busy}
          maxLength={255}
          error={fieldErrors.name}
        />
        <Field
          id={FIELD_IDS.surname}
          name="surname"
          label={texts.lastName}
          autoComplete="family-name"
          required
          readOnly={busy}
          maxLength={255}
          error={fieldErrors.surname}
        />
      </div>
      <Field
        id={FIELD_IDS.email}
        name="email"
        type="email"
        label={texts.email}
        autoComplete="email"
        inputMode="email"
        required
        readOnly={busy}
        maxLength={255}
        error={fieldErrors.email}
      />
      <PhoneInput
        id={FIELD_IDS.phone}
        label={texts.phone}
        countries={countries}
        defaultCountry={homeCountry?.iso}
        value={phoneValue}
        onChange={(value) => {
          setPhone(value);
          if (fieldErrors.phone) setFieldErrors((errors) => ({ ...errors, phone: undefined }));
        }}
        required
        disabled={busy}
        showErrors={submitted}
        serverError={fieldErrors.phone}
        messages={texts.phoneInput}
      />
      <PasswordField
        id={FIELD_IDS.password}
        name="password"
        label={texts.password}
        hint={texts.passwordHint}
        autoComplete="new-password"
        required
        readOnly={busy}
        maxLength={255}
        error={fieldErrors.password}
        texts={texts.passwordToggle}
      />
      <PasswordField
        id={FIELD_IDS.passConfirm}
        name="passConfirm"
        label={texts.confirmPassword}
        autoComplete="new-password"
        required
        readOnly={busy}
        maxLength={255}
        error={fieldErrors.passConfirm}
        texts={texts.passwordToggle}
      />
      <SignUpTerms terms={terms} retry={retry} accepted={accepted} onAccepted={setAccepted} busy={busy} texts={texts} />
      <button type="submit" className="button auth-submit" disabled={!accepted || busy}>
        {busy ? texts.busy : texts.submit}
      </button>
      <FormMessage id="signup-message" error={error} />
    </form>
  );
}
