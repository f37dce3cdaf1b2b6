import '@/stores/bootstrap';
import '../account/auth-store';
import { useEffect, useMemo, useRef, useState } from 'react';
import './variation-modal.css';
import { addAndToast, type AddTexts } from './add-to-cart';
import VariationSelects, { type VariationSelectTexts } from './VariationSelects';
import { addTarget, choose, firstOptions, optionGroups, type VariationLike } from './variations';
import { fill } from '@/lib/rules/placeholders';

export interface VariationModalTexts extends AddTexts, VariationSelectTexts {
  /** "Choose options for {{name}}" with the placeholder left in. */
  title: string;
  addToCart: string;
  adding: string;
  close: string;
  selectVariation: string;
}

export interface ModalProduct {
  id: number;
  name: string;
  variations: VariationLike[];
}

export interface VariationModalProps {
  product: ModalProduct;
  texts: VariationModalTexts;
  /** Called after a successful add too. */
  onClose(): void;
}

/**
 * The variation modal of product cards (storefront §4 "Product card add to cart"): a native
 * modal dialog (focus kept inside, Escape closes), the first option of each group preselected;
 * Add to cart sends the variation matching every choice, or says "Please select a variation"
 * when none does; closes after the item was added. Open it from plain scripts with
 * openVariationModal() (open-variation-modal.ts).
 */
export default function VariationModal({ product, texts, onClose }: VariationModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const groups = useMemo(() => optionGroups(product.variations), [product.variations]);
  const [selection, setSelection] = useState(() => firstOptions(groups));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = `variation-modal-title-${product.id}`;

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
    return () => {
      if (el?.open) el.close();
    };
  }, []);

  async function add() {
    const target = addTarget(product, selection);
    if (!target.ok) {
      setError(texts.selectVariation);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const result = await addAndToast(target.id, target.isVariation, texts);
      if (result.ok) onClose();
    } finally {
      setBusy(false);
    }
  }

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- the click is on the backdrop; the keyboard closes a modal <dialog> with Escape (onCancel)
    <dialog
      ref={dialog}
      className="variation-modal"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its box) closes.
        if (e.target === dialog.current) {
          const box = dialog.current.getBoundingClientRect();
          const inside =
            e.clientX >= box.left && e.clientX <= box.right && e.clientY >= box.top && e.clientY <= box.bottom;
          if (!inside) onClose();
        }
      }}
    >
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <div className="variation-modal-head">
          <h2 id={titleId}>{fill(texts.title, { name: product.name })}</h2>
          <button type="button" className="variation-modal-close" aria-label={texts.close} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <VariationSelects
          idPrefix={`modal-${product.id}`}
          groups={groups}
          variations={product.variations}
          selection={selection}
          onChange={(key, id) => {
            setSelection((s) => choose(s, key, id));
            setError(null);
          }}
          texts={texts}
          withEmpty={false}
          disableIncompatible={false}
        />
        <p className="purchase-error" role="alert">
          {error}
        </p>
        <button type="submit" className="button add-to-cart" disabled={busy} aria-busy={busy || undefined}>
          {busy ? texts.adding : texts.addToCart}
        </button>
      </form>
    </dialog>
  );
}
