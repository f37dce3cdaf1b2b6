/** Shared by the browser store (consent.ts) and the server (frame-data.server.ts). */
export const CONSENT_KEY = 'cookie-consent';
export const CONSENT_COOKIE = 'cookie-consent';
export const DISMISSED_COOKIE = 'cookie-notice-dismissed';
