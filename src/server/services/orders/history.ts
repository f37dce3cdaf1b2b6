/**
 * Order history (accounts spec §3 "Order (history)", §2 Order history): the pure part that turns
 * stored orders and their item snapshots into the API's JSON. The database part is
 * history.server.ts.
 *
 * Amounts are in the order's own currency, as the shopper paid (docs/decisions/011): the total
 * is the stored converted final amount (what was charged); the breakdown (items, delivery,
 * discount, VAT, order price) is converted from the EUR cents at the rate stored on the order.
 */
import { centsToNumber, convertCents } from '@/lib/money';
import { shareOut } from '../pricing/totals';
import type { VariationAttributeSnapshot } from '@/server/db/schema/commerce';
import type {
  HistoryPagination,
  OrderItemJson,
  OrderJson,
  OrderStatus,
  PaymentMethod,
} from '@/lib/contract/purchasing';

// The response shapes are shared with the Orders tab island (lib/ is isomorphic).
export type {
  DeliveryAddressJson,
  HistoryPagination,
  OrderItemJson,
  OrderJson,
  OrderStatus,
  PaymentMethod,
} from '@/lib/contract/purchasing';

export { HISTORY_PER_PAGE_DEFAULT, HISTORY_PER_PAGE_MAX } from '@/lib/contract/purchasing';

/** The columns of `orders` the history reads. */
export interface OrderRow {
  id: number;
  orderNr: string;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  name: string;
  surname: string;
  email: string;
  phone: string;
  countryName: string;
  city: string;
  address: string;
  postCode: string;
  currency: string;
  currencyRate: string;
  cartTotalCents: number;
  deliveryCostCents: number | null;
  discountCents: number;
  vatCents: number;
  vatPercent: string;
  vatScheme: 'home' | 'oss' | 'export' | 'reverse_charge';
  buyerVatId: string | null;
  deliveryVatPercent: string | null;
  deliveryVatCents: number | null;
  convertedFinalCents: number;
  /** The amounts as charged in the order's currency (ADR 034); null or absent on older orders. */
  convertedCartTotalCents?: number | null;
  convertedDeliveryCents?: number | null;
  convertedDiscountCents?: number | null;
  convertedVatCents?: number | null;
  promoCode: string | null;
  createdAt: Date;
  paidAt: Date | null;
}

/** The columns of `order_items` the history reads. */
export interface OrderItemRow {
  id: number;
  orderId: number;
  productId: number | null;
  variationId: number | null;
  sku: string;
  name: string;
  categoryName: string | null;
  imageUrl: string | null;
  priceCents: number;
  /** The unit price charged in the order's currency; null or absent on older orders. */
  convertedPriceCents?: number | null;
  quantity: number;
  variationAttributes: VariationAttributeSnapshot[];
  vatPercent: string | null;
  vatCents: number | null;
}

/**
 * The order's VAT per rate in EUR cents, highest rate first (ADR 030): the lines' and the
 * delivery's stored VAT added up by rate; an order from before per-line VAT has its one rate.
 */
export function orderVatByRate(
  order: Pick<OrderRow, 'vatCents' | 'vatPercent' | 'deliveryVatPercent' | 'deliveryVatCents'>,
  items: readonly Pick<OrderItemRow, 'vatPercent' | 'vatCents'>[],
): { percent: number; cents: number }[] {
  const parts = [
    ...items.map((i) => [i.vatPercent, i.vatCents] as const),
    [order.deliveryVatPercent, order.deliveryVatCents] as const,
  ];
  if (items.length === 0 || parts.some(([p, c]) => p === null || c === null))
    return [{ percent: Number(order.vatPercent), cents: order.vatCents }];
  const byRate = new Map<number, number>();
  for (const [percent, cents] of parts)
    if (cents! > 0 || Number(percent) === Number(order.vatPercent))
      byRate.set(Number(percent), (byRate.get(Number(percent)) ?? 0) + cents!);
  return [...byRate].map(([percent, cents]) => ({ percent, cents })).sort((a, b) => b.percent - a.percent);
}

/**
 * orderVatByRate in the order's own currency (minor units): the converted VAT total shared out
 * in proportion, so the rates add up to the VAT the order shows. Used by the history, the order
 * page and the mails.
 */
export function orderVatRates(
  order: Pick<
    OrderRow,
    | 'vatCents'
    | 'vatPercent'
    | 'deliveryVatPercent'
    | 'deliveryVatCents'
    | 'currencyRate'
    | 'currency'
    | 'convertedVatCents'
  >,
  items: readonly Pick<OrderItemRow, 'vatPercent' | 'vatCents'>[],
): { percent: number; cents: number }[] {
  const rates = orderVatByRate(order, items);
  const shares = shareOut(
    inOrderCurrency(order, order.vatCents, order.convertedVatCents),
    rates.map((r) => r.cents),
  );
  return rates.map((r, i) => ({ percent: r.percent, cents: shares[i]! }));
}

/**
 * An order amount in the order's currency (minor units): as stored when the order kept it (what
 * was charged: fixed prices and rounding rules, ADR 034), else its EUR amount converted at the
 * order's rate (orders placed before those columns).
 */
