import '@/stores/bootstrap';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PhoneData, PhoneValue } from '@/lib/phone';
import { api } from '@/stores/api';
import { register } from './auth-store';
import { type SignUpFields, type SignUpProblem, validateSignUp } from './auth-validation';
import { FormMessage, PasswordField, TextField, formValue } from './AuthFields';
import PhoneInput from './PhoneInput';
import type { HomeCountry } from '@/lib/home-country';
import type { SignUpTexts } from './auth-texts';
import type { StaticPageSummary } from '@/lib/contract/content';
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

interface PageLink {
  id: number;
  slug: string;
  title: string;
}

type TermsState = { phase: 'loading' } | { phase: 'error' } | { phase: 'ready'; terms: PageLink | null; privacy: PageLink | null };

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

function staticPageHref(page: PageLink): string {
  return pageHref(`/static-page/${encodeURIComponent(page.slug || String(page.id))}`);
}

/**
 * Registration (accounts spec §2 Auth page, §5 Sign-up): the terms checkbox waits for the terms
 * and privacy pages, submit waits for the checkbox; the spec's messages in its order; field
 * errors of the server under the fields; success goes to the verification page.
 */
export default function SignUpForm({ texts, countries, homeCountry = null, verificationUrl }: SignUpFormProps) {
  const [terms, setTerms] = useState<TermsState>({ phase: 'loading' });
  const [accepted, setAccepted] = useState(false);
  const [phone, setPhone] = useState<PhoneValue | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const form = useRef<HTMLFormElement>(null);

  const loadTerms = useCallback(async () => {
    setTerms({ phase: 'loading' });
    try {
      const body = await api.get('/static-pages', { skipAuthHandling: true });
      const pages = Array.isArray(body.payload) ? body.payload : [];
      const link = (page: StaticPageSummary | undefined): PageLink | null =>
        page ? { id: page.id, slug: page.slug, title: page.title } : null;
      setTerms({
        phase: 'ready',
        terms: link(pages.find((p) => p.is_terms)),
        privacy: link(pages.find((p) => p.is_privacy)),
      });
    } catch {
      setTerms({ phase: 'error' });
    }
  }, []);

  useEffect(() => {
    void loadTerms();
  }, [loadTerms]);

  const problemText: Record<SignUpProblem, string> = {
    required: texts.fieldRequired,
    phone: texts.invalidPhone,
    passwordRules: texts.passwordRules,
    mismatch: texts.mismatch,
  };
  const formText: Record<SignUpProblem, string> = {
    required: texts.required,
    phone: texts.invalidPhone,
    passwordRules: texts.passwordRules,
    mismatch: texts.mismatch,
  };

  function focusField(field: FieldName) {
    const element = form.current?.querySelector<HTMLInputElement>(`#${FIELD_IDS[field]}`);
    element?.focus();
  }

  async function submit(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const data = new FormData(event.currentTarget);
    const fields: SignUpFields = {
      name: formValue(data, 'name').trim(),
      surname: formValue(data, 'surname').trim(),
      email: formValue(data, 'email').trim(),
      phone: phone ? phone.phone || phone.nationalNumber : '',
      password: formValue(data, 'password'),
      passConfirm: formValue(data, 'passConfirm'),
    };
    const check = validateSignUp(fields, { phoneValid: phone?.isValid === true, termsAccepted: accepted });
    if (check.problem) {
      const marked: Partial<Record<FieldName, string>> = {};
      for (const [field, code] of Object.entries(check.fields)) {
        if (field !== 'terms') marked[field as FieldName] = problemText[code];
      }
      const first = (Object.keys(FIELD_IDS) as FieldName[]).find((field) => marked[field]);
      // PhoneInput shows its own required/invalid text once showErrors is on.
      delete marked.phone;
      setFieldErrors(marked);
      setError(formText[check.problem]);
      if (first) focusField(first);
      return;
    }
    setBusy(true);
    setError(null);
    setFieldErrors({});
    const result = await register(
      {
        name: fields.name,
        surname: fields.surname,
        email: fields.email,
        phone: phone!.phone,
        phoneCountryCode: phone!.phoneCountryCode,
        nationalNumber: phone!.nationalNumber,
        password: fields.password,
        passConfirm: fields.passConfirm,
      },
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

  const termsReady = terms.phase === 'ready';
  const link = (page: PageLink | null, label: string) =>
    page ? (
      <a href={staticPageHref(page)} target="_blank" rel="noopener">
        {label}
        <span className="visually-hidden"> {texts.newTab}</span>
      </a>
    ) : (
      label
    );
  const phoneValue: PhoneData | null = phone
    ? { phone: phone.phone, phoneCountryCode: phone.phoneCountryCode, nationalNumber: phone.nationalNumber }
    : null;

  return (
    <form ref={form} className="auth-form" method="post" noValidate onSubmit={submit} aria-busy={busy}>
      <p className="auth-intro">{texts.allRequired}</p>
      <div className="auth-form-row">
        <TextField
          id={FIELD_IDS.name}
          name="name"
          label={texts.firstName}
          autoComplete="given-name"
          required
          readOnly={busy}
          maxLength={255}
          error={fieldErrors.name}
        />
        <TextField
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
      <TextField
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
      <div className="auth-terms">
        <input
          id="signup-terms"
          type="checkbox"
          name="terms"
          checked={accepted}
          disabled={!termsReady || busy}
          aria-describedby="signup-terms-status"
          onChange={(event) => setAccepted(event.currentTarget.checked)}
        />
        <label htmlFor="signup-terms">
          {texts.acceptTerms} {link(termsReady ? terms.terms : null, texts.terms)} {texts.and}{' '}
          {link(termsReady ? terms.privacy : null, texts.privacy)}
        </label>
      </div>
      <p id="signup-terms-status" className="auth-terms-status" role="status">
        {terms.phase === 'loading' ? texts.termsLoading : terms.phase === 'error' ? texts.termsError : ''}
        {terms.phase === 'error' && (
          <>
            {' '}
            <button type="button" className="auth-secondary" onClick={() => void loadTerms()}>
              {texts.tryAgain}
            </button>
          </>
        )}
      </p>
      <button type="submit" className="button auth-submit" disabled={!accepted || busy}>
        {busy ? texts.busy : texts.submit}
      </button>
      <FormMessage id="signup-message" error={error} />
    </form>
  );
}
