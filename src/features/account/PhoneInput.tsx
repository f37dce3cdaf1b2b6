import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  countryButtonLabel,
  dialCode,
  flagEmoji,
  formatPhoneNational,
  parsePhone,
  PHONE_DEFAULT_MAXLENGTH,
  samePhone,
  sanitizePhoneInput,
  type PhoneData,
  type PhoneValue,
} from '@/lib/phone';
import { showToast } from '@/stores/toasts';
import {
  dropdownPlacement,
  isTypeaheadKey,
  navigateIndex,
  PHONE_ERROR_DEBOUNCE_MS,
  type Placement,
  TYPEAHEAD_RESET_MS,
  typeaheadIndex,
} from './phone-input';
import './phone-input.css';
import type { Country } from '@/lib/contract/content';

/**
 * Phone number with a country list (accounts spec §5, §9), used inside form islands (sign-up,
 * profile, contact, checkout). Controlled: the form keeps `value` and gets every change as
 * PhoneData + isValid. Only the shop's countries can be chosen; a number typed or pasted with
 * another country's calling code is cleared with "This country is not supported.".
 *
 * The country list is a button + role=listbox (not a native select, so the list can show flags
 * and dial codes): arrows, Home/End, PageUp/PageDown, Enter/Space, Escape, type-to-find that
 * forgets after 700 ms; it opens below when more than 200 px remain under the button.
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
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [placement, setPlacement] = useState<Placement>('below');

  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const lastEmitted = useRef<PhoneData | null>(value);
  const typeahead = useRef({ query: '', timer: undefined as ReturnType<typeof setTimeout> | undefined });
  const toastTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const listId = `${id}-countries`;
  const errorId = `${id}-error`;
  const buttonId = `${id}-country`;
  const optionId = (index: number) => `${listId}-${index}`;

  const current = countries.find((c) => c.iso.toUpperCase() === country);
  const parsed = useMemo(() => parsePhone(text, country, isos), [text, country, isos]);

  function emit(next: PhoneValue) {
    const data = { phone: next.phone, phoneCountryCode: next.phoneCountryCode, nationalNumber: next.nationalNumber };
    lastEmitted.current = data;
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
    if (clean.trim().startsWith('+') && result.phoneCountryCode && result.phoneCountryCode !== inCountry && isos.includes(result.phoneCountryCode)) {
      setCountry(result.phoneCountryCode);
    } else if (!clean.trim().startsWith('+')) {
      next = { ...result, phoneCountryCode: inCountry };
    }
    emit(next);
  }

  function chooseCountry(index: number) {
    const chosen = countries[index];
    setOpen(false);
    buttonRef.current?.focus();
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

  // A new value from outside (a reset after saving, a refetch) replaces what is shown.
  useEffect(() => {
    if (samePhone(value, lastEmitted.current)) return;
    lastEmitted.current = value;
    setText(formatPhoneNational(value));
    setCountry(initialCountry(value, isos, props.defaultCountry));
    setNotSupported(false);
  }, [value]);

  // Hydration starts on the first focus: keep what was typed before the code arrived.
  useEffect(() => {
    const dom = inputRef.current?.value;
    if (dom !== undefined && dom !== text) handleText(dom);
    return () => {
      clearTimeout(toastTimer.current);
      clearTimeout(typeahead.current.timer);
    };
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
  useEffect(() => {
    if (wanted === '' || props.showErrors || notSupported || props.serverError) {
      setShownError(wanted);
      return;
    }
    const timer = setTimeout(() => setShownError(wanted), PHONE_ERROR_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [wanted, props.showErrors, notSupported, props.serverError]);

  // Open: place, focus the list, show the active option.
  useEffect(() => {
    if (!open) return;
    listRef.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  useEffect(() => {
    if (open && active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [open, active]);

  function openList(initial?: number) {
    if (disabled || countries.length === 0) return;
    const rect = buttonRef.current?.getBoundingClientRect();
    setPlacement(dropdownPlacement(rect ? window.innerHeight - rect.bottom : Infinity));
    const selected = countries.findIndex((c) => c.iso.toUpperCase() === country);
    setActive(initial ?? (selected >= 0 ? selected : 0));
    setOpen(true);
  }

  function find(key: string, from: number): number {
    const state = typeahead.current;
    state.query += key;
    clearTimeout(state.timer);
    state.timer = setTimeout(() => {
      state.query = '';
    }, TYPEAHEAD_RESET_MS);
    return typeaheadIndex(countries, state.query, from);
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openList();
    } else if (isTypeaheadKey(event)) {
      event.preventDefault();
      const selected = countries.findIndex((c) => c.iso.toUpperCase() === country);
      const found = find(event.key, selected);
      openList(found >= 0 ? found : undefined);
    }
  }

  function onListKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const moved = navigateIndex(event.key, active, countries.length);
    if (moved !== null) {
      event.preventDefault();
      setActive(moved);
      return;
    }
    switch (event.key) {
      case 'Enter':
        event.preventDefault();
        chooseCountry(active);
        return;
      case ' ':
        event.preventDefault();
        // While a name is being typed a space is part of it ("United K…").
        if (typeahead.current.query) {
          const found = find(' ', active);
          if (found >= 0) setActive(found);
        } else chooseCountry(active);
        return;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        buttonRef.current?.focus();
        return;
      case 'Tab':
        setOpen(false);
        return;
      default:
        if (isTypeaheadKey(event)) {
          event.preventDefault();
          const found = find(event.key, active);
          if (found >= 0) setActive(found);
        }
    }
  }

  const describedBy = shownError ? errorId : undefined;
  const dial = current ? dialCode(current.iso) : '';
  const buttonLabel = countryButtonLabel(messages.countryLabel, current);

  return (
    <div className="field phone-input" ref={rootRef}>
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <div className="phone-input-row">
        <div className="phone-country">
          <button
            ref={buttonRef}
            id={buttonId}
            type="button"
            className="phone-country-button"
            aria-haspopup="listbox"
            aria-expanded={open}
            aria-controls={open ? listId : undefined}
            aria-label={buttonLabel}
            disabled={disabled || countries.length === 0}
            onClick={() => (open ? setOpen(false) : openList())}
            onKeyDown={onButtonKeyDown}
          >
            <span aria-hidden="true" className="phone-flag">
              {current ? flagEmoji(current.iso) : ''}
            </span>
            <span aria-hidden="true">
              {current ? `${current.iso.toUpperCase()} ${dial}` : '—'}
            </span>
            <span aria-hidden="true" className="phone-caret">
              ▾
            </span>
          </button>
          {open && (
            <ul
              ref={listRef}
              id={listId}
              role="listbox"
              tabIndex={-1}
              aria-label={messages.countryLabel}
              aria-activedescendant={active >= 0 ? optionId(active) : undefined}
              className={`phone-listbox phone-listbox-${placement}`}
              data-placement={placement}
              onKeyDown={onListKeyDown}
              onBlur={(event) => {
                if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
              }}
            >
              {countries.map((c, index) => (
                <li
                  key={c.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={c.iso.toUpperCase() === country}
                  className={index === active ? 'phone-option active' : 'phone-option'}
                  onPointerDown={(event) => event.preventDefault()}
                  onPointerMove={() => setActive(index)}
                  onClick={() => chooseCountry(index)}
                >
                  <span aria-hidden="true" className="phone-flag">
                    {flagEmoji(c.iso)}
                  </span>
                  <span className="phone-option-name">{c.name}</span>
                  <span className="phone-option-dial">{dialCode(c.iso)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
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
          aria-describedby={describedBy}
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
