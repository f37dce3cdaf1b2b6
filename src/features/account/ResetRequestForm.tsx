import '@/stores/bootstrap';
import { useRef, useState } from 'react';
import { requestPasswordReset } from './auth-store';
import { isBlank } from './auth-validation';
import { FormMessage, TextField, formValue } from './AuthFields';
import { useHydrated } from '@/stores/hydration';
import type { ResetRequestTexts } from './auth-texts';

export interface ResetRequestFormProps {
  texts: ResetRequestTexts;
}

/** "Forgot password": asks for a reset link; the server's answer (or error) shows under the form. */
export default function ResetRequestForm({ texts }: ResetRequestFormProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const email = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();

  async function submit(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const value = formValue(new FormData(event.currentTarget), 'email').trim();
    if (isBlank(value)) {
      setSent(null);
      setError(texts.required);
      email.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    setSent(null);
    const result = await requestPasswordReset(value, { fallbackMessage: texts.failed });
    setBusy(false);
    if (result.ok) setSent(result.message || texts.sent);
    else {
      setError(result.message || texts.failed);
      requestAnimationFrame(() => email.current?.focus());
    }
  }

  return (
    <form className="auth-form" method="post" noValidate onSubmit={submit} aria-busy={busy}>
      <p className="auth-intro">{texts.text}</p>
      <TextField
        ref={email}
        id="reset-email"
        name="email"
        type="email"
        label={texts.email}
        autoComplete="email"
        inputMode="email"
        required
        readOnly={busy}
        maxLength={255}
      />
      <button type="submit" className="button auth-submit" disabled={busy || !hydrated}>
        {busy ? texts.busy : texts.submit}
      </button>
      <FormMessage id="reset-message" error={error} success={sent} />
    </form>
  );
}
