import '@/stores/bootstrap';
import './auth-store';
import { useEffect, useRef, useState } from 'react';
import { ApiError, handledByClient } from '@/lib/api-client';
import { api } from '@/stores/api';
import { showToast } from '@/stores/toasts';
import { typedBeforeHydration } from '@/stores/hydration';
import { firstErrors } from './auth-store';
import type { ChangePasswordTexts } from './account-texts';
import { type ChangePasswordFields, EMPTY_PASSWORDS, validateChangePassword } from './password-form';

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
  const [fields, setFields] = useState<ChangePasswordFields>({ ...EMPTY_PASSWORDS });
  const [touched, setTouched] = useState<Partial<Record<Key, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [visible, setVisible] = useState(false);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // Hydration starts on the first focus: keep what was typed before the code arrived.
  useEffect(() => {
    const typed = typedBeforeHydration(formRef.current, Object.keys(EMPTY_PASSWORDS) as Key[]);
    if (Object.keys(typed).length) setFields((f) => ({ ...f, ...typed }));
  }, []);

  const errors = validateChangePassword(fields);
  const valid = Object.keys(errors).length === 0;

  function messageFor(key: Key): string | undefined {
    if (serverErrors[key]) return serverErrors[key];
    if (!touched[key]) return undefined;
    const error = errors[key];
    return error ? texts[error] : undefined;
  }

  function set(key: Key, value: string) {
    setFields((f) => ({ ...f, [key]: value }));
    if (serverErrors[key]) {
      setServerErrors((current) => {
        const next = { ...current };
        delete next[key];
        return next;
      });
    }
  }

  async function submit(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    if (!valid) {
      setTouched({ cur_password: true, new_password: true, repeat_password: true });
      return;
    }
    setSaving(true);
    try {
      const body = await api.post('/user/change-password', { ...fields }, { fallbackMessage: texts.failed });
      showToast(typeof body.message === 'string' && body.message.trim() ? body.message : texts.updated, 'success');
      setFields({ ...EMPTY_PASSWORDS });
      setTouched({});
      setServerErrors({});
      setVisible(false);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      setServerErrors(firstErrors(apiError?.errors));
      if (!handledByClient(error)) showToast(apiError?.message || texts.failed, 'error');
    } finally {
      setSaving(false);
    }
  }

  const rows: Array<{ key: Key; label: string; autoComplete: string; hint?: string }> = [
    { key: 'cur_password', label: texts.current, autoComplete: 'current-password' },
    { key: 'new_password', label: texts.next, autoComplete: 'new-password', hint: texts.hint },
    { key: 'repeat_password', label: texts.confirm, autoComplete: 'new-password' },
  ];

  return (
    <form ref={formRef} className="account-form password-form" onSubmit={submit} noValidate aria-busy={saving}>
      {rows.map(({ key, label, autoComplete, hint }) => {
        const id = `password-${key}`;
        const error = messageFor(key);
        const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
        return (
          <div className="field" key={key}>
            <label htmlFor={id}>
              {label}
              <span aria-hidden="true"> *</span>
            </label>
            <input
              id={id}
              name={key}
              type={visible ? 'text' : 'password'}
              value={fields[key]}
              required
              autoComplete={autoComplete}
              autoCapitalize="off"
              spellCheck={false}
              maxLength={128}
              aria-invalid={error ? true : undefined}
              aria-describedby={described || undefined}
              onChange={(event) => set(key, event.currentTarget.value)}
              onBlur={() => setTouched((t) => (t[key] ? t : { ...t, [key]: true }))}
            />
            {hint && (
              <p className="field-hint" id={`${id}-hint`}>
                {hint}
              </p>
            )}
            {error && (
              <p className="field-error" id={`${id}-error`}>
                {error}
              </p>
            )}
          </div>
        );
      })}
      <div className="account-actions">
        <button type="button" className="link-button" aria-pressed={visible} onClick={() => setVisible((v) => !v)}>
          {visible ? texts.hide : texts.show}
        </button>
        <button type="submit" className="button account-submit" disabled={saving}>
          {saving ? texts.saving : texts.submit}
        </button>
      </div>
    </form>
  );
}
