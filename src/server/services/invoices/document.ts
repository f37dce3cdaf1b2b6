/**
 * What an invoice or credit note says (ADR 032), as one plain object: computed once when the
 * document is issued, stored beside its PDF, and the only input of the PDF and of the Factur-X
 * XML. Amounts are minor units of the order's currency. Pure.
 */
import { inOrderCurrency } from '@/server/services/orders/history';
import { shareOut, vatContained } from '@/server/services/pricing/totals';

export type VatScheme = 'home' | 'oss' | 'export' | 'reverse_charge';

export interface InvoiceAddress {
  name: string;
  street: string;
  postCode: string;
  city: string;
  countryIso: string;
  countryName: string;
}

export interface InvoiceLine {
  name: string;
  sku: string;
  quantity: number;
  /** The unit price as sold, VAT included. */
  unitCents: number;
  /** quantity × unit price, VAT included. */
  grossCents: number;
  netCents: number;
  vatPercent: number;
  vatCents: number;
}

/** One VAT rate's totals after the discount: what the rate's tax is due on. */
export interface RateTotal {
  percent: number;
  netCents: number;
  vatCents: number;
}

export interface InvoiceDocument {
  kind: 'invoice' | 'credit_note';
  number: string;
  /** YYYY-MM-DD */
  issueDate: string;
  /** The date of supply: when the order was paid (the shop ships paid orders only). */
  supplyDate: string;
  orderNr: string;
  language: string;
  currency: string;
  /** A credit note names the invoice it corrects. */
  invoiceNumber: string | null;
  invoiceDate: string | null;
  seller: { legalName: string; address: string; countryIso: string | null; vatId: string; email: string };
  buyer: { name: string; email: string; vatId: string | null; billing: InvoiceAddress; delivery: InvoiceAddress };
  vatScheme: VatScheme;
  paymentMethod: string;
  lines: InvoiceLine[];
  /** The delivery as a line of its own (VAT included); null when nothing was charged. */
  delivery: InvoiceLine | null;
  /** The promo discount, VAT included. */
  discountCents: number;
  rates: RateTotal[];
  netCents: number;
  vatCents: number;
  /** What the buyer paid (the invoice) or gets back (the credit note). */
  totalCents: number;
  /** Rounding of the currency conversion: total − (lines + delivery − discount). Usually 0. */
  roundingCents: number;
}

export interface FigureItem {
  name: string;
  sku: string;
  /** EUR cents per unit, VAT included. */
  priceCents: number;
  /** What one unit was charged in the order's currency (fixed price, rounding rule); null on older orders. */
  convertedPriceCents?: number | null;
  quantity: number;
  vatPercent: number;
}

export interface FigureInput {
  currencyRate: string;
  /** The order's currency: its minor units (JPY has none, ADR 034). */
  currency: string;
  items: FigureItem[];
  /** EUR cents; null or 0: no delivery line. */
  deliveryCents: number | null;
  /** The delivery and discount as the order charged them in its currency; null on older orders. */
  convertedDeliveryCents?: number | null;
  deliveryVatPercent: number;
  discountCents: number;
  convertedDiscountCents?: number | null;
  /** The amount in the order's currency the document totals to. */
  totalCents: number;
  /** The VAT per rate in the order's currency, as the order recorded it (ADR 030). */
  vatByRate: { percent: number; cents: number }[];
}

export type Figures = Pick<
  InvoiceDocument,
  'lines' | 'delivery' | 'discountCents' | 'rates' | 'netCents' | 'vatCents' | 'totalCents' | 'roundingCents'
>;

function line(
  name: string,
  sku: string,
  quantity: number,
  unitCents: number,
  grossCents: number,
  vatPercent: number,
): InvoiceLine {
  const vatCents = vatContained(grossCents, vatPercent);
  return { name, sku, quantity, unitCents, grossCents, netCents: grossCents - vatCents, vatPercent, vatCents };
}

/**
 * The lines carry their VAT before the discount (net + VAT = what the line cost); the discount is
 * shared over the rates in proportion to their cost, as the checkout did (ADR 030); each rate's
 * VAT is the one the order recorded, so the invoice declares exactly the tax the order charged,
 * and each rate's net is what is left of its share.
 */
export function invoiceFigures(input: FigureInput): Figures {
  // What the order charged in its currency (ADR 034), as history, mails and the payment read it.
  const charged = (eurCents: number, stored?: number | null) => inOrderCurrency(input, eurCents, stored);
  const lines = input.items.map((i) => {
    const unit = charged(i.priceCents, i.convertedPriceCents);
    return line(i.name, i.sku, i.quantity, unit, unit * i.quantity, i.vatPercent);
  });
  const deliveryGross = charged(input.deliveryCents ?? 0, input.convertedDeliveryCents);
  const delivery = deliveryGross > 0 ? line('', '', 1, deliveryGross, deliveryGross, input.deliveryVatPercent) : null;
  const discountCents = charged(input.discountCents, input.convertedDiscountCents);
  const parts = [...lines, ...(delivery ? [delivery] : [])];
  const gross = parts.reduce((s, p) => s + p.grossCents, 0);
  const percents = [...new Set([...parts.map((p) => p.vatPercent), ...input.vatByRate.map((r) => r.percent)])].sort(
    (a, b) => b - a,
  );
  const rateGross = percents.map((pc) =>
    parts.filter((p) => p.vatPercent === pc).reduce((s, p) => s + p.grossCents, 0),
  );
  const rateDiscount = shareOut(discountCents, rateGross);
  const rates = percents
    .map((percent, r) => {
      const share = rateGross[r]! - rateDiscount[r]!;
      const vatCents = input.vatByRate.find((v) => v.percent === percent)?.cents ?? 0;
      return { percent, netCents: share - vatCents, vatCents };
    })
    .filter((r, i) => rateGross[i]! > 0 || r.vatCents !== 0);
  return {
    lines,
    delivery,
    discountCents,
    rates,
    netCents: rates.reduce((s, r) => s + r.netCents, 0),
    vatCents: rates.reduce((s, r) => s + r.vatCents, 0),
    totalCents: input.totalCents,
    roundingCents: input.totalCents - (gross - discountCents),
  };
}

/** A date as YYYY-MM-DD (UTC). */
export function isoDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}
