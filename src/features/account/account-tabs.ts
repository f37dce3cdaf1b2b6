/**
 * Tabs of /account (accounts spec §2): the `tab` query names one; missing or unknown means
 * contact. Pure; the page renders the active tab on the server and the tab links are plain links.
 */

export const ACCOUNT_TABS = ['contact', 'orders', 'change-password'] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];
export const DEFAULT_ACCOUNT_TAB: AccountTab = 'contact';

export function parseAccountTab(value: string | null | undefined): AccountTab {
  const tab = (value ?? '').trim().toLowerCase();
  return (ACCOUNT_TABS as readonly string[]).includes(tab) ? (tab as AccountTab) : DEFAULT_ACCOUNT_TAB;
}

export function accountTabHref(tab: AccountTab): string {
  return `/account?tab=${tab}`;
}

/** Message key of each tab's name (breadcrumb and tab label). */
export const ACCOUNT_TAB_LABEL_KEYS: Readonly<Record<AccountTab, MessageKey>> = Object.freeze({
  contact: 'account.tabs.contact',
  orders: 'account.tabs.orders',
  'change-password': 'account.tabs.changePassword',
});
import type { MessageKey } from '@/lib/translator';
