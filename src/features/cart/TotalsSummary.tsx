import { type CartLine, linePrice, linePriceCents } from './cart-lines';
import { fill } from '@/lib/rules/placeholders';
import type { CartPageTexts } from './cart-texts';
import { fromCents } from './price-format';
import TotalsVat from './TotalsVat';
import { deliveryUnavailable, type TotalsState } from './totals-state';

/**
 * The checkout summary (accounts spec §3 "Totals", §8 Delivery): the items, then subtotal,
 * delivery (or N/A), discount, the VAT of each rate, total, all from the converted block (the
 * shopper's currency). Before a calculation only the items' subtotal is known.
 */
export interface TotalsSummaryProps {
  lines: CartLine[];
  state: TotalsState;
  texts: CartPageTexts;
  /** Formats an amount in the given currency (code, symbol). */
  money(amount: number, currency?: { code: string; symbol: string }): string;
  /** A VAT rate in the page language ("19 %"): formatPercent. */
  percent(rate: number): string;
}

export default function TotalsSummary({ lines, state, texts, money, percent }: TotalsSummaryProps) {
  const s = texts.summary;
  const block = state.totals?.converted ?? null;
  const currency = block ? { code: block.currency, symbol: block.currency_symbol } : undefined;
  const na = deliveryUnavailable(state);
  const subtotal = block ? block.cart_total : fromCents(lines.reduce((sum, l) => sum + linePriceCents(l), 0));

  return (
    <section className="checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title">{s.title}</h2>
      <h3 className="visually-hidden">{s.items}</h3>
      <ul className="checkout-items">
        {lines.map((line) => (
          <li key={line.id}>
            <span className="checkout-item-name">
              {line.item.name} × {line.count}
            </span>
            <span>{money(linePrice(line), currency)}</span>
          </li>
        ))}
      </ul>
      <dl className="checkout-totals" aria-busy={state.status === 'calculating'}>
        <div>
          <dt>{s.subtotal}</dt>
          <dd>{money(subtotal, currency)}</dd>
        </div>
        {block && (
          <>
            <div>
              <dt>{s.delivery}</dt>
              <dd>{na || block.delivery_cost === null ? s.notAvailable : money(block.delivery_cost, currency)}</dd>
            </div>
            <div>
              <dt>{s.discount}</dt>
              <dd>{block.discount_amount ? `−${money(block.discount_amount, currency)}` : money(0, currency)}</dd>
            </div>
            <TotalsVat
              block={block}
              scheme={state.totals?.vat_scheme}
              texts={s}
              money={(amount) => money(amount, currency)}
              percent={percent}
            />
            <div className="checkout-total">
              <dt>{s.total}</dt>
              <dd>{money(block.final_amount, currency)}</dd>
            </div>
          </>
        )}
        {!block && na && (
          <div>
            <dt>{s.delivery}</dt>
            <dd>{s.notAvailable}</dd>
          </div>
        )}
      </dl>
      <p className="checkout-summary-note" role="status" aria-live="polite">
        {state.status === 'calculating' ? s.wait : na ? s.deliveryUnavailable : !block ? s.pending : ''}
        {/* Heard, not seen: the new total after each calculation (the amounts above change silently). */}
        {state.status !== 'calculating' && block && !na && (
          <span className="visually-hidden">{fill(s.announce, { amount: money(block.final_amount, currency) })}</span>
        )}
      </p>
    </section>
  );
}
