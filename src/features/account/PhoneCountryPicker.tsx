import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { countryButtonLabel, dialCode, flagEmoji } from '@/lib/phone';
import type { Country } from '@/lib/contract/content';
import {
  dropdownPlacement,
  isTypeaheadKey,
  navigateIndex,
  type Placement,
  TYPEAHEAD_RESET_MS,
  typeaheadIndex,
} from './phone-input';

export interface PhoneCountryPickerProps {
  /** The id of the phone input: the button and the list are named after it. */
  id: string;
  countries: Country[];
  /** ISO2 of the chosen country (upper case). */
  country: string;
  disabled?: boolean;
  /** Accessible name of the button and the list. */
  label: string;
  /** The whole phone field: a pointer or focus inside it keeps the list open. */
  fieldRef: RefObject<HTMLDivElement | null>;
  onChoose(index: number): void;
}

/**
 * The country button + role=listbox of PhoneInput (accounts spec §9; not a native select, so the
 * list can show flags and dial codes): arrows, Home/End, PageUp/PageDown, Enter/Space, Escape,
 * type-to-find that forgets after 700 ms; it opens below when more than 200 px remain under the
 * button. The options never take focus: the list does, and points at one (aria-activedescendant).
 */
export default function PhoneCountryPicker(props: PhoneCountryPickerProps) {
  const { id, countries, country, disabled, label, fieldRef } = props;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [placement, setPlacement] = useState<Placement>('below');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const typeahead = useRef({ query: '', timer: undefined as ReturnType<typeof setTimeout> | undefined });
  const listId = `${id}-countries`;
  const optionId = (index: number) => `${listId}-${index}`;
  const current = countries.find((c) => c.iso.toUpperCase() === country);
  const selectedIndex = () => countries.findIndex((c) => c.iso.toUpperCase() === country);

  useEffect(() => {
    const state = typeahead.current;
    return () => clearTimeout(state.timer);
  }, []);

  // Open: focus the list, close on a pointer outside the field.
  useEffect(() => {
    if (!open) return;
    listRef.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!fieldRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, fieldRef]);

  // Show the active option.
  useEffect(() => {
    if (open && active >= 0) document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active, listId]);

  function openList(initial?: number) {
    if (disabled || countries.length === 0) return;
    const rect = buttonRef.current?.getBoundingClientRect();
    setPlacement(dropdownPlacement(rect ? window.innerHeight - rect.bottom : Infinity));
    const selected = selectedIndex();
    setActive(initial ?? (selected >= 0 ? selected : 0));
    setOpen(true);
  }

  function choose(index: number) {
    setOpen(false);
    buttonRef.current?.focus();
    props.onChoose(index);
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
      const found = find(event.key, selectedIndex());
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
        choose(active);
        return;
      case ' ':
        event.preventDefault();
        // While a name is being typed a space is part of it ("United K…").
        if (typeahead.current.query) {
          const found = find(' ', active);
          if (found >= 0) setActive(found);
        } else choose(active);
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

  return (
    <div className="phone-country">
      <button
        ref={buttonRef}
        id={`${id}-country`}
        type="button"
        className="phone-country-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={countryButtonLabel(label, current)}
        disabled={disabled || countries.length === 0}
        onClick={() => (open ? setOpen(false) : openList())}
        onKeyDown={onButtonKeyDown}
      >
        <span aria-hidden="true" className="phone-flag">
          {current ? flagEmoji(current.iso) : ''}
        </span>
        <span aria-hidden="true">{current ? `${current.iso.toUpperCase()} ${dialCode(current.iso)}` : '—'}</span>
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
          aria-label={label}
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          className={`phone-listbox phone-listbox-${placement}`}
          data-placement={placement}
          onKeyDown={onListKeyDown}
          onBlur={(event) => {
            if (!fieldRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
          }}
        >
          {countries.map((c, index) => (
            <CountryOption
              key={c.id}
              id={optionId(index)}
              country={c}
              selected={c.iso.toUpperCase() === country}
              active={index === active}
              onPoint={() => setActive(index)}
              onChoose={() => choose(index)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

interface CountryOptionProps {
  id: string;
  country: Country;
  selected: boolean;
  active: boolean;
  onPoint(): void;
  onChoose(): void;
}

function CountryOption({ id, country, selected, active, onPoint, onChoose }: CountryOptionProps) {
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keys are the listbox's (aria-activedescendant): an option never has focus
    <li
      id={id}
      role="option"
      aria-selected={selected}
      className={active ? 'phone-option active' : 'phone-option'}
      onPointerDown={(event) => event.preventDefault()}
      onPointerMove={onPoint}
      onClick={onChoose}
    >
      <span aria-hidden="true" className="phone-flag">
        {flagEmoji(country.iso)}
      </span>
      <span className="phone-option-name">{country.name}</span>
      <span className="phone-option-dial">{dialCode(country.iso)}</span>
    </li>
  );
}
