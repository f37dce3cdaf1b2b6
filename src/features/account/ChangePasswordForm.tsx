import '@/stores/bootstrap';
import './auth-store';
import { useState } from 'react';
import { api } from '@/stores/api';
import { showToast } from '@/stores/toasts';
import { Field } from '@/features/forms/Field';
import { useForm } from '@/features/forms/use-form';
import type { ChangePasswordTexts } from './account-texts';
import {
  type ChangePasswordError,
  type ChangePasswordFields,
  EMPTY_PASSWORDS,
  validateChangePassword,
} from './password-form';

/**
 * Change password tab of /account (accounts spec §5): current, new and confirm, all required
 * and not blank, new = confirm. POST /api/user/change-password; on success a toast and the
 * fields are cleared; a failure shows the server's field errors under the fields and its
 * message (or "Failed to update password") as a toast.
 */

export interface ChangePasswordFormProps {
  texts: ChangePasswordTexts;
}

type Key = keyof ChangePasswordFields;

export default function ChangePasswordForm({ texts }: ChangePasswordFormProps) {
  const [visible, setVisible] = useState(false);
  const { formRef, ...form } = useForm<Key, ChangePasswordError>({
    initial: EMPTY_PASSWORDS,
    validate: validateChangePassword,
    message: (error) => texts[error],
    fallback: texts.failed,
    onFailure: (message) => showToast(message, 'error'),
  });

  const send = form.onSubmit(async (fields) => {
    const body = await api.post('/user/change-password', { ...fields }, { fallbackMessage: texts.failed });
    showToast(typeof body.message === 'string' && body.message.trim() ? body.message : texts.updated, 'success');
    form.reset();
    setVisible(false);
  });

  const rows: Array<{ key: Key; label: string; autoComplete: string; hint?: string }> = [
    { key: 'cur_password', label: texts.current, autoComplete: 'current-password' },
    { key: 'new_password', label: texts.next, autoComplete: 'new-password', hint: texts.hint },
    { key: 'repeat_password', label: texts.confirm, autoComplete: 'new-password' },
  ];

  return (
    <form ref={formRef} className="account-form password-form" onSubmit={send} noValidate aria-busy={form.sending}>
      {rows.map(({ key, label, autoComplete, hint }) => (
        <Field
          key={key}
          id={`password-${key}`}
          label={label}
          marked
          hint={hint}
          type={visible ? 'text' : 'password'}
          required
          autoComplete={autoComplete}
          autoCapitalize="off"
          spellCheck={false}
          maxLength={128}
          {...form.field(key)}
        />
      ))}
      <div className="account-actions">
        <button type="button" className="link-button" aria-pressed={visible} onClick={() => setVisible((v) => !v)}>
          {visible ? texts.hide : texts.show}
        </button>
        <button type="submit" className="button account-submit" disabled={form.sending}>
          {form.sending ? texts.saving : texts.submit}
        </button>
      </div>
    </form>
  );
}