export function inOrderCurrency(
  order: Pick<OrderRow, 'currencyRate' | 'currency'>,
  eurCents: number,
  stored?: number | null,
): number {
  return stored ?? convertCents(eurCents, order.currencyRate, order.currency);
}

/** Texts the server fills into the JSON (spec §3 fallbacks), in the request's language. */
export interface HistoryTexts {
  unnamedProduct: string;
  fallbackCategory: string;
}

export const ENGLISH_HISTORY_TEXTS: HistoryTexts = { unnamedProduct: 'Unnamed Product', fallbackCategory: 'Product' };

/** Page within 1..last_page (an empty history has one, empty, page) and its offset. */
export function historyPage(total: number, page: number, perPage: number): HistoryPagination & { offset: number } {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), lastPage);
  const offset = (current - 1) * perPage;
  const count = Math.max(0, Math.min(perPage, total - offset));
  return {
    total,
    last_page: lastPage,
    from: count > 0 ? offset + 1 : null,
    to: count > 0 ? offset + count : null,
    current_page: current,
    per_page: perPage,
    offset,
  };
}

const nameOr = (name: string | null | undefined, texts: HistoryTexts) =>
  name && name.trim() ? name : texts.unnamedProduct;

/**
 * The one item shown for an order that has none (spec §3): quantity 1, the order's sum as its
 * price, category Product, the order's name or Unnamed Product.
 */
export function fallbackItem(
  order: { id: number; sum: number; name?: string | null; image_url?: string | null },
  texts: HistoryTexts = ENGLISH_HISTORY_TEXTS,
): OrderItemJson {
  return {
    id: order.id,
    product_id: null,
    variation_id: null,
    sku: null,
    quantity: 1,
    price: order.sum,
    total: order.sum,
    image_url: order.image_url ?? null,
    name: nameOr(order.name, texts),
    category: { name: texts.fallbackCategory },
    variation_attributes: [],
    vat_percent: null,
    vat: null,
  };
}

/** One order as JSON; `items` are that order's rows in display order. */
export function toOrderJson(
  order: OrderRow,
  items: readonly OrderItemRow[],
  options: { currencySymbol?: string; texts?: HistoryTexts } = {},
): OrderJson {
  const texts = options.texts ?? ENGLISH_HISTORY_TEXTS;
  const money = (eurCents: number, stored?: number | null) =>
    centsToNumber(inOrderCurrency(order, eurCents, stored), order.currency);
  const sum = money(order.cartTotalCents, order.convertedCartTotalCents);
  const amount = centsToNumber(order.convertedFinalCents, order.currency);
  const first = items[0];
  const image = first?.imageUrl ?? null;
  const name = nameOr(first?.name, texts);
  const shaped: OrderItemJson[] = items.map((item) => {
    const price = inOrderCurrency(order, item.priceCents, item.convertedPriceCents);
    return {
      id: item.id,
      product_id: item.productId,
      variation_id: item.variationId,
      sku: item.sku,
      quantity: item.quantity,
      price: centsToNumber(price, order.currency),
      total: centsToNumber(price * item.quantity, order.currency),
      image_url: item.imageUrl,
      name: nameOr(item.name, texts),
      category: { name: item.categoryName?.trim() ? item.categoryName : texts.fallbackCategory },
      variation_attributes: Array.isArray(item.variationAttributes) ? item.variationAttributes : [],
      vat_percent: item.vatPercent === null ? null : Number(item.vatPercent),
      vat: item.vatCents === null ? null : money(item.vatCents),
    };
  });
  const vatRates = orderVatRates(order, items);
  return {
    id: order.id,
    order_nr: order.orderNr,
    created_at: order.createdAt.toISOString(),
    paid_at: order.paidAt ? order.paidAt.toISOString() : null,
    status: order.status,
    payment_method: order.paymentMethod,
    amount,
    currency: order.currency,
    currency_symbol: options.currencySymbol ?? order.currency,
    sum,
    image_url: image,
    name,
    items: shaped.length ? shaped : [fallbackItem({ id: order.id, sum, name: first?.name, image_url: image }, texts)],
    order_price: sum,
    delivery: order.deliveryCostCents === null ? null : money(order.deliveryCostCents, order.convertedDeliveryCents),
    promo_code: order.promoCode,
    promo_discount: money(order.discountCents, order.convertedDiscountCents),
    vat: money(order.vatCents, order.convertedVatCents),
    vat_percent: Number(order.vatPercent),
    vat_rates: vatRates.map((r) => ({ rate: r.percent, vat: centsToNumber(r.cents, order.currency) })),
    vat_scheme: order.vatScheme,
    buyer_vat_id: order.buyerVatId,
    total_amount: amount,
    delivery_address: {
      name: order.name,
      surname: order.surname,
      email: order.email,
      phone: order.phone,
      country: order.countryName,
      city: order.city,
      address: order.address,
      post_code: order.postCode,
    },
    can_complete: order.status === 'Pending' && order.paymentMethod === 'phone',
    can_pay_now: order.status === 'Pending' && order.paymentMethod === 'card',
  };
}
