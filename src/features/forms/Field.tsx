import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from 'react';

/**
 * The islands' one field (issue 28): visible label, control, hint and error, the hint and the
 * error tied to the input with aria-describedby, and an error sets aria-invalid. Bound to
 * useForm with `{...form.field('email')}`, or uncontrolled (FormData on submit). The back
 * office's .astro pages have their own Field.astro with the same markup (ADR 036). PasswordField and
 * FormMessage are modules of their own: the forms without a password or a message line do not load them.
 */

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  id: string;
  name: string;
  label: string;
  /** The error slot is a live region that is always there (a form whose only message is the field's). */
  alert?: boolean;
  /** Shown after the label for a required field (the shop marks them with *). */
  marked?: boolean;
  hint?: string;
  error?: string;
  /** A class for the field's box beside `field` (a wide field in a grid). */
  fieldClass?: string;
  ref?: Ref<HTMLInputElement>;
}

export function describedBy(id: string, hint?: string, error?: string): string | undefined {
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

interface FrameProps {
  id: string;
  label: string;
  marked?: boolean;
  hint?: string;
  error?: string;
  alert?: boolean;
  /** A class for the field's box beside `field` (a wide field in a grid). */
  fieldClass?: string;
  children: ReactNode;
}

/** Label, then the control, then hint and error: the one markup of a field. */
function FieldFrame({ id, label, marked, hint, error, alert, fieldClass, children }: FrameProps) {
  return (
    <div className={fieldClass ? `field ${fieldClass}` : 'field'}>
      <label htmlFor={id}>
        {label}
        {marked && <span aria-hidden="true"> *</span>}
      </label>
      {children}
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} alert={alert} />
    </div>
  );
}

export function Field({ id, name, label, marked, hint, error, alert, fieldClass, required, ...input }: FieldProps) {
  return (
    <FieldFrame {...{ id, label, marked, hint, error, alert, fieldClass }}>
      <input
        id={id}
        name={name}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
      />
    </FieldFrame>
  );
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name'> &
  Omit<FrameProps, 'children'> & { name: string };

/** Field with a textarea (a message, a comment). */
export function TextAreaField({
  id,
  name,
  label,
  marked,
  hint,
  error,
  alert,
  fieldClass,
  ...input
}: TextAreaFieldProps) {
  return (
    <FieldFrame {...{ id, label, marked, hint, error, alert, fieldClass }}>
      <textarea
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
      />
    </FieldFrame>
  );
}
