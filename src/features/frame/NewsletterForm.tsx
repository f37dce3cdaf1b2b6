import '@/stores/bootstrap';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { $newsletter, subscribeNewsletter } from './newsletter';

export interface NewsletterFormProps {
  title: string;
  text: string;
  emailLabel: string;
  placeholder: string;
  subscribe: string;
  subscribing: string;
  success: string;
  error: string;
}

export default function NewsletterForm(props: NewsletterFormProps) {
  const state = useStore($newsletter);
  const [email, setEmail] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // Hydration starts on the first focus; keep what was typed before the code arrived.
  useEffect(() => {
    if (input.current?.value) setEmail(input.current.value);
  }, []);
  const loading = state.phase === 'loading';

  async function submit(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = (new FormData(event.currentTarget).get('email') as string | null) ?? email;
    if (await subscribeNewsletter(value, props.error, props.success)) setEmail('');
  }

  return (
    <form className="newsletter" onSubmit={submit} aria-labelledby="newsletter-title">
      <h2 id="newsletter-title" className="footer-heading">
        {props.title}
      </h2>
      <p>{props.text}</p>
      <div className="newsletter-row">
        <label className="visually-hidden" htmlFor="newsletter-email">
          {props.emailLabel}
        </label>
        <input
          ref={input}
          id="newsletter-email"
          className="input input-compact"
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder={props.placeholder}
          value={email}
          disabled={loading}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <button type="submit" className="button" disabled={loading}>
          {loading ? props.subscribing : props.subscribe}
        </button>
      </div>
      <p className={`newsletter-message ${state.phase}`} role="status" aria-live="polite">
        {state.phase === 'success' || state.phase === 'error' ? state.message : ''}
      </p>
    </form>
  );
}
