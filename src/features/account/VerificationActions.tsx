import '@/stores/bootstrap';
import { useState } from 'react';
import { safeRedirect } from '@/lib/redirect';
import { showToast } from '@/stores/toasts';
import { logout, resendVerification } from './auth-store';
import type { VerificationTexts } from './auth-texts';
import { useHydrated } from '@/stores/hydration';
import { pageHref } from '@/lib/language-path';

export interface VerificationActionsProps {
  texts: VerificationTexts;
  /** Where to go once the address turns out to be verified already. */
  redirect: string;
}

/** The buttons of the "verify your email" page (accounts spec §2): Resend and Logout. */
export default function VerificationActions({ texts, redirect }: VerificationActionsProps) {
  const [busy, setBusy] = useState<'resend' | 'logout' | null>(null);
  const hydrated = useHydrated();

  async function resend() {
    if (busy) return;
    setBusy('resend');
    const result = await resendVerification({ fallbackMessage: texts.failed });
    setBusy(null);
    if (!result.ok) {
      showToast(result.message || texts.failed, 'error');
      return;
    }
    showToast(result.message || texts.sent, 'success');
    if (result.alreadyVerified) location.assign(safeRedirect(redirect));
  }

  async function signOut() {
    if (busy) return;
    setBusy('logout');
    const result = await logout({ fallbackMessage: texts.logoutFailed });
    if (!result.ok) showToast(result.message || texts.logoutFailed, 'error');
    location.assign(pageHref('/'));
  }

  return (
    <div className="verify-actions" aria-busy={busy !== null}>
      <button type="button" className="button auth-submit" onClick={resend} disabled={busy !== null || !hydrated}>
        {busy === 'resend' ? texts.sending : texts.resend}
      </button>
      <button type="button" className="auth-secondary" onClick={signOut} disabled={busy !== null || !hydrated}>
        {busy === 'logout' ? texts.loggingOut : texts.logout}
      </button>
    </div>
  );
}
