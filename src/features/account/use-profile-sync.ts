import { useStore } from '@nanostores/react';
import { useEffect, useEffectEvent, useState } from 'react';
import { api } from '@/stores/api';
import { showToast } from '@/stores/toasts';
import { $currencyCode } from '../i18n/locale';
import type { ProfileFormTexts } from './account-texts';
import type { PhoneCountry } from './PhoneInput';
import type { AccountProfile } from './profile-form';
import { $profile, fetchProfile } from './profile-store';

/**
 * The profile and the shop's countries as the profile form needs them (accounts spec §4): the
 * server-rendered profile, or fetched when the page could not; fetched again after a save and on
 * a currency change (the balance is in the chosen currency).
 */
export function useProfileSync(input: {
  initialProfile: AccountProfile | null;
  initialCountries: PhoneCountry[] | null;
  /** Called with the fetched profile when the form should start from it again. */
  onReset(profile: AccountProfile): void;
  texts: ProfileFormTexts;
}) {
  const { initialProfile, initialCountries, onReset, texts } = input;
  const stored = useStore($profile);
  const [countries, setCountries] = useState<PhoneCountry[] | null>(initialCountries);
  const [loading, setLoading] = useState(!initialProfile);

  async function refetch(options: { resetFields: boolean }) {
    const result = await fetchProfile(texts.fetchFailed);
    if (!result.ok) {
      if (!result.handled) showToast(result.message || texts.loadFailed, 'error');
      return;
    }
    const next = $profile.get();
    if (next && options.resetFields) onReset(next);
  }

  // Once, with the props the island was rendered with.
  const start = useEffectEvent(() => {
    if (initialProfile && !$profile.get()) $profile.set(initialProfile);
    if (!initialProfile) void refetch({ resetFields: true }).finally(() => setLoading(false));
    if (!initialCountries) {
      api
        .get('/countries', { fallbackMessage: texts.countriesError })
        .then((body) => setCountries(Array.isArray(body.payload) ? body.payload : null))
        .catch(() => setCountries(null));
    }
    // Follow a currency change made without a reload, also one made before this island hydrated
    // (the picker may hydrate first on a slow device).
    const stop = $currencyCode.listen(() => {
      void refetch({ resetFields: false });
    });
    const chosen = $currencyCode.get();
    if (initialProfile && chosen && chosen !== initialProfile.currency) void refetch({ resetFields: false });
    return stop;
  });
  useEffect(() => start(), []);

  return { profile: stored ?? initialProfile, countries, loading, refetch };
}
