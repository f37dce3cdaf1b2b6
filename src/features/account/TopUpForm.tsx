import '@/stores/bootstrap';
import './auth-store';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { ApiError, handledByClient } from '@/lib/api-client';
import { api } from '@/stores/api';
import { $profile } from './profile-store';
import { parseTopUpAmount, type TopUpProblem } from './top-up';

export interface TopUpTexts {
  open: string;
  amountLabel: string;
  submit: string;
  busy: string;
  cancel: string;
  minimum: string;
  problems: Record<TopUpProblem, string>;
  failed: string;
}

export interface TopUpFormProps {
  /** In the page currency, e.g. 10.9. */
  minimum: number;
  currency: string;
  texts: TopUpTexts;
}

/**
 * Balance top-up (ADR 012): the amount goes to POST /api/balance/top-up, which answers the card
 * gateway's page; the balance is credited when the payment settles.
 */
export default function TopUpForm({ minimum: initialMinimum, currency: initialCurrency, texts }: TopUpFormProps) {
  // After a currency change (no reload on this page) the refetched profile carries both anew.
  const profile = useStore($profile);
  const minimum = profile?.min_top_up_amount ?? initialMinimum;
  const currency = profile?.currency ?? initialCurrency;
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!open) {
    return (
      <button type="button" className="button secondary" onClick={() => setOpen(true)}>
        {texts.open}
      </button>
    );
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = parseTopUpAmount(value, minimum);
    if ('problem' in parsed) {
      setError(texts.problems[parsed.problem]);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const body = await api.post('/balance/top-up', { amount: parsed.amount }, { fallbackMessage: texts.failed });
      const target = typeof body.redirect_url === 'string' ? body.redirect_url : null;
      if (target) {
        location.assign(target);
        return;
      }
      setError(texts.failed);
    } catch (caught) {
      if (!handledByClient(caught)) setError(caught instanceof ApiError ? caught.message : texts.failed);
    }
    setBusy(false);
  }

  return (
    <form className="top-up" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="top-up-amount">
          {texts.amountLabel} ({currency})
        </label>
        <input
          id="top-up-amount"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby="top-up-hint top-up-error"
          disabled={busy}
        />
        <p id="top-up-hint" className="field-hint">
          {texts.minimum}
        </p>
        <p id="top-up-error" className="field-error" role="alert">
          {error ?? ''}
        </p>
      </div>
      <div className="top-up-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? texts.busy : texts.submit}
        </button>
        <button type="button" className="button secondary" onClick={() => setOpen(false)} disabled={busy}>
          {texts.cancel}
        </button>
      </div>
    </form>
  );
}
