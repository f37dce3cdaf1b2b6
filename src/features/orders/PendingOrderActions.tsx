import '@/stores/bootstrap';
import { useState } from 'react';
import { ApiError, handledByClient } from '@/lib/api-client';
import { pageHref } from '@/lib/language-path';
import { fill } from '@/lib/rules/placeholders';
import { api } from '@/stores/api';
import { showToast } from '@/stores/toasts';
import type { PendingOrderTexts } from './orders-texts';

/**
 * Pay now and Cancel of a card order waiting for payment (issue 29): Pay now goes to a payment
 * page for the same order; Cancel puts its items back into the cart and opens the cart (or calls
 * `onCancelled`, the history list reloading in place). A 409 (paid or cancelled meanwhile) says so
 * and reloads, so the page shows the order as it is now.
 */
export interface PendingOrderActionsProps {
  orderNr: string;
  texts: PendingOrderTexts;
  /** id of the order's title, which describes both buttons */
  describedBy?: string;
  onCancelled?: () => void;
}

export default function PendingOrderActions({ orderNr, texts, describedBy, onCancelled }: PendingOrderActionsProps) {
  const [busy, setBusy] = useState<'pay' | 'cancel' | null>(null);
  const path = `/orders/${encodeURIComponent(orderNr)}` as const;

  function failed(error: unknown) {
    setBusy(null);
    if (handledByClient(error)) return;
    if (error instanceof ApiError && error.code === 'conflict') {
      showToast(texts.notPending, 'warning');
      location.reload();
      return;
    }
    showToast(texts.failed, 'error');
  }

  async function pay() {
    if (busy) return;
    setBusy('pay');
    try {
      const reply = await api.post(`${path}/pay`, {});
      location.assign(reply.payload.redirect_url);
    } catch (error) {
      failed(error);
    }
  }

  async function cancel() {
    if (busy) return;
    setBusy('cancel');
    try {
      await api.post(`${path}/cancel`, {});
      showToast(fill(texts.cancelled, { number: orderNr }), 'success');
      if (onCancelled) {
        setBusy(null);
        onCancelled();
      } else location.assign(pageHref('/cart'));
    } catch (error) {
      failed(error);
    }
  }

  return (
    <div className="order-actions pending-order-actions">
      <button
        type="button"
        className="button"
        aria-disabled={busy !== null || undefined}
        aria-describedby={describedBy}
        title={fill(texts.payNowFor, { number: orderNr })}
        onClick={() => void pay()}
      >
        {busy === 'pay' ? texts.opening : texts.payNow}
      </button>
      <button
        type="button"
        className="button secondary"
        aria-disabled={busy !== null || undefined}
        aria-describedby={describedBy}
        title={fill(texts.cancelFor, { number: orderNr })}
        onClick={() => void cancel()}
      >
        {busy === 'cancel' ? texts.cancelling : texts.cancel}
      </button>
    </div>
  );
}
