import { createApiClient } from '../lib/api-client';
import { typedApi } from '../lib/contract/client';
import { localeParams } from '../features/i18n/locale';
import { showToast } from './toasts';

/**
 * The API client every island uses, wired to the locale stores and toasts. The 401 text comes
 * translated from the server (data-session-expired on <html>); islands register what a 401
 * means for them (accounts spec §4, ADR 009: clear $auth, go to sign-in) through onUnauthorized.
 */

const unauthorizedHandlers = new Set<() => void>();

export function onUnauthorized(handler: () => void): () => void {
  unauthorizedHandlers.add(handler);
  return () => unauthorizedHandlers.delete(handler);
}

export const api = typedApi(
  createApiClient({
    locale: localeParams,
    notify: (message, autoCloseMs) => showToast(message, 'error', { autoClose: autoCloseMs }),
    sessionExpiredText: () =>
      (typeof document !== 'undefined' && document.documentElement.dataset.sessionExpired) ||
      'Error occurred. Please log in again.',
    onUnauthorized: () => {
      for (const handler of unauthorizedHandlers) handler();
    },
  }),
);
