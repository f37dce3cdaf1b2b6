import '@/stores/bootstrap';
import { useEffect, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS, searchOf, searchUrl } from './search';
import { pageHref, pagePathname } from '@/lib/language-path';

export interface SearchBoxProps {
  label: string;
  placeholder: string;
  submitLabel: string;
  /** Server-computed form target and carried-over query values, for the no-JS GET form. */
  action: string;
  hidden: Array<[string, string]>;
  initial: string;
}

/**
 * Without JS it is a plain GET form to the list page; with JS, Enter or the icon navigates after
 * a 300 ms debounce (a second press restarts it) and the box follows `search` in the URL.
 */
export default function SearchBox({ label, placeholder, submitLabel, action, hidden, initial }: SearchBoxProps) {
  const input = useRef<HTMLInputElement>(null);
  // What was typed before hydration lives only in the DOM; adopt it.
  const [text, setText] = useState(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    // The same text again leaves the state as it is.
    if (input.current) setText(input.current.value);
    const follow = () => setText(searchOf(new URL(location.href)));
    window.addEventListener('popstate', follow);
    return () => {
      window.removeEventListener('popstate', follow);
      clearTimeout(timer.current);
    };
  }, []);

  function submit(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    clearTimeout(timer.current);
    const value = input.current?.value ?? text;
    // The list route is read from the address without its language prefix, and the result keeps it.
    const here = new URL(pagePathname() + location.search, location.origin);
    timer.current = setTimeout(() => location.assign(pageHref(searchUrl(here, value))), SEARCH_DEBOUNCE_MS);
  }

  return (
    <form className="search" role="search" method="get" action={pageHref(action)} onSubmit={submit}>
      <label className="visually-hidden" htmlFor="header-search">
        {label}
      </label>
      <input
        ref={input}
        id="header-search"
        type="search"
        name="search"
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        autoComplete="off"
        maxLength={200}
      />
      {hidden.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="page" value="1" />
      <button type="submit" className="search-button" aria-label={submitLabel}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}
