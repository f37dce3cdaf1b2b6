import { useState, type InputHTMLAttributes, type Ref } from 'react';
import type { PasswordTexts } from '@/features/account/auth-texts';

/**
 * The islands' one field (issue 28): visible label, control, hint and error, the hint and the
 * error tied to the input with aria-describedby, and an error sets aria-invalid. Bound to
 * useForm with `{...form.field('email')}`, or uncontrolled (FormData on submit). The back
 * office's .astro pages have their own Field.astro with the same markup (ADR 036).
 */

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  id: string;
  name: string;
  label: string;
  /** The error slot is a live region that is always there (a form whose only message is the field's). */
  alert?: boolean;
  /** Shown after the label for a required field (the shop marks them with *). */
  marked?: boolean;
  hint?: string;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

function describedBy(id: string, hint?: string, error?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** `alert`: the slot is always there as a live region, so a message put in it is announced. */
export function FieldError({ id, error, alert }: { id: string; error?: string; alert?: boolean }) {
  if (alert) {
    return (
      <p className="field-error" id={`${id}-error`} role="alert">
        {error ?? ''}
      </p>
    );
  }
  return error ? (
    <p className="field-error" id={`${id}-error`}>
      {error}
    </p>
  ) : null;
}

export function Field({ id, name, label, marked, hint, error, alert, required, ...input }: FieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {marked && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        name={name}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
      />
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} alert={alert} />
    </div>
  );
}

export function PasswordField({ texts, ...props }: FieldProps & { texts: PasswordTexts }) {
  const [visible, setVisible] = useState(false);
  const { id, name, label, marked, hint, error, alert, required, ...input } = props;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {marked && <span aria-hidden="true"> *</span>}
      </label>
      <div className="auth-password">
        <input
          id={id}
          className="input"
          name={name}
          type={visible ? 'text' : 'password'}
          required={required}
          autoCapitalize="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          {...input}
        />
        <button
          type="button"
          className="auth-password-toggle"
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
          disabled={input.disabled}
        >
          {visible ? texts.hide : texts.show}
        </button>
      </div>
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} alert={alert} />
    </div>
  );
}

/**
 * The message under a form: errors interrupt (alert), confirmations wait their turn (status).
 * Both regions are always rendered so screen readers announce what is put into them.
 */
export function FormMessage({ id, error, success }: { id: string; error?: string | null; success?: string | null }) {
  return (
    <div className="auth-messages">
      <div id={`${id}-error`} className={error ? 'auth-message auth-message-error' : undefined} role="alert">
        {error ?? ''}
      </div>
      <div id={`${id}-status`} className={success ? 'auth-message auth-message-success' : undefined} role="status">
        {success ?? ''}
      </div>
    </div>
  );
}

/** Value of a text field from the submitted form. */
export function formValue(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}
