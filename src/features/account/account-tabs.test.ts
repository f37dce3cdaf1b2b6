import { describe, expect, it } from 'vitest';
import { accountTabHref, ACCOUNT_TABS, parseAccountTab } from './account-tabs';

describe('account tabs', () => {
  it('reads the tab query; missing or unknown means contact', () => {
    expect(parseAccountTab('orders')).toBe('orders');
    expect(parseAccountTab('change-password')).toBe('change-password');
    expect(parseAccountTab(' Orders ')).toBe('orders');
    expect(parseAccountTab(null)).toBe('contact');
    expect(parseAccountTab('')).toBe('contact');
    expect(parseAccountTab('settings')).toBe('contact');
  });
  it('links each tab through the query, in the spec order', () => {
    expect(ACCOUNT_TABS).toEqual(['contact', 'orders', 'change-password']);
    expect(accountTabHref('change-password')).toBe('/account?tab=change-password');
  });
});
