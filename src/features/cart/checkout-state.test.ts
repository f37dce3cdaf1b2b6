import { describe, expect, it } from 'vitest';
import { validateShipping } from './checkout-form';
import type { PromoCode } from './checkout-rules';
import {
  type CheckoutAction,
  checkoutReducer,
  type CheckoutState,
  firstInvalidFieldId,
  initialCheckoutState,
  invalidatesTotals,
  shippingErrorText,
} from './checkout-state';

const countries = [
  { id: 1, name: 'Germany', iso: 'DE' },
  { id: 2, name: 'France', iso: 'FR' },
];
const profile = {
  name: 'Hanna',
  surname: 'Berg',
  email: 'hanna@example.com',
  country: { id: 1, name: 'Germany' },
  city: 'Berlin',
  address: 'Invalidenstraße 1',
  post_code: '10117',
};
const promo: PromoCode = {
  id: 7,
  code: 'SUMMER10',
  description: '',
  discount_type: 'percent',
  discount_amount: 10,
  applies_to_delivery: false,
};
const texts = {
  required: 'This field is required',
  invalidEmail: 'Invalid email',
  invalidPhone: 'Invalid phone',
  countryNotSupported: 'Not supported',
  countryNotServed: 'Sorry, we do not sell to {{country}}. Please choose another country.',
  invalidVatId: 'Invalid VAT id',
};

const run = (state: CheckoutState, ...actions: CheckoutAction[]) => actions.reduce(checkoutReducer, state);

