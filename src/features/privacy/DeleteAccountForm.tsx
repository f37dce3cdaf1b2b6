import '@/stores/bootstrap';
import { useState } from 'react';
import { ApiError, handledByClient } from '@/lib/api-client';
import { api } from '@/stores/api';

export interface DeleteAccountTexts {
  title: string;
  hint: string;
  password: string;
  submit: string;
  confirm: string;
  failed: string;
}

/**
 * Deleting the account (GDPR, issue 31): the password goes to POST /api/user/delete-account after
 * a confirmation; the shop signs the browser out, so the page then goes home.
 */
export default function DeleteAccountForm({ texts }: { texts: DeleteAccountTexts }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!window.confirm(texts.confirm)) return;
    setBusy(true);
    setError(null);
    try {
      await api.request('POST', '/user/delete-account', {
        body: { password },
        fallbackMessage: texts.failed,
        skipAuthHandling: true,
      });
      location.assign('/');
      return;
    } catch (caught) {
      if (!handledByClient(caught)) setError(caught instanceof ApiError ? caught.message : texts.failed);
    }
    setBusy(false);
  }

  return (
    <form className="delete-account" onSubmit={submit} noValidate aria-labelledby="delete-account-title">
      <h3 id="delete-account-title">{texts.title}</h3>
      <p>{texts.hint}</p>
      <div className="field">
        <label htmlFor="delete-account-password">{texts.password}</label>
        <input
          id="delete-account-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button danger" disabled={busy || password === ''}>
        {texts.submit}
      </button>
    </form>
  );
}
