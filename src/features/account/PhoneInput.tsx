import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import {
  dialCode,
  formatPhoneNational,
  parsePhone,
  PHONE_DEFAULT_MAXLENGTH,
  samePhone,
  sanitizePhoneInput,
  type PhoneData,
  type PhoneValue,
} from '@/lib/phone';
import { showToast } from '@/stores/toasts';
import { PHONE_ERROR_DEBOUNCE_MS } from './phone-input';
import PhoneCountryPicker from './PhoneCountryPicker';
import './phone-input.css';
import type { Country } from '@/lib/contract/content';

/**
 * Phone number with a country list (accounts spec §5, §9), used inside form islands (sign-up,
 * profile, contact, checkout). Controlled: the form keeps `value` and gets every change as
 * PhoneData + isValid. Only the shop's countries can be chosen; a number typed or pasted with
 * another country's calling code is cleared with "This country is not supported.".
 *
 * The country list is PhoneCountryPicker.
 */

/** GET /api/countries: the contract's shape. */
export type PhoneCountry = Country;

export interface PhoneInputMessages {
  placeholder: string;
  invalid: string;
  countryNotSupported: string;
  /** Accessible name of the country button and list. */
  countryLabel: string;
  /** Shown when required and empty, after a blur or with showErrors. */
  required?: string;
}

export interface PhoneInputProps {
  id: string;
  label: string;
  countries: PhoneCountry[];
  value: PhoneData | null;
  onChange(value: PhoneValue): void;
  required?: boolean;
  disabled?: boolean;
  /** ISO2 used when `value` is null (the shop's home country); without it, or when the list lacks it: the first country. */
  defaultCountry?: string;
  maxLength?: number;
  /** Show errors without waiting for a blur (after a submit attempt). */
  showErrors?: boolean;
  /** Renders hidden inputs `name`, `${name}CountryCode`, `${name}NationalNumber`. */
  name?: string;
  /** An error from the server for this field, shown as is. */
  serverError?: string;
  messages: PhoneInputMessages;
}

function initialCountry(value: PhoneData | null, isos: string[], fallback?: string): string {
  const fromValue = value?.phoneCountryCode?.toUpperCase();
  if (fromValue && isos.includes(fromValue)) return fromValue;
  const preferred = fallback?.toUpperCase();
  if (preferred && isos.includes(preferred)) return preferred;
  return isos[0] ?? '';
}

