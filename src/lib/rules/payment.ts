/** The ways an order can be paid (accounts spec §2 Checkout form). Free of zod: islands import it. */
export const PAYMENT_METHODS = ['card', 'phone'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
