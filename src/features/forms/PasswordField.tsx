import { useState } from 'react';
import type { PasswordTexts } from '@/features/account/auth-texts';
import { describedBy, FieldError, type FieldProps } from './Field';

/** A password Field with a Show/Hide button (the same label, hint and error wiring as Field). */
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
