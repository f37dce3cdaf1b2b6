import '@/stores/bootstrap';
import { type RefObject, useEffect, useEffectEvent, useId, useRef } from 'react';
import { showToast } from '@/stores/toasts';
import { copyText } from './clipboard';
import { viewOrdersTarget } from './orders-format';
import type { PhonePaymentTexts } from './orders-texts';
import './phone-payment.css';
import { pageHref } from '@/lib/language-path';

/**
 * The phone payment modal (accounts spec §2 Phone payment modal): two phone numbers (US and
 * global; UK and EU) and the order number, each with a copy button; the total amount and
 * currency; the note that the order is reserved; View Orders (only when signed in) and Close.
 * Backdrop click and Escape close it; focus stays inside while it is open and returns to where
 * it was on close. Used by the Orders tab (Complete) and the checkout (after a phone order).
 * Texts: phonePaymentTexts(t) from ./orders-texts.
 */
export interface PhonePaymentModalProps {
  open: boolean;
  orderNr: string;
  /** The total as the cart and orders write it (formatMoney in the page language): "35,98 €". */
  total: string;
  /** US and global customers. */
  phoneGlobal: string;
  /** UK and EU customers. */
  phoneUkEu: string;
  signedIn: boolean;
  onClose(): void;
  texts: PhonePaymentTexts;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export default function PhonePaymentModal({
  open,
  orderNr,
  total,
  phoneGlobal,
  phoneUkEu,
  signedIn,
  onClose,
  texts,
}: PhonePaymentModalProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const titleId = `${id}-title`;
  const noteId = `${id}-note`;
  const hintId = `${id}-hint`;

  useModalFocus(open, panelRef, onClose);

  if (!open) return null;

  async function copy(text: string, success: string) {
    if (await copyText(text)) showToast(success, 'success');
    else showToast(texts.copyFailed, 'error');
  }

  const lines = [
    { label: texts.usGlobal, number: phoneGlobal },
    { label: texts.ukEu, number: phoneUkEu },
  ].filter((line) => line.number);

  return (
    // A click beside the panel closes it, as Escape does for the keyboard (above).
    <div
      className="phone-modal-backdrop"
      role="presentation"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        className="phone-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={noteId}
        tabIndex={-1}
      >
        <h2 id={titleId} className="phone-modal-title">
          {texts.title}
        </h2>
        <p className="phone-modal-intro">{texts.intro}</p>
        <dl className="phone-modal-list">
          {lines.map((line) => (
            <div className="phone-modal-row" key={line.label}>
              <dt>{line.label}</dt>
              <dd>
                <a className="phone-modal-value" href={`tel:${line.number.replace(/[^\d+]/g, '')}`}>
                  {line.number}
                </a>
                <button
                  type="button"
                  className="phone-modal-copy"
                  aria-label={`${texts.copyPhone}: ${line.label}`}
                  onClick={() => void copy(line.number, texts.phoneCopied)}
                >
                  {texts.copy}
                </button>
              </dd>
            </div>
          ))}
          <div className="phone-modal-row">
            <dt>{texts.orderNumber}</dt>
            <dd>
              <span className="phone-modal-value phone-modal-order">{orderNr}</span>
              <button
                type="button"
                className="phone-modal-copy"
                aria-label={texts.copyOrderNumber}
                onClick={() => void copy(orderNr, texts.orderCopied)}
              >
                {texts.copy}
              </button>
            </dd>
          </div>
          <div className="phone-modal-row phone-modal-total">
            <dt>{texts.totalAmount}</dt>
            <dd>
              <span className="phone-modal-value">{total}</span>
            </dd>
          </div>
        </dl>
        <p id={noteId} className="phone-modal-note">
          {texts.note} {texts.expiry}
        </p>
        {!signedIn && (
          <p id={hintId} className="phone-modal-hint">
            {texts.signInForOrders}
          </p>
        )}
        <div className="phone-modal-actions">
          <button
            type="button"
            className="button phone-modal-orders"
            disabled={!signedIn}
            aria-describedby={signedIn ? undefined : hintId}
            onClick={() => location.assign(pageHref(viewOrdersTarget(signedIn)))}
          >
            {texts.viewOrders}
          </button>
          <button type="button" className="phone-modal-close" onClick={onClose}>
            {texts.close}
          </button>
        </div>
      </div>
    </div>
  );
}

/**
 * While the modal is open: focus on the panel, the page behind does not scroll, Tab stays
 * inside, Escape closes; focus returns to where it was.
 */
function useModalFocus(open: boolean, panelRef: RefObject<HTMLDivElement | null>, onClose: () => void) {
  const onEscape = useEffectEvent(onClose);
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    panel?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const focusables = () => (panel ? [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)] : []);
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        onEscape();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const list = focusables();
      if (list.length === 0) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const first = list[0]!;
      const last = list[list.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === panel || !panel.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    }
    // Focus that leaves by other means (a click on the page behind, assistive tech) comes back.
    function onFocusIn(event: FocusEvent) {
      if (panel && event.target instanceof Node && !panel.contains(event.target)) panel.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      document.body.style.overflow = overflow;
      if (previous?.isConnected) previous.focus();
    };
  }, [open, panelRef]);
}
