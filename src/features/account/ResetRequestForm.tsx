import '@/stores/bootstrap';
import { useState } from 'react';
import { requestPasswordReset } from './auth-store';
import { isBlank } from './auth-validation';
import { Field } from '@/features/forms/Field';
import { FormMessage } from '@/features/forms/FormMessage';
import { useForm } from '@/features/forms/use-form';
import type { ResetRequestTexts } from './auth-texts';

export interface ResetRequestFormProps {
  texts: ResetRequestTexts;
}

/** "Forgot password": asks for a reset link; the server's answer (or error) shows under the form. */
export default function ResetRequestForm({ texts }: ResetRequestFormProps) {
  const [sent, setSent] = useState<string | null>(null);
  const { formRef, ...form } = useForm({ initial: { email: '' }, fallback: texts.failed });
  const { name, value, onChange } = form.field('email');

  const send = form.onSubmit(async ({ email }) => {
    setSent(null);
    if (isBlank(email)) {
      form.setFormError(texts.required);
      form.focus('email');
      return;
    }
    const result = await requestPasswordReset(email.trim(), { fallbackMessage: texts.failed });
    if (result.ok) setSent(result.message || texts.sent);
    else {
      form.setFormError(result.message || texts.failed);
      form.focus('email');
    }
  });

  return (
    <form ref={formRef} className="auth-form" method="post" noValidate onSubmit={send} aria-busy={form.sending}>
      <p className="auth-intro">{texts.text}</p>
      <Field
        id="reset-email"
        name={name}
        value={value}
        onChange={onChange}
        type="email"
        label={texts.email}
        autoComplete="email"
        inputMode="email"
        required
        readOnly={form.sending}
        maxLength={255}
      />
      <button type="submit" className="button auth-submit" disabled={form.sending || !form.hydrated}>
        {form.sending ? texts.busy : texts.submit}
      </button>
      <FormMessage id="reset-message" error={form.formError} success={sent} />
    </form>
  );
}
