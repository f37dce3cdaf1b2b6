import type { Translator } from '@/lib/translator';

/** The newsletter form's words from the UI texts (the footer's form and the pages' newsletter block). */
export function newsletterLabels(t: Translator) {
  return {
    emailLabel: t('footer.newsletter.emailLabel'),
    placeholder: t('footer.newsletter.placeholder'),
    subscribe: t('footer.newsletter.subscribe'),
    subscribing: t('footer.newsletter.subscribing'),
    success: t('footer.newsletter.success'),
    error: t('footer.newsletter.error'),
  };
}
