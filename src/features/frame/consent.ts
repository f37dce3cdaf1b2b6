import { atom } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import { writeCookie } from '../i18n/locale';

/**
 * Cookie consent (storefront §4): 'true' or 'false' under `cookie-consent` in localStorage.
 * Either answer hides the bar for the session; on reload it stays hidden only for 'true'.
 *
 * The server must know too, or every page would flash the bar before a script hides it:
 * - `cookie-consent=true` (1 year): the server renders no bar and loads the Google tag.
 * - `cookie-notice-dismissed=1` (session cookie) after Decline: the server renders the bar
 *   hidden while the shopper browses; a reload of the page clears it and shows the bar again.
 */

import { CONSENT_COOKIE, CONSENT_KEY, DISMISSED_COOKIE } from './consent-keys';

export { CONSENT_COOKIE, CONSENT_KEY, DISMISSED_COOKIE };

export const $cookieConsent = persistentAtom<string>(CONSENT_KEY, '');
export const $cookieBarVisible = atom(false);

/** Loaded only once consent exists, so visitors who never accept never download it. */
function loadGoogleTag(snippet: string): void {
  void import('./google-tag').then(({ injectGoogleTag }) => injectGoogleTag(snippet));
}

export type NavigationKind = 'navigate' | 'reload' | 'back_forward' | 'prerender' | string;

export function currentNavigationKind(): NavigationKind {
  const entry = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return entry?.type ?? 'navigate';
}

function hasCookie(name: string): boolean {
  return document.cookie.split(';').some((part) => part.trim().startsWith(`${name}=`));
}

/** Decides the bar on page start; `googleTag` is injected when consent was given before. */
export function initConsent(options: { googleTag?: string; navigation?: NavigationKind } = {}): void {
  const consent = $cookieConsent.get();
  if (consent === 'true') {
    // Keeps the server's view in step when only localStorage remembered the answer.
    if (!hasCookie(CONSENT_COOKIE)) writeCookie(CONSENT_COOKIE, 'true');
    $cookieBarVisible.set(false);
    if (options.googleTag) loadGoogleTag(options.googleTag);
    return;
  }
  if ((options.navigation ?? currentNavigationKind()) === 'reload') writeCookie(DISMISSED_COOKIE, '', 0);
  $cookieBarVisible.set(!hasCookie(DISMISSED_COOKIE));
}

export function acceptCookies(googleTag?: string): void {
  $cookieConsent.set('true');
  writeCookie(CONSENT_COOKIE, 'true');
  $cookieBarVisible.set(false);
  if (googleTag) loadGoogleTag(googleTag);
}

export function declineCookies(): void {
  $cookieConsent.set('false');
  writeCookie(CONSENT_COOKIE, '', 0);
  if (typeof document !== 'undefined') {
    document.cookie = `${DISMISSED_COOKIE}=1; Path=/; SameSite=Lax`;
  }
  $cookieBarVisible.set(false);
}
