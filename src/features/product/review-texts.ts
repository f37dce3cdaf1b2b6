import type { Translator } from '@/server/i18n/index';
import type { ReviewFormTexts } from './ReviewForm';

/**
 * The review form's words (storefront §2 ProductDetailsPage, reviews), resolved on the server:
 * `{{count}}`, `{{max}}`, `{{author}}` and `{{rating}}` stay placeholders the island fills.
 */
export function reviewFormTexts(t: Translator): ReviewFormTexts {
  return {
    write: t('product.reviews.write'),
    ratingLabel: t('product.reviews.ratingLabel'),
    stars: t('product.reviews.stars', { count: '{{count}}' }),
    textLabel: t('product.reviews.textLabel', { max: '{{max}}' }),
    charsLeft: t('product.reviews.charsLeft', { count: '{{count}}' }),
    submit: t('product.reviews.submit'),
    submitting: t('product.reviews.submitting'),
    thanks: t('product.reviews.thanks'),
    failed: t('product.reviews.failed'),
    ratingInvalid: t('product.reviews.ratingInvalid'),
    textTooLong: t('product.reviews.textTooLong', { max: '{{max}}' }),
    by: t('product.reviews.by', { author: '{{author}}' }),
    average: t('product.reviews.average', { rating: '{{rating}}' }),
    count: t('product.reviews.count', { count: '{{count}}' }),
  };
}