export default function PhoneInput(props: PhoneInputProps) {
  const { id, label, countries, value, onChange, required, disabled, messages } = props;
  const maxLength = props.maxLength ?? PHONE_DEFAULT_MAXLENGTH;
  const isos = useMemo(() => countries.map((c) => c.iso.toUpperCase()), [countries]);

  const [country, setCountry] = useState(() => initialCountry(value, isos, props.defaultCountry));
  const [text, setText] = useState(() => formatPhoneNational(value));
  const [touched, setTouched] = useState(false);
  const [notSupported, setNotSupported] = useState(false);
  const [shownError, setShownError] = useState('');
  // The last value handed to onChange, and the last `value` seen: a new `value` from outside
  // (a reset after saving, a refetch) replaces what is shown, one that echoes ours does not.
  const [lastEmitted, setLastEmitted] = useState<PhoneData | null>(value);
  const [seenValue, setSeenValue] = useState(value);
  if (value !== seenValue) {
    setSeenValue(value);
    if (!samePhone(value, lastEmitted)) {
      setLastEmitted(value);
      setText(formatPhoneNational(value));
      setCountry(initialCountry(value, isos, props.defaultCountry));
      setNotSupported(false);
    }
  }

  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const toastTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const errorId = `${id}-error`;

  const parsed = useMemo(() => parsePhone(text, country, isos), [text, country, isos]);

  function emit(next: PhoneValue) {
    const data = { phone: next.phone, phoneCountryCode: next.phoneCountryCode, nationalNumber: next.nationalNumber };
    setLastEmitted(data);
    onChange({ ...data, isValid: next.isValid });
  }

  function rejectCountry() {
    setText('');
    setNotSupported(true);
    // Typing or pasting again within the pause gives one toast, not one per keystroke.
    clearTimeout(toastTimer.current);
    toastTimer.current = setTimeout(() => showToast(messages.countryNotSupported, 'error'), PHONE_ERROR_DEBOUNCE_MS);
    emit({ phone: '', phoneCountryCode: country, nationalNumber: '', isValid: false });
  }

  function handleText(raw: string, inCountry: string = country) {
    const clean = sanitizePhoneInput(raw).slice(0, maxLength);
    const result = parsePhone(clean, inCountry, isos);
    if (result.error) return rejectCountry();
    setNotSupported(false);
    setText(clean);
    let next = result;
    // An international number picks its own country from the list.
    if (
      clean.trim().startsWith('+') &&
      result.phoneCountryCode &&
      result.phoneCountryCode !== inCountry &&
      isos.includes(result.phoneCountryCode)
    ) {
      setCountry(result.phoneCountryCode);
    } else if (!clean.trim().startsWith('+')) {
      next = { ...result, phoneCountryCode: inCountry };
    }
    emit(next);
  }

  function chooseCountry(index: number) {
    const chosen = countries[index];
    if (!chosen) return;
    const iso = chosen.iso.toUpperCase();
    if (iso === country) return;
    setCountry(iso);
    // An international number of another calling code does not belong to the new country.
    const international = text.trim().startsWith('+');
    if (international && dialCode(iso) !== dialCode(parsed.phoneCountryCode || country)) {
      setText('');
      setNotSupported(false);
      emit({ phone: '', phoneCountryCode: iso, nationalNumber: '', isValid: false });
    } else if (international) {
      emit({ ...parsePhone(text, iso, isos), phoneCountryCode: iso });
    } else {
      handleText(text, iso);
    }
  }

  // Hydration starts on the first focus: keep what was typed before the code arrived.
  const adoptTyped = useEffectEvent((typed: string) => {
    if (typed !== text) handleText(typed);
  });
  useEffect(() => {
    const typed = inputRef.current?.value;
    if (typed !== undefined) adoptTyped(typed);
    return () => clearTimeout(toastTimer.current);
  }, []);

  const error = notSupported
    ? messages.countryNotSupported
    : props.serverError
      ? props.serverError
      : text.trim() === ''
        ? required
          ? (messages.required ?? '')
          : ''
        : parsed.isValid
          ? ''
          : messages.invalid;
  const visible = notSupported || !!props.serverError || touched || !!props.showErrors;
  const wanted = visible ? error : '';

  // Errors appear after the input has settled for 500 ms; they clear at once.
  const immediate = wanted === '' || !!props.showErrors || notSupported || !!props.serverError;
  if (immediate && shownError !== wanted) setShownError(wanted);
  useEffect(() => {
    if (immediate) return;
    const timer = setTimeout(() => setShownError(wanted), PHONE_ERROR_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [immediate, wanted]);

  return (
    <div className="field phone-input" ref={rootRef}>
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <div className="phone-input-row">
        <PhoneCountryPicker
          id={id}
          countries={countries}
          country={country}
          disabled={disabled}
          label={messages.countryLabel}
          fieldRef={rootRef}
          onChoose={chooseCountry}
        />
        <input
          ref={inputRef}
          id={id}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          className="input phone-text"
          value={text}
          maxLength={maxLength}
          placeholder={messages.placeholder}
          required={required}
          disabled={disabled}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? errorId : undefined}
          onChange={(event) => handleText(event.currentTarget.value)}
          onBlur={() => setTouched(true)}
        />
      </div>
      <p id={errorId} className="phone-error field-error" aria-live="polite">
        {shownError}
      </p>
      {props.name && (
        <>
          <input type="hidden" name={props.name} value={parsed.phone} />
          <input type="hidden" name={`${props.name}CountryCode`} value={parsed.phoneCountryCode || country} />
          <input type="hidden" name={`${props.name}NationalNumber`} value={parsed.nationalNumber} />
        </>
      )}
    </div>
  );
}
