import '@/stores/bootstrap';
import { useState } from 'react';
import { ApiError, handledByClient } from '@/lib/api-client';
import { RETURN_REASONS, type ReturnReason } from '@/lib/rules/returns';
import { api } from '@/stores/api';
import type { ReturnFormTexts } from './return-texts';

export interface ReturnFormProps {
  orderNr: string;
  /** The lines that can still be returned, with how many units each. */
  lines: { id: number; name: string; left: number }[];
  texts: ReturnFormTexts;
}

/**
 * Opens a return (issue 31): quantities per line, a reason and a comment go to
 * POST /api/orders/{nr}/returns; the page then reloads and lists the return with its number.
 */
export default function ReturnForm({ orderNr, lines, texts }: ReturnFormProps) {
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [reason, setReason] = useState<ReturnReason>('changed_mind');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const chosen = lines
      .map((l) => ({ order_item_id: l.id, quantity: Number(quantities[l.id] ?? 0) }))
      .filter((l) => Number.isInteger(l.quantity) && l.quantity > 0);
    if (chosen.length === 0) {
      setError(texts.chooseItems);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.request('POST', `/orders/${encodeURIComponent(orderNr)}/returns`, {
        body: { lines: chosen, reason, ...(comment.trim() ? { comment } : {}) },
        fallbackMessage: texts.failed,
      });
      location.reload();
      return;
    } catch (caught) {
      if (!handledByClient(caught)) setError(caught instanceof ApiError ? caught.message : texts.failed);
    }
    setBusy(false);
  }

  return (
    <form className="return-form" onSubmit={submit} noValidate aria-labelledby="return-form-title">
      <h3 id="return-form-title">{texts.open}</h3>
      {lines.map((l) => (
        <div className="field" key={l.id}>
          <label htmlFor={`return-line-${l.id}`}>
            {texts.quantity.replace('{{name}}', l.name).replace('{{left}}', String(l.left))}
          </label>
          <input
            id={`return-line-${l.id}`}
            type="number"
            min={0}
            max={l.left}
            step={1}
            inputMode="numeric"
            value={quantities[l.id] ?? ''}
            onChange={(e) => setQuantities({ ...quantities, [l.id]: e.target.value })}
          />
        </div>
      ))}
      <div className="field">
        <label htmlFor="return-reason">{texts.reason}</label>
        <select id="return-reason" value={reason} onChange={(e) => setReason(e.target.value as ReturnReason)}>
          {RETURN_REASONS.map((r) => (
            <option key={r} value={r}>
              {texts.reasons[r]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="return-comment">{texts.comment}</label>
        <textarea id="return-comment" maxLength={1000} value={comment} onChange={(e) => setComment(e.target.value)} />
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {busy ? texts.busy : texts.submit}
      </button>
    </form>
  );
}
