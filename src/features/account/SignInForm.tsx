import '@/stores/bootstrap';
import { useRef, useState } from 'react';
import { safeRedirect } from '@/lib/redirect';
import { signIn } from './auth-store';
import { validateSignIn } from './auth-validation';
import { FormMessage, PasswordField, TextField, formValue } from './AuthFields';
import { useHydrated } from '@/stores/hydration';
import type { SignInTexts } from './auth-texts';

export interface SignInFormProps {
  texts: SignInTexts;
  /** Where to go after signing in (already a same-site path; checked again here). */
  redirect: string;
}

/**
 * Sign-in (accounts spec §2 Auth page, §5): busy state while working, errors under the form,
 * then a full page load of the redirect so the server renders the signed-in frame.
 */
export default function SignInForm({ texts, redirect }: SignInFormProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();

  async function submit(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const email = formValue(data, 'email').trim();
    const password = formValue(data, 'password');
    if (validateSignIn({ email, password })) {
      setError(texts.required);
      focusField(email ? 'password' : 'email');
      return;
    }
    setBusy(true);
    setError(null);
    const result = await signIn(email, password, { fallbackMessage: texts.failed });
    if (result.ok) {
      // Stay busy: the next page is on its way.
      location.assign(safeRedirect(redirect));
      return;
    }
    setBusy(false);
    setError(result.message || texts.failed);
    // The submit button was disabled while busy, which drops focus; put it where the fix is.
    requestAnimationFrame(() => focusField('password'));
  }

  function focusField(name: string) {
    const field = form.current?.elements.namedItem(name);
    if (field instanceof HTMLInputElement) field.focus();
  }

  return (
    <form
      ref={form}
      className="auth-form"
      method="post"
      noValidate
      onSubmit={submit}
      aria-busy={busy}
      aria-describedby="signin-message-error"
    >
      <TextField
        id="signin-email"
        name="email"
        type="email"
        label={texts.email}
        autoComplete="username"
        inputMode="email"
        required
        readOnly={busy}
        maxLength={255}
      />
      <PasswordField
        id="signin-password"
        name="password"
        label={texts.password}
        autoComplete="current-password"
        required
        readOnly={busy}
        maxLength={255}
        texts={texts.passwordToggle}
      />
      <button type="submit" className="button auth-submit" disabled={busy || !hydrated}>
        {busy ? texts.busy : texts.submit}
      </button>
      <FormMessage id="signin-message" error={error} />
    </form>
  );
}
