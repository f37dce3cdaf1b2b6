import '@/stores/bootstrap';
import { useState } from 'react';
import { showToast } from '@/stores/toasts';
import type { LogoutTexts } from './account-texts';
import { logout } from './auth-store';
import { pageHref } from '@/lib/language-path';

/**
 * Log out (accounts spec §2, §4): POST /api/logout, then the local session marker, profile and
 * cart are cleared whatever the answer (auth-store's logout runs every onSignedOut store), and
 * the shopper lands on the home page. The API wants the X-XSRF-TOKEN header, which a plain
 * form cannot send, so this needs JavaScript; it hydrates on the first pointer or focus and
 * the click that caused it is replayed (client:interaction).
 */

export interface LogoutButtonProps {
  texts: LogoutTexts;
  /** Where to go afterwards; default home. */
  redirectTo?: string;
}

export default function LogoutButton({ texts, redirectTo = '/' }: LogoutButtonProps) {
  const [busy, setBusy] = useState(false);

  async function onClick() {
    if (busy) return;
    setBusy(true);
    const result = await logout({ fallbackMessage: texts.failed });
    // The session is gone locally either way; tell the shopper if the server did not hear it.
    if (!result.ok) showToast(result.message, 'error');
    location.assign(pageHref(redirectTo));
  }

  return (
    <button type="button" className="account-logout" onClick={onClick} disabled={busy} aria-busy={busy}>
      {busy ? texts.busy : texts.logout}
    </button>
  );
}
