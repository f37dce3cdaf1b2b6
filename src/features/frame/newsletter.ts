import { atom } from 'nanostores';
import { ApiError } from '@/lib/api-client';
import { api } from '@/stores/api';

/**
 * Newsletter form states (storefront §4): idle → loading → success | error; the message clears
 * after 2 s and the email clears on success.
 */
export const NEWSLETTER_MESSAGE_MS = 2000;

export type NewsletterState =
  { phase: 'idle' } | { phase: 'loading' } | { phase: 'success' | 'error'; message: string };

export const $newsletter = atom<NewsletterState>({ phase: 'idle' });

let clearTimer: ReturnType<typeof setTimeout> | undefined;

/** Returns true on success (the form then clears the email). */
export async function subscribeNewsletter(
  email: string,
  fallbackError: string,
  fallbackSuccess: string,
): Promise<boolean> {
  if ($newsletter.get().phase === 'loading') return false;
  clearTimeout(clearTimer);
  $newsletter.set({ phase: 'loading' });
  let ok = false;
  try {
    const body = await api.post('/newsletter/subscribe', { email }, { fallbackMessage: fallbackError });
    ok = body.status === 'OK';
    const message =
      typeof body.message === 'string' && body.message ? body.message : ok ? fallbackSuccess : fallbackError;
    $newsletter.set({ phase: ok ? 'success' : 'error', message });
  } catch (error) {
    $newsletter.set({ phase: 'error', message: error instanceof ApiError ? error.message : fallbackError });
  }
  clearTimer = setTimeout(() => $newsletter.set({ phase: 'idle' }), NEWSLETTER_MESSAGE_MS);
  return ok;
}
