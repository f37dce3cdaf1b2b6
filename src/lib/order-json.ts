/**
 * Response shapes of GET /api/orders/history (accounts spec §3 "Order (history)", ADR 011),
 * shared by the server that builds them (server/services/orders/history.ts) and the Orders tab
 * island that shows them: islands never import server modules (.dependency-cruiser.cjs). The
 * API contract (src/lib/contract/) takes these over as zod schemas with inferred types.
 */

export type OrderStatus = 'Pending' | 'Success' | 'Error' | 'Failed';
export type PaymentMethod = 'card' | 'phone';

/** A variation attribute as the order kept it when it was placed. */
export type VariationAttributeJson = { id: number; name: string; attribute_group: { name: string } };

export interface OrderItemJson {
  id: number;
  product_id: number | null;
  variation_id: number | null;
  sku: string | null;
  quantity: number;
  /** Unit price in the order's currency. */
  price: number;
  /** price × quantity. */
  total: number;
  image_url: string | null;
  name: string;
  category: { name: string };
  variation_attributes: VariationAttributeJson[];
}

export interface DeliveryAddressJson {
  name: string;
  surname: string;
  email: string;
  phone: string;
  country: string;
  city: string;
  address: string;
  post_code: string;
}

export interface OrderJson {
  id: number;
  order_nr: string;
  created_at: string;
  paid_at: string | null;
  status: OrderStatus;
  payment_method: PaymentMethod;
  /** Total amount charged, in `currency`. */
  amount: number;
  currency: string;
  currency_symbol: string;
  /** Order price: the items' sum in `currency` (the fallback item's price). */
  sum: number;
  /** First item's picture and name, for a one-line summary of the order. */
  image_url: string | null;
  name: string;
  items: OrderItemJson[];
  order_price: number;
  /** null when delivery could not be priced at checkout (shown as N/A). */
  delivery: number | null;
  promo_code: string | null;
  promo_discount: number;
  vat: number;
  vat_percent: number;
  total_amount: number;
  delivery_address: DeliveryAddressJson;
  /** A Pending phone order can be paid now: the Complete action of the Orders tab. */
  can_complete: boolean;
}

export interface HistoryPagination {
  total: number;
  last_page: number;
  from: number | null;
  to: number | null;
  current_page: number;
  per_page: number;
}
