import '@/stores/bootstrap';
import { formatNumber } from '@/lib/money';
import '../account/auth-store';
import { useState } from 'react';
import { ApiError, handledByClient } from '@/lib/api-client';
import { api } from '@/stores/api';
import { showToast } from '@/stores/toasts';
import type { ReviewJson, ReviewSummary } from '@/lib/contract/accounts';
import { RATING_MAX, REVIEW_TEXT_MAX, reviewProblems } from '@/lib/rules/review';
import { starsOf } from './reviews';
import { fill } from '@/lib/rules/placeholders';

export interface ReviewFormTexts {
  write: string;
  ratingLabel: string;
  /** "{{count}} of 5 stars" */
  stars: string;
  textLabel: string;
  /** "Characters left: {{count}}" */
  charsLeft: string;
  submit: string;
  submitting: string;
  thanks: string;
  failed: string;
  ratingInvalid: string;
  textTooLong: string;
  /** "by {{author}}" */
  by: string;
  /** "Average rating: {{rating}} out of 5" */
  average: string;
  /** "Reviews: {{count}}" */
  count: string;
}

interface Props {
  productId: number;
  texts: ReviewFormTexts;
  locale: string;
}

/**
 * The review form for a customer who bought the product and has not reviewed it yet (the page
 * decides). Posts POST /api/products/{id}/reviews and shows the saved (sanitised) review at once
 * with the new average.
 */
export default function ReviewForm({ productId, texts, locale }: Props) {
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; text?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<{ review: ReviewJson; summary: ReviewSummary | null } | null>(null);
  const left = REVIEW_TEXT_MAX - [...text.trim()].length;

  async function submit() {
    const problems = reviewProblems(rating, text);
    const next = {
      rating: problems.rating ? texts.ratingInvalid : undefined,
      text: problems.text ? fill(texts.textTooLong, { max: REVIEW_TEXT_MAX }) : undefined,
    };
    setErrors(next);
    if (next.rating || next.text || rating === null) return;
    setBusy(true);
    try {
      const reply = await api.post(
        `/products/${productId}/reviews`,
        { rating, text },
        { fallbackMessage: texts.failed },
      );
      setSaved({ review: reply.payload, summary: reply.summary });
      showToast(reply.message || texts.thanks, 'success');
    } catch (error) {
      if (handledByClient(error)) return;
      const message = error instanceof ApiError && error.message ? error.message : texts.failed;
      const fields = error instanceof ApiError ? error.errors : {};
      setErrors({
        rating: fields.rating?.[0],
        text: fields.text?.[0],
        form: fields.rating || fields.text ? undefined : message,
      });
    } finally {
      setBusy(false);
    }
  }

  if (saved) {
    const { review, summary } = saved;
    return (
      <div className="review-saved" role="status">
        <p className="review-thanks">{texts.thanks}</p>
        {summary && summary.average !== null && (
          <p className="review-new-summary">
            {fill(texts.average, { rating: formatNumber(summary.average, locale, 1) })} ·{' '}
            {fill(texts.count, { count: summary.count })}
          </p>
        )}
        <article className="review review-own">
          <p className="review-stars">
            <span aria-hidden="true">{starsOf(review.rating)}</span>
            <span className="visually-hidden">{fill(texts.stars, { count: review.rating })}</span>
          </p>
          <p className="review-meta">
            {fill(texts.by, { author: review.author })} · {new Date(review.created_at).toLocaleDateString(locale)}
          </p>
          {review.text && <p className="review-text" dangerouslySetInnerHTML={{ __html: review.text }} />}
        </article>
      </div>
    );
  }

  return (
    <form
      className="review-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h3>{texts.write}</h3>
      <fieldset className="rating-field" aria-describedby={errors.rating ? 'review-rating-error' : undefined}>
        <legend>{texts.ratingLabel}</legend>
        <div className="rating-options">
          {Array.from({ length: RATING_MAX }, (_, i) => i + 1).map((n) => (
            <label key={n} className={rating !== null && n <= rating ? 'on' : undefined}>
              <input type="radio" name="rating" value={n} checked={rating === n} onChange={() => setRating(n)} />
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">{fill(texts.stars, { count: n })}</span>
            </label>
          ))}
        </div>
        {errors.rating && (
          <p id="review-rating-error" className="field-error">
            {errors.rating}
          </p>
        )}
      </fieldset>
      <label className="review-text-label" htmlFor="review-text">
        {fill(texts.textLabel, { max: REVIEW_TEXT_MAX })}
      </label>
      <textarea
        id="review-text"
        className="input"
        name="text"
        rows={5}
        maxLength={REVIEW_TEXT_MAX}
        value={text}
        aria-invalid={errors.text ? true : undefined}
        aria-describedby="review-text-left"
        onChange={(e) => setText(e.currentTarget.value)}
      />
      <p id="review-text-left" className="review-left">
        {fill(texts.charsLeft, { count: Math.max(0, left) })}
      </p>
      {errors.text && <p className="field-error">{errors.text}</p>}
      {errors.form && (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      )}
      <button type="submit" className="button review-submit" disabled={busy} aria-busy={busy || undefined}>
        {busy ? texts.submitting : texts.submit}
      </button>
    </form>
  );
}
