import '@/stores/bootstrap';
import { useEffect, useRef, useState } from 'react';
import { resetPassword } from './auth-store';
import { validateNewPassword } from './auth-validation';
import { Field } from '@/features/forms/Field';
import { PasswordField } from '@/features/forms/PasswordField';
import { FormMessage } from '@/features/forms/FormMessage';
import { useForm } from '@/features/forms/use-form';
import type { NewPasswordTexts } from './auth-texts';
import { pageHref } from '@/lib/language-path';

export interface NewPasswordFormProps {
  texts: NewPasswordTexts;
  token: string;
  email: string;
}

type Problem = 'required' | 'passwordRules' | 'mismatch';
type Key = 'password' | 'password_confirmation';

/** /reset-password: a new password for the emailed token, then on to sign-in. */
/** Which field a problem of the new password belongs to (the one to fix). */
function newPasswordProblems(fields: Record<Key, string>): Partial<Record<Key, Problem>> {
  const code = validateNewPassword(fields.password, fields.password_confirmation);
  if (!code) return {};
  const onConfirm = code === 'mismatch' || (code === 'required' && fields.password !== '');
  return onConfirm ? { password_confirmation: code } : { password: code };
}

/** /reset-password: a new password for the emailed token, then on to sign-in. */
export default function NewPasswordForm({ texts, token, email }: NewPasswordFormProps) {
  const [done, setDone] = useState<string | null>(null);
  const signInLink = useRef<HTMLAnchorElement>(null);
  // Done: the way on is the sign-in link.
  useEffect(() => {
    if (done) signInLink.current?.focus();
  }, [done]);
  const { formRef, ...form } = useForm<Key, Problem>({
    initial: { password: '', password_confirmation: '' },
    validate: newPasswordProblems,
    message: (code) => texts[code],
    fallback: texts.failed,
  });
  // Problems show once the form was sent (no onBlur: leaving an empty field is not yet a mistake).
  const bound = (key: Key) => {
    const { name, value, onChange, error } = form.field(key);
    return { name, value, onChange, error, readOnly: form.sending, maxLength: 255, required: true };
  };

  const send = form.onSubmit(async (fields) => {
    const result = await resetPassword({ token, email, ...fields }, { fallbackMessage: texts.failed });
    if (result.ok) {
      setDone(texts.success);
      // The token is spent: keep it out of the history entry.
      history.replaceState(null, '', location.pathname);
      return;
    }
    // A rule the server enforces beyond ours comes as a field error; the token problem as the message.
    form.setFormError(
      result.errors.password ?? result.errors.password_confirmation ?? (result.message || texts.failed),
    );
  });

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

  return (
    <form ref={formRef} className="auth-form" method="post" noValidate onSubmit={send} aria-busy={form.sending}>
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
        id="new-password"
        label={texts.password}
        hint={texts.passwordHint}
        autoComplete="new-password"
        texts={texts.passwordToggle}
        {...bound('password')}
      />
      <PasswordField
        id="new-password-confirm"
        label={texts.confirm}
        autoComplete="new-password"
        texts={texts.passwordToggle}
        {...bound('password_confirmation')}
      />
      <button type="submit" className="button auth-submit" disabled={form.sending || !form.hydrated}>
        {form.sending ? texts.busy : texts.submit}
      </button>
      <FormMessage id="new-password-message" error={form.formError} />
      {form.formError && (
        <p>
          <a href={pageHref('/auth?form=reset')}>{texts.requestNew}</a>
        </p>
      )}
    </form>
  );
}
