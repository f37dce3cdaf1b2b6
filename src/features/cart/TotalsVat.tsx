import type { TotalsBlock, Totals } from '@/lib/contract/cart';
import { fill } from '@/lib/rules/placeholders';
import type { CartPageTexts } from './cart-texts';

/**
 * The VAT rows of the checkout summary (ADR 030): one per rate of the cart ("incl. 19 % VAT
 * €…", "incl. 7 % VAT €…"), the rate in the page language's percent style; an export or a
 * reverse charge says why there is no VAT.
 */
interface Props {
  block: TotalsBlock;
  scheme: Totals['vat_scheme'] | undefined;
  texts: CartPageTexts['summary'];
  money(amount: number): string;
  percent(rate: number): string;
}

export default function TotalsVat({ block, scheme, texts, money, percent }: Props) {
  const rows = block.vat_rates.length ? block.vat_rates : [{ rate: 0, vat: block.vat }];
  const note = scheme === 'export' ? texts.vatExport : scheme === 'reverse_charge' ? texts.vatReverseCharge : null;
  return (
    <>
      {rows.map((row, i) => (
        <div key={row.rate} className="checkout-vat">
          <dt>{fill(texts.vat, { rate: percent(row.rate) })}</dt>
          <dd>{money(row.vat)}</dd>
          {note && i === rows.length - 1 && <dd className="checkout-vat-note">{note}</dd>}
        </div>
      ))}
    </>
  );
}
