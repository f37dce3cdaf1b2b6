import { useEffect, useEffectEvent, useId, useRef } from 'react';

/**
 * The checkout's confirm step (accounts spec §2 Checkout form): "Are you sure you want to
 * proceed with this purchase?" with Yes/No. A modal dialog: focus moves to Yes, stays inside
 * (Tab cycles), Escape or the backdrop answer No, and focus returns where it was.
 */
export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  yes: string;
  no: string;
  onYes(): void;
  onNo(): void;
}

export default function ConfirmDialog({ open, title, text, yes, no, onYes, onNo }: ConfirmDialogProps) {
  const id = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const yesRef = useRef<HTMLButtonElement>(null);
  const onEscape = useEffectEvent(onNo);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    yesRef.current?.focus();
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        onEscape();
        return;
      }
      if (event.key !== 'Tab' || !panelRef.current) return;
      const buttons = [...panelRef.current.querySelectorAll<HTMLElement>('button')];
      const first = buttons[0];
      const last = buttons[buttons.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      } else if (!panelRef.current.contains(document.activeElement)) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (previous && document.contains(previous)) previous.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    // A click beside the panel is No, as Escape is for the keyboard (above).
    <div
      className="confirm-backdrop"
      role="presentation"
      onClick={(event) => event.target === event.currentTarget && onNo()}
    >
      <div
        ref={panelRef}
        className="confirm-panel"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
      >
        <h2 id={`${id}-title`} className="confirm-title">
          {title}
        </h2>
        <p id={`${id}-text`}>{text}</p>
        <div className="confirm-actions">
          <button ref={yesRef} type="button" className="button" onClick={onYes}>
            {yes}
          </button>
          <button type="button" className="button secondary" onClick={onNo}>
            {no}
          </button>
        </div>
      </div>
    </div>
  );
}
