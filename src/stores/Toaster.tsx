import './bootstrap';
import { useStore } from '@nanostores/react';
import { $toasts, dismissToast } from './toasts';
import { useHydrated } from './hydration';

export interface ToasterProps {
  label: string;
  closeLabel: string;
  /** Visually hidden prefix per type ("Error: …") so the colour is not the only cue. */
  typeLabels: Record<'info' | 'success' | 'warning' | 'error', string>;
}

/** Bottom-right stack; the region is server-rendered so screen readers announce additions. */
export default function Toaster({ label, closeLabel, typeLabels }: ToasterProps) {
  const all = useStore($toasts);
  // The server rendered an empty list; toasts restored from the previous page appear after
  // hydration, or React would discard the server HTML as a mismatch.
  const hydrated = useHydrated();
  const toasts = hydrated ? all : [];
  return (
    <section className="toaster" aria-label={label}>
      {/* The live region wraps the list: a role on the <ol> itself would hide its list semantics. */}
      <div role="status" aria-live="polite">
        <ol>
          {toasts.map((t) => (
            <li key={t.id} className={`toast toast-${t.type}`}>
              {t.type !== 'default' && <span className="visually-hidden">{typeLabels[t.type]}: </span>}
              <span className="toast-message">{t.message}</span>
              <button type="button" className="toast-close" aria-label={closeLabel} onClick={() => dismissToast(t.id)}>
                ×
              </button>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
