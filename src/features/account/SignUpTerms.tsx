import { useCallback, useEffect, useState } from 'react';
import { api } from '@/stores/api';
import type { StaticPageSummary } from '@/lib/contract/content';
import { pageHref } from '@/lib/language-path';
import type { SignUpTexts } from './auth-texts';

interface PageLink {
  id: number;
  slug: string;
  title: string;
}

export type TermsState =
  { phase: 'loading' } | { phase: 'error' } | { phase: 'ready'; terms: PageLink | null; privacy: PageLink | null };

function staticPageHref(page: PageLink): string {
  return pageHref(`/static-page/${encodeURIComponent(page.slug || String(page.id))}`);
}

function termsOf(pages: StaticPageSummary[]): TermsState {
  const link = (page: StaticPageSummary | undefined): PageLink | null =>
    page ? { id: page.id, slug: page.slug, title: page.title } : null;
  return { phase: 'ready', terms: link(pages.find((p) => p.is_terms)), privacy: link(pages.find((p) => p.is_privacy)) };
}

/** The terms and privacy pages the sign-up checkbox links to, loaded once; `retry` after a failure. */
export function useTerms(): { terms: TermsState; retry(): void } {
  const [terms, setTerms] = useState<TermsState>({ phase: 'loading' });
  const load = useCallback(
    () =>
      api.get('/static-pages', { skipAuthHandling: true }).then(
        (body) => setTerms(termsOf(Array.isArray(body.payload) ? body.payload : [])),
        () => setTerms({ phase: 'error' }),
      ),
    [],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const retry = () => {
    setTerms({ phase: 'loading' });
    void load();
  };
  return { terms, retry };
}

export interface SignUpTermsProps {
  terms: TermsState;
  retry(): void;
  accepted: boolean;
  onAccepted(accepted: boolean): void;
  busy: boolean;
  texts: SignUpTexts;
}

/** The sign-up's terms checkbox (accounts spec §5): usable once the terms and privacy pages are known. */
export default function SignUpTerms({ terms, retry, accepted, onAccepted, busy, texts }: SignUpTermsProps) {
  const termsReady = terms.phase === 'ready';
  const link = (page: PageLink | null, label: string) =>
    page ? (
      <a href={staticPageHref(page)} target="_blank" rel="noopener">
        {label}
        <span className="visually-hidden"> {texts.newTab}</span>
      </a>
    ) : (
      label
    );
  return (
    <>
      <div className="auth-terms">
        <input
          id="signup-terms"
          type="checkbox"
          name="terms"
          checked={accepted}
          disabled={!termsReady || busy}
          aria-describedby="signup-terms-status"
          onChange={(event) => onAccepted(event.currentTarget.checked)}
        />
        <label htmlFor="signup-terms">
          {texts.acceptTerms} {link(termsReady ? terms.terms : null, texts.terms)} {texts.and}{' '}
          {link(termsReady ? terms.privacy : null, texts.privacy)}
        </label>
      </div>
      <p id="signup-terms-status" className="auth-terms-status" role="status">
        {terms.phase === 'loading' ? texts.termsLoading : terms.phase === 'error' ? texts.termsError : ''}
        {terms.phase === 'error' && (
          <>
            {' '}
            <button type="button" className="auth-secondary" onClick={retry}>
              {texts.tryAgain}
            </button>
          </>
        )}
      </p>
    </>
  );
}
