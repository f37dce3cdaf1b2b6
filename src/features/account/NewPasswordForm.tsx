import '@/stores/bootstrap';
import { useRef, useState } from 'react';
import { resetPassword } from './auth-store';
import { validateNewPassword } from './auth-validation';
import { FormMessage, PasswordField, Field, formValue } from '@/features/forms/Field';
import { useHydrated } from '@/stores/hydration';
import type { NewPasswordTexts } from './auth-texts';
import { pageHref } from '@/lib/language-path';

export interface NewPasswordFormProps {
  texts: NewPasswordTexts;
  token: string;
  email: string;
}

type Problem = 'required' | 'passwordRules' | 'mismatch';

/** /reset-password: a new password for the emailed token, then on to sign-in. */
export default function NewPasswordForm({ texts, token, email }: NewPasswordFormProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ field: 'password' | 'confirm'; code: Problem } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const password = useRef<HTMLInputElement>(null);
  const confirm = useRef<HTMLInputElement>(null);
  const signInLink = useRef<HTMLAnchorElement>(null);
  const hydrated = useHydrated();

  const messages: Record<Problem, string> = {
    required: texts.required,
    passwordRules: texts.passwordRules,
    mismatch: texts.mismatch,
  };

  async function submit(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const next = formValue(data, 'password');
    const again = formValue(data, 'password_confirmation');
    const code = validateNewPassword(next, again);
    if (code) {
      const field = code === 'mismatch' || (code === 'required' && next !== '') ? 'confirm' : 'password';
      setProblem({ field, code });
      setError(messages[code]);
      (field === 'confirm' ? confirm : password).current?.focus();
      return;
    }
    setProblem(null);
    setError(null);
    setBusy(true);
    const result = await resetPassword(
      { token, email, password: next, password_confirmation: again },
      { fallbackMessage: texts.failed },
    );
    setBusy(false);
    if (result.ok) {
      setDone(texts.success);
      // The token is spent: keep it out of the history entry.
      history.replaceState(null, '', location.pathname);
      requestAnimationFrame(() => signInLink.current?.focus());
      return;
    }
    // A rule the server enforces beyond ours comes as a field error; the token problem as the message.
    setError(result.errors.password ?? result.errors.password_confirmation ?? (result.message || texts.failed));
  }

  if (done) {
    return (
      <div className="auth-form">
        <FormMessage id="new-password-message" success={done} />
        <a ref={signInLink} className="button" href={pageHref('/auth?form=signin')}>
          {texts.goToSignIn}
        </a>
      </div>
    );
  }

  const fieldMessage = (field: 'password' | 'confirm') =>
    problem?.field === field ? messages[problem.code] : undefined;

  return (
    <form className="auth-form" method="post" noValidate onSubmit={submit} aria-busy={busy}>
      <Field
        id="new-password-email"
        name="email"
        type="email"
        label={texts.email}
        value={email}
        autoComplete="username"
        readOnly
      />
      <PasswordField
        ref={password}
        id="new-password"
        name="password"
        label={texts.password}
        hint={texts.passwordHint}
        error={fieldMessage('password')}
        autoComplete="new-password"
        required
        readOnly={busy}
        maxLength={255}
        texts={texts.passwordToggle}
      />
      <PasswordField
        ref={confirm}
        id="new-password-confirm"
        name="password_confirmation"
        label={texts.confirm}
        error={fieldMessage('confirm')}
        autoComplete="new-password"
        required
        readOnly={busy}
        maxLength={255}
        texts={texts.passwordToggle}
      />
      <button type="submit" className="button auth-submit" disabled={busy || !hydrated}>
        {busy ? texts.busy : texts.submit}
      </button>
      <FormMessage id="new-password-message" error={problem ? null : error} />
      {error && !problem && (
        <p>
          <a href={pageHref('/auth?form=reset')}>{texts.requestNew}</a>
        </p>
      )}
    </form>
  );
}
