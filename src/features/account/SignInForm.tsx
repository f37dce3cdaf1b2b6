import '@/stores/bootstrap';
import { safeRedirect } from '@/lib/redirect';
import { signIn } from './auth-store';
import { validateSignIn } from './auth-validation';
import { Field } from '@/features/forms/Field';
import { PasswordField } from '@/features/forms/PasswordField';
import { FormMessage } from '@/features/forms/FormMessage';
import { useForm } from '@/features/forms/use-form';
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
  const { formRef, ...form } = useForm({ initial: { email: '', password: '' }, fallback: texts.failed });
  // The message under the form says what is wrong; the fields only take the values.
  const bound = (key: 'email' | 'password') => {
    const { name, value, onChange } = form.field(key);
    return { name, value, onChange, readOnly: form.sending, maxLength: 255, required: true };
  };

  const send = form.onSubmit(async (fields) => {
    const email = fields.email.trim();
    if (validateSignIn({ email, password: fields.password })) {
      form.setFormError(texts.required);
      form.focus(email ? 'password' : 'email');
      return;
    }
    const result = await signIn(email, fields.password, { fallbackMessage: texts.failed });
    if (result.ok) {
      // Stay busy: the next page is on its way.
      location.assign(safeRedirect(redirect));
      await new Promise(() => {});
    }
    form.setFormError(result.message || texts.failed);
    // The submit button was disabled while busy, which drops focus; put it where the fix is.
    form.focus('password');
  });

  return (
    <form
      ref={formRef}
      className="auth-form"
      method="post"
      noValidate
      onSubmit={send}
      aria-busy={form.sending}
      aria-describedby="signin-message-error"
    >
      <Field
        id="signin-email"
        type="email"
        label={texts.email}
        autoComplete="username"
        inputMode="email"
        {...bound('email')}
      />
      <PasswordField
        id="signin-password"
        label={texts.password}
        autoComplete="current-password"
        texts={texts.passwordToggle}
        {...bound('password')}
      />
      <button type="submit" className="button auth-submit" disabled={form.sending || !form.hydrated}>
        {form.sending ? texts.busy : texts.submit}
      </button>
      <FormMessage id="signin-message" error={form.formError} />
    </form>
  );
}
