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
