import { atom } from 'nanostores';
import { ApiError, handledByClient } from '@/lib/api-client';
import { api } from '@/stores/api';
import { onSignedOut } from './auth-store';
import { firstErrors } from '@/features/forms/first-errors';
import type { AccountProfile, ProfilePayload } from './profile-form';

/**
 * The signed-in customer's profile in the browser (accounts spec §4 "Profile save", §6 "Profile
 * fetch is skipped unless authenticated"). The page renders the first state from the server;
 * this store refetches after a save and when the currency changes, and is cleared on logout.
 */

export const $profile = atom<AccountProfile | null>(null);

onSignedOut(() => $profile.set(null));

export interface ProfileResult {
  ok: boolean;
  message: string;
  errors: Record<string, string>;
  /** The api client already told the shopper (401/403 redirect): nothing more to show. */
  handled?: boolean;
}

/** GET /api/user/profile; keeps the last profile when it fails. */
export async function fetchProfile(fallbackMessage: string): Promise<ProfileResult> {
  try {
    const body = await api.get('/user/profile', { fallbackMessage });
    if (body.payload) $profile.set(body.payload);
    return { ok: !!body.payload, message: body.payload ? '' : fallbackMessage, errors: {} };
  } catch (error) {
    return {
      ok: false,
      message: error instanceof ApiError ? error.message : fallbackMessage,
      errors: {},
      handled: handledByClient(error),
    };
  }
}

/** PUT /api/user/profile; the server's message (or the fallback) and its field errors. */
export async function saveProfile(
  payload: ProfilePayload,
  texts: { updated: string; failed: string },
): Promise<ProfileResult> {
  try {
    const body = await api.put('/user/profile', { ...payload }, { fallbackMessage: texts.failed });
    if (body.payload) $profile.set(body.payload);
    const message = typeof body.message === 'string' && body.message.trim() !== '' ? body.message : texts.updated;
    return { ok: true, message, errors: {} };
  } catch (error) {
    if (error instanceof ApiError) {
      return {
        ok: false,
        message: error.message || texts.failed,
        errors: firstErrors(error.errors),
        handled: handledByClient(error),
      };
    }
    return { ok: false, message: texts.failed, errors: {} };
  }
}
