/** Static page slug rules (ADR 013): lowercase letters, digits and single hyphens, at least one letter. */
export const SLUG_MAX = 96;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const SLUG_FORMAT_MESSAGE =
  'The slug may contain only lowercase letters, digits and single hyphens, e.g. shipping-and-delivery.';
// A slug of digits only would be read as a page id by /static-page/{id or slug}.
export const SLUG_LETTER_MESSAGE = 'The slug must contain at least one letter.';

/** The problem with a slug, or null when it follows the rules. */
export function slugProblem(slug: string): string | null {
  if (slug.length === 0) return 'The slug is required.';
  if (slug.length > SLUG_MAX) return `The slug may have at most ${SLUG_MAX} characters.`;
  if (!SLUG.test(slug)) return SLUG_FORMAT_MESSAGE;
  if (!/[a-z]/.test(slug)) return SLUG_LETTER_MESSAGE;
  return null;
}

/** A suggestion from a title: "Shipping & Delivery" → "shipping-delivery". */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
}
