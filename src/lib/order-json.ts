/**
 * Response shapes of GET /api/orders/history (accounts spec §3 "Order (history)", ADR 011): the
 * API contract's (src/lib/contract/purchasing.ts), under the names the server and the Orders tab
 * use.
 */
import type { DeliveryAddressJson, HistoryPagination, OrderItemJson, OrderJson } from './contract/purchasing';

export type { DeliveryAddressJson, HistoryPagination, OrderItemJson, OrderJson };
export type OrderStatus = OrderJson['status'];
export type PaymentMethod = OrderJson['payment_method'];
/** A variation attribute as the order kept it when it was placed. */
export type VariationAttributeJson = OrderItemJson['variation_attributes'][number];