describe('checkout state (accounts spec §4)', () => {
  it('starts from the profile, card payment, nothing submitted', () => {
    const state = initialCheckoutState(profile, countries);
    expect(state.fields).toMatchObject({
      name: 'Hanna',
      email: 'hanna@example.com',
      countryId: '1',
      postCode: '10117',
    });
    expect(state).toMatchObject({
      touched: false,
      submitted: false,
      paymentMethod: 'card',
      promo: null,
      submitting: false,
      confirmOpen: false,
      phoneOrder: null,
    });
  });

  it('a saved country the shop no longer sells to is left unchosen, and the form says why until a country is chosen (issue 25)', () => {
    const spanish = { ...profile, country: { id: 9, name: 'Spain' } };
    const state = initialCheckoutState(spanish, countries);
    expect(state.fields.countryId).toBe('');
    expect(state.unservedCountry).toBe('Spain');
    expect(shippingErrorText('countryId', state, {}, texts)).toBe(
      'Sorry, we do not sell to Spain. Please choose another country.',
    );
    const chosen = run(state, { type: 'field', key: 'countryId', value: '2' });
    expect(chosen.unservedCountry).toBeNull();
    expect(shippingErrorText('countryId', chosen, {}, texts)).toBeUndefined();
    // The same from a late prefill; a served saved country is kept.
    expect(run(initialCheckoutState(null, countries), { type: 'prefill', profile: spanish })).toMatchObject({
      unservedCountry: 'Spain',
      fields: { countryId: '' },
    });
    expect(initialCheckoutState(profile, countries)).toMatchObject({
      unservedCountry: null,
      fields: { countryId: '1' },
    });
  });

  it('the phone is checked against every country, not only the served ones', () => {
    const withPhone = { ...profile, phone: '+34612345678', phoneCountryCode: 'ES', nationalNumber: '612345678' };
    const all = [...countries, { id: 9, name: 'Spain', iso: 'ES' }];
    const state = initialCheckoutState(withPhone, countries, 'phone', all);
    expect(state.phoneIsos).toEqual(['DE', 'FR', 'ES']);
    expect(state.fields.phone).toMatchObject({ phoneCountryCode: 'ES', isValid: true });
    expect(validateShipping(state.fields, state.phoneIsos).phone).toBeUndefined();
    expect(validateShipping(state.fields, ['DE', 'FR']).phone).toBe('country-not-supported');
  });

  it('a late profile prefill fills an untouched form and never overwrites what was typed', () => {
    const empty = initialCheckoutState(null, countries);
    expect(run(empty, { type: 'prefill', profile }).fields.name).toBe('Hanna');
    const typed = run(empty, { type: 'field', key: 'name', value: 'Jo' }, { type: 'prefill', profile });
    expect(typed.fields.name).toBe('Jo');
    expect(typed.fields.email).toBe('');
  });

  it('starts on the home country, also when the country list arrives late, unless the shopper chose already', () => {
    const home = { id: 2, iso: 'FR' };
    expect(initialCheckoutState(null, countries, 'phone', countries, home).fields.countryId).toBe('2');
    expect(initialCheckoutState(null, countries, 'phone', countries, { id: 9, iso: 'ES' }).fields.countryId).toBe('');
    const late = initialCheckoutState(null, null, 'phone', null, home);
    expect(late.fields.countryId).toBe('');
    expect(run(late, { type: 'countries', countries }).fields.countryId).toBe('2');
    expect(
      run(late, { type: 'field', key: 'countryId', value: '1' }, { type: 'countries', countries }).fields.countryId,
    ).toBe('1');
  });

  it('typing in a field clears that field’s server error only', () => {
    const state = run(
      initialCheckoutState(profile, countries),
      { type: 'server-errors', errors: { postCode: 'No delivery to this post code', city: 'Unknown city' } },
      { type: 'field', key: 'postCode', value: '10115' },
    );
    expect(state.serverErrors).toEqual({ city: 'Unknown city' });
    expect(state.touched).toBe(true);
  });

  it('server errors from the totals add to those shown; from the checkout they replace them', () => {
    const shown = run(initialCheckoutState(profile, countries), {
      type: 'server-errors',
      errors: { city: 'Unknown city' },
    });
    expect(run(shown, { type: 'server-errors', errors: { postCode: 'Bad' }, merge: true }).serverErrors).toEqual({
      city: 'Unknown city',
      postCode: 'Bad',
    });
    expect(run(shown, { type: 'server-errors', errors: { postCode: 'Bad' } }).serverErrors).toEqual({
      postCode: 'Bad',
    });
  });

  it('a promo check empties the field and applies the code only when the server accepted it', () => {
    const typed = run(
      initialCheckoutState(profile, countries),
      { type: 'promo-text', text: 'SUMMER10' },
      { type: 'promo-checking' },
    );
    expect(typed.promoChecking).toBe(true);
    expect(run(typed, { type: 'promo-checked', promo })).toMatchObject({ promo, promoText: '', promoChecking: false });
    expect(run(typed, { type: 'promo-checked', promo: null })).toMatchObject({
      promo: null,
      promoText: '',
      promoChecking: false,
    });
    expect(run(typed, { type: 'promo-checked', promo }, { type: 'promo-removed' }).promo).toBeNull();
  });

  it('placing closes the dialog and holds the form; a phone order opens its modal; a failure frees the form', () => {
    const confirming = run(initialCheckoutState(profile, countries), { type: 'confirm', open: true });
    const placing = run(confirming, { type: 'placing' });
    expect(placing).toMatchObject({ confirmOpen: false, submitting: true });
    const order = { order_nr: 'A-1001', amount: 36.97, currency: 'EUR' };
    expect(run(placing, { type: 'placed', phoneOrder: order })).toMatchObject({ submitting: false, phoneOrder: order });
    expect(run(placing, { type: 'place-failed' })).toMatchObject({ submitting: false, phoneOrder: null });
  });

  it('only country, post code, city and address make the totals stale', () => {
    expect((['countryId', 'postCode', 'city', 'address'] as const).every(invalidatesTotals)).toBe(true);
    expect((['name', 'surname', 'email', 'phone'] as const).some(invalidatesTotals)).toBe(false);
  });
});

describe('field messages (accounts spec §5 Checkout)', () => {
  const errors = validateShipping(initialCheckoutState(null, countries).fields, ['DE', 'FR']);

  it('show the form’s own problems only after a submit, and the server’s at once', () => {
    expect(shippingErrorText('name', { serverErrors: {}, submitted: false }, errors, texts)).toBeUndefined();
    expect(shippingErrorText('name', { serverErrors: {}, submitted: true }, errors, texts)).toBe(
      'This field is required',
    );
    expect(
      shippingErrorText('postCode', { serverErrors: { postCode: 'No delivery' }, submitted: false }, errors, texts),
    ).toBe('No delivery');
    expect(shippingErrorText('email', { serverErrors: {}, submitted: true }, { email: 'email' }, texts)).toBe(
      'Invalid email',
    );
    expect(
      shippingErrorText(
        'countryId',
        { serverErrors: {}, submitted: true },
        { countryId: 'country-not-supported' },
        texts,
      ),
    ).toBe('Not supported');
  });

  it('focus goes to the first field with a problem in form order', () => {
    expect(firstInvalidFieldId({ city: 'required', surname: 'required' })).toBe('checkout-surname');
    expect(firstInvalidFieldId({ phone: 'phone', postCode: 'required' })).toBe('checkout-phone');
    expect(firstInvalidFieldId({})).toBeNull();
  });
});
