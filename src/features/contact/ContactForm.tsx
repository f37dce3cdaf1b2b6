import '@/stores/bootstrap';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { Field, TextAreaField } from '@/features/forms/Field';
import { ApiError, handledByClient } from '@/lib/api-client';
import type { PhoneValue } from '@/lib/phone';
import { api } from '@/stores/api';
import { showToast } from '@/stores/toasts';
import { typedBeforeHydration, useHydrated } from '@/stores/hydration';
import PhoneInput, { type PhoneCountry } from '../account/PhoneInput';
import type { HomeCountry } from '@/lib/home-country';
import { CONTACT_LIMITS } from '@/lib/rules/contact';
import {
  type ContactField,
  type ContactFields,
  type ContactProblem,
  contactPayload,
  EMPTY_CONTACT,
  validateContact,
} from './contact-form';
import { fill } from '@/lib/rules/placeholders';
import type { ContactFormTexts } from './contact-texts';

/**
 * The contact form of /contact (accounts spec §2 Contact page, §5, §8): name, surname, email,
 * phone (the shop's countries), topic and message, all required. POST /api/contact-us; success
 * toasts "Message sent successfully!" and clears the form; a failure toasts the server's
 * message (or "Something went wrong") and puts its field errors under the fields.
 */
export interface ContactFormProps {
  countries: PhoneCountry[];
  /** The shop's home country: the phone number starts on it. */
  homeCountry?: HomeCountry | null;
  texts: ContactFormTexts;
}

type TextKey = Exclude<ContactField, 'phone'>;

function problemText(
  problem: ContactProblem | undefined,
  key: ContactField,
  texts: ContactFormTexts,
): string | undefined {
  switch (problem) {
    case 'required':
      return texts.required;
    case 'invalidEmail':
      return texts.invalidEmail;
    case 'invalidPhone':
      return texts.invalidPhone;
    case 'tooLong':
      return fill(texts.tooLong, { max: CONTACT_LIMITS[key as TextKey] ?? '' });
    default:
      return undefined;
  }
}

export default function ContactForm({ countries, homeCountry = null, texts }: ContactFormProps) {
  const [fields, setFields] = useState<ContactFields>({ ...EMPTY_CONTACT });
  const [touched, setTouched] = useState<Partial<Record<ContactField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const hydrated = useHydrated();
  // A new key remounts the phone input: a cleared form starts without its "required" state.
  const [resetKey, setResetKey] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    // Keep what was typed before the code arrived.
    const typed = typedBeforeHydration(formRef.current, ['name', 'surname', 'email', 'topic', 'message'] as const);
    if (Object.keys(typed).length) setFields((f) => ({ ...f, ...typed }));
  }, []);

  const problems = validateContact(fields);

  function messageFor(key: ContactField): string | undefined {
    if (serverErrors[key]) return serverErrors[key];
    if (!touched[key] && !submitted) return undefined;
    return problemText(problems[key], key, texts);
  }

  function clearServerError(key: ContactField) {
    if (!serverErrors[key]) return;
    setServerErrors((current) => {
      const next = { ...current };
      delete next[key];
      return next;
    });
  }

  function set(key: TextKey, value: string) {
    setFields((f) => ({ ...f, [key]: value }));
    clearServerError(key);
  }

  function setPhone(value: PhoneValue) {
    setFields((f) => ({ ...f, phone: value }));
    clearServerError('phone');
  }

  async function submit(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSubmitted(true);
    if (Object.keys(problems).length > 0) {
      const first = (['name', 'surname', 'email', 'phone', 'topic', 'message'] as const).find((key) => problems[key]);
      if (first) document.getElementById(`contact-${first}`)?.focus();
      return;
    }
    setSending(true);
    try {
      const body = await api.post('/contact-us', contactPayload(fields), { fallbackMessage: texts.error });
      showToast(typeof body.message === 'string' && body.message.trim() ? body.message : texts.success, 'success');
      setFields({ ...EMPTY_CONTACT });
      setTouched({});
      setSubmitted(false);
      setServerErrors({});
      setResetKey((k) => k + 1);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      const firsts: Record<string, string> = {};
      for (const [field, messages] of Object.entries(apiError?.errors ?? {}))
        if (messages[0]) firsts[field] = messages[0];
      setServerErrors(firsts);
      if (!handledByClient(error)) showToast(apiError?.message || texts.error, 'error');
    } finally {
      setSending(false);
    }
  }

  const textField = (
    key: TextKey,
    label: string,
    input: { type?: string; autoComplete?: string; multiline?: boolean },
  ) => {
    const common = {
      id: `contact-${key}`,
      name: key,
      label,
      value: fields[key],
      required: true,
      marked: true,
      maxLength: CONTACT_LIMITS[key],
      error: messageFor(key),
      onBlur: () => setTouched((t) => (t[key] ? t : { ...t, [key]: true })),
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key, event.currentTarget.value),
    };
    return input.multiline ? (
      <TextAreaField {...common} rows={6} fieldClass="contact-field-wide" />
    ) : (
      <Field {...common} type={input.type ?? 'text'} autoComplete={input.autoComplete} />
    );
  };

  return (
    <form
      ref={formRef}
      className="contact-form"
      onSubmit={submit}
      noValidate
      aria-busy={sending}
      aria-labelledby="contact-form-title"
    >
      <h2 id="contact-form-title">{texts.title}</h2>
      <p className="contact-required-note">{texts.allRequired}</p>
      <div className="contact-grid">
        {textField('name', texts.name, { autoComplete: 'given-name' })}
        {textField('surname', texts.surname, { autoComplete: 'family-name' })}
        {textField('email', texts.email, { type: 'email', autoComplete: 'email' })}
        <div className="field">
          <PhoneInput
            key={resetKey}
            id="contact-phone"
            label={texts.phone}
            countries={countries}
            defaultCountry={homeCountry?.iso}
            value={fields.phone}
            onChange={setPhone}
            required
            showErrors={submitted}
            serverError={serverErrors.phone}
            messages={texts.phoneInput}
          />
        </div>
        {textField('topic', texts.topic, {})}
        {textField('message', texts.message, { multiline: true })}
      </div>
      <button type="submit" className="button contact-submit" disabled={sending || !hydrated}>
        {sending ? texts.sending : texts.send}
      </button>
    </form>
  );
}
