import { describe, expect, it } from 'vitest';
import { accountRoutes } from './accounts';
import { purchasingRoutes } from './purchasing';

/** Field → messages of a refused body (the document's schemas carry message keys). */
function problems(
  schema: {
    safeParse(body: unknown): { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } };
  },
  body: unknown,
) {
  const out: Record<string, string[]> = {};
  for (const issue of schema.safeParse(body).error?.issues ?? [])
    (out[String(issue.path[0])] ??= []).push(issue.message);
  return out;
}

// The bodies the routes used to check by hand are declared with the schemas they check with now,
// so the document refuses what the server refuses.
describe("declared request bodies carry the routes' checks", () => {
  it('change password: blank counts as missing, the new one follows the rule, the repeat must match', () => {
    const body = accountRoutes.changePassword.body!;
    expect(problems(body, { cur_password: '  ', new_password: 'short', repeat_password: 'other' })).toEqual({
      cur_password: ['validation.passwordRequired'],
      new_password: ['validation.passwordLength'],
      repeat_password: ['validation.passwordsMismatch'],
    });
    expect(problems(body, { cur_password: 'x', new_password: 'Abcdefg1', repeat_password: 'Abcdefg1' })).toEqual({});
  });

  it('register and reset: the confirmation is required and must equal the password', () => {
    expect(
      problems(accountRoutes.register.body!, { password: 'Abcdefg1', passConfirm: 'Abcdefg2' }).passConfirm,
    ).toEqual(['validation.passwordsMismatch']);
    expect(problems(accountRoutes.reset.body!, { password: 'Abcdefg1' }).password_confirmation).toEqual([
      'validation.passwordRequired',
    ]);
  });

  it('review: a whole rating 1-5 and at most 2000 characters of text after trimming, one message a field', () => {
    const body = accountRoutes.addReview.body!;
    expect(problems(body, { rating: 0.5, text: `  ${'x'.repeat(2001)}  ` })).toEqual({
      rating: ['product.reviews.ratingInvalid'],
      text: ['product.reviews.textTooLong'],
    });
    expect(problems(body, { rating: ' 5 ', text: ` ${'x'.repeat(2000)} ` })).toEqual({});
    expect(problems(body, { rating: 3 })).toEqual({});
  });

  it('top-up: an amount of whole cents, as a number or its text', () => {
    const body = purchasingRoutes.topUp.body!;
    expect(Object.keys(problems(body, { amount: 10.005 }))).toEqual(['amount']);
    expect(Object.keys(problems(body, { amount: 'ten' }))).toEqual(['amount']);
    expect(Object.keys(problems(body, { amount: true }))).toEqual(['amount']);
    expect(problems(body, { amount: '12.50' })).toEqual({});
  });
});
