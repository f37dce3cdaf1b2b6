/** The e2e shop's admin, made by prepare-shop.ts before the shop starts (no Playwright imports: the script reads it too). */
export const E2E_ADMIN = { email: 'admin@gear.test', password: 'Admin1234!' } as const;
