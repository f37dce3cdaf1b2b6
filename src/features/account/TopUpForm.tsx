import '@/stores/bootstrap';
import './auth-store';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { api } from '@/stores/api';
import { Field } from '@/features/forms/Field';
import { useForm } from '@/features/forms/use-form';
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
  const { formRef, ...form } = useForm<'amount', TopUpProblem>({
    initial: { amount: '' },
    validate: ({ amount }) => {
      const parsed = parseTopUpAmount(amount, minimum);
      return 'problem' in parsed ? { amount: parsed.problem } : {};
    },
    message: (problem) => texts.problems[problem],
    fallback: texts.failed,
  });

  if (!open) {
    return (
      <button type="button" className="button secondary" onClick={() => setOpen(true)}>
        {texts.open}
      </button>
    );
  }

  const send = form.onSubmit(async ({ amount }) => {
    const parsed = parseTopUpAmount(amount, minimum);
    if ('problem' in parsed) return;
    const body = await api.post('/balance/top-up', { amount: parsed.amount }, { fallbackMessage: texts.failed });
    if (typeof body.redirect_url !== 'string') {
      form.setFormError(texts.failed);
      return;
    }
    location.assign(body.redirect_url);
    // Stay busy: the card gateway's page is on its way.
    await new Promise(() => {});
  });
  // Problems show once sent (no onBlur); the server's word on the amount or the whole form too.
  const { name, value, onChange, error } = form.field('amount');

  return (
    <form ref={formRef} className="top-up" onSubmit={send} noValidate>
      <Field
        id="top-up-amount"
        name={name}
        value={value}
        onChange={onChange}
        label={`${texts.amountLabel} (${currency})`}
        hint={texts.minimum}
        error={error ?? form.formError ?? undefined}
        alert
        inputMode="decimal"
        autoComplete="off"
        disabled={form.sending}
      />
      <div className="top-up-actions">
        <button type="submit" className="button" disabled={form.sending}>
          {form.sending ? texts.busy : texts.submit}
        </button>
        <button type="button" className="button secondary" onClick={() => setOpen(false)} disabled={form.sending}>
          {texts.cancel}
        </button>
      </div>
    </form>
  );
}
