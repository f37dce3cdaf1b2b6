/**
 * An order's statuses (accounts spec §3: Success, Pending, Error, Failed; ADR 023 adds the back
 * office's Shipped, Cancelled and Refunded). Pending → Success (paid) → Shipped; Pending → Failed
 * (declined, expired); Pending or Success → Cancelled by staff; Success or Shipped → Refunded once
 * everything paid has been refunded. Free of zod: islands import it.
 */
export const ORDER_STATUSES = ['Pending', 'Success', 'Error', 'Failed', 'Shipped', 'Cancelled', 'Refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
