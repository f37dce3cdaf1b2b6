/**
 * The islands' one form hook (issue 28): the fields' values, which were left (touched), whether
 * the form was sent once (submitted), the server's field errors and message, sending, and the
 * values typed before the island hydrated (the server-rendered inputs work without the code and
 * hydration may start on the first focus). Fields are named like the API body, so the server's
 * field errors land under the same inputs. Rules are in form-state.ts.
 */
import { type ChangeEvent, type SubmitEvent, useEffect, useRef, useState } from 'react';
import { typedBeforeHydration, useHydrated } from '@/stores/hydration';
import { failureOf, visibleError } from './form-state';

export interface FormOptions<K extends string, E extends string> {
  initial: Readonly<Record<K, string>>;
  /** The form's own rules: an error code per field that breaks one. */
  validate?: (fields: Record<K, string>) => Partial<Record<K, E>>;
  /** The text of an error code, in the shopper's language. */
  message?: (error: E) => string;
  /** Said when a send fails without a message of the server's (network, 500). */
  fallback: string;
  /** Where the whole form's failure goes: the form's own message line unless said (e.g. a toast). */
  onFailure?: (message: string) => void;
}

export function useForm<K extends string, E extends string = string>(options: FormOptions<K, E>) {
  const { initial, validate, message = (error: E) => error, fallback, onFailure } = options;
  const [fields, setFields] = useState<Record<K, string>>({ ...initial });
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();

  useEffect(() => {
    const typed = typedBeforeHydration(formRef.current, Object.keys(initial) as K[], initial);
    if (Object.keys(typed).length) setFields((f) => ({ ...f, ...typed }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on hydration: later renders' `initial` is the same form's
  }, []);

  const clientErrors: Partial<Record<K, E>> = validate?.(fields) ?? {};
  const errorOf = (key: K) =>
    visibleError<E>(
      { server: server[key], client: clientErrors[key], touched: Boolean(touched[key]), submitted },
      message,
    );

  function set(key: K, value: string) {
    setFields((f) => ({ ...f, [key]: value }));
    if (server[key]) setServer(({ [key]: _, ...rest }) => rest);
  }

  function reset(next: Record<K, string> = { ...initial }) {
    setFields(next);
    setTouched({});
    setSubmitted(false);
    setServer({});
    setFormError(null);
  }

  /** The props of a text field bound to `key` (Field, PasswordField). */
  function field(key: K) {
    return {
      name: key,
      value: fields[key],
      error: errorOf(key),
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
        set(key, event.currentTarget.value),
      onBlur: () => setTouched((t) => (t[key] ? t : { ...t, [key]: true })),
    };
  }

  /** Focuses the first of the named fields that exists, after the render (a disabled button dropped focus). */
  function focus(...keys: readonly string[]) {
    requestAnimationFrame(() => {
      const target = keys.map((k) => formRef.current?.elements.namedItem(k)).find((e) => e instanceof HTMLElement);
      if (target instanceof HTMLElement) target.focus();
    });
  }

  /** The submit handler: checks the form's rules, then sends; a failure fills field errors and the message. */
  function onSubmit(send: (fields: Record<K, string>) => Promise<void>) {
    return async (event: SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (sending) return;
      setSubmitted(true);
      const invalid = Object.keys(clientErrors);
      if (invalid.length > 0) {
        focus(...invalid);
        return;
      }
      setSending(true);
      setFormError(null);
      setServer({});
      try {
        await send(fields);
      } catch (error) {
        const failure = failureOf(error, fallback);
        setServer(failure.fields);
        if (failure.message !== null) (onFailure ?? setFormError)(failure.message);
        focus(...Object.keys(failure.fields));
      } finally {
        setSending(false);
      }
    };
  }

  return { fields, set, field, errorOf, reset, onSubmit, focus, formRef, sending, hydrated, formError, setFormError };
}
