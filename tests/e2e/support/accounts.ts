/** The e2e shop's admin, made by prepare-shop.ts before the shop starts (no Playwright imports: the script reads it too). */
export const E2E_ADMIN = { email: 'admin@gear.test', password: 'Admin1234!' } as const;

/**
 * A customer with a confirmed newsletter subscription and a cart last changed two days ago
 * (prepare-shop.ts): the cart left behind that the reminder spec mails and restores.
 */
export const E2E_CART_CUSTOMER = { email: 'left.cart@gear.test', password: 'Leftcart1234!' } as const;
