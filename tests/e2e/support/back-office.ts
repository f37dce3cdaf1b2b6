/**
 * The back office's e2e helpers: the demo staff and editor accounts (seeded with their published
 * passwords in dev and tests), the e2e admin (support/prepare-shop.ts) and signing in through the
 * real sign-in page, landing on /admin.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '../fixtures';
import { BASE } from './shopper';

export const STAFF = { email: 'staff@example.com', password: 'Staff1234!' };
export const EDITOR = { email: 'editor@example.com', password: 'Editor1234!' };
import { E2E_ADMIN } from './accounts';

export const ADMIN = E2E_ADMIN;

export async function signInToBackOffice(page: Page, who: { email: string; password: string } = STAFF): Promise<void> {
  await page.goto('/auth?form=signin&redirect=%2Fadmin');
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(`${BASE}/admin`);
}

/**
 * Chooses a language in the header's picker (the person's language setting); the back office has
 * one address, so the page reloads in place. The page's start-up (the stored-choice script may
 * reload once) settles first: a choice made during that reload is lost with the old document.
 */
export async function pickLanguage(page: Page, current: string, label: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  const picked = page.getByRole('combobox', { name: current });
  const code = await picked.locator('option', { hasText: label }).getAttribute('lang');
  await picked.selectOption({ label });
  await expect(page.locator('html')).toHaveAttribute('lang', code ?? '');
  await page.waitForLoadState('load');
}

/**
 * Sets a country's state (issue 25) through the admin API as the e2e admin (countries need the
 * `prices` permission, roles.ts), with a bearer token of its own: for specs that need a country on
 * request or not served, and to put it back.
 */
export async function setCountryState(
  request: APIRequestContext,
  iso: string,
  state: 'served' | 'on_request' | 'not_served',
): Promise<void> {
  const login = await request.post('/api/login', {
    data: { username: ADMIN.email, password: ADMIN.password, device_name: 'e2e-countries' },
  });
  expect(login.status()).toBe(200);
  const headers = { Authorization: `Bearer ${((await login.json()) as { payload: { token: string } }).payload.token}` };
  const list = (await (await request.get('/api/admin/shipping', { headers })).json()) as {
    payload: { countries: { id: number; iso: string }[] };
  };
  const id = list.payload.countries.find((c) => c.iso === iso)!.id;
  expect((await request.put('/api/admin/shipping/countries', { headers, data: { ids: [id], state } })).status()).toBe(
    200,
  );
}
