import { describe, expect, it } from 'vitest';
import {
  addressComplete,
  checkoutPayload,
  EMPTY_SHIPPING,
  serverFieldErrors,
  shippingFromProfile,
  shippingPayload,
  type ShippingFields,
  totalsPayload,
  validateShipping,
} from './checkout-form';

const countries = [
  { id: 1, name: 'Germany', iso: 'DE' },
  { id: 2, name: 'France', iso: 'FR' },
];
const isos = countries.map((c) => c.iso);
const filled: ShippingFields = {
  name: 'Hanna',
  surname: 'Berg',
  email: 'hanna@example.com',
  phone: { phone: '+4915123456789', phoneCountryCode: 'DE', nationalNumber: '15123456789', isValid: true },
  countryId: '1',
  city: 'Berlin',
  address: 'Invalidenstraße 1',
  postCode: '10117',
  vatId: '',
};

describe('checkout prefill (spec §4)', () => {
  it('takes name, surname, email, country, city, address, postCode and phone from the profile', () => {
    const fields = shippingFromProfile(
      {
        name: 'Hanna',
        surname: 'Berg',
        email: 'hanna@example.com',
        phone: '+4915123456789',
        phoneCountryCode: 'de',
        nationalNumber: '15123456789',
        country: { id: 1, name: 'Germany' },
        city: 'Berlin',
        address: 'Invalidenstraße 1',
        post_code: '10117',
      },
      isos,
    );
    expect(fields).toEqual(filled);
    expect(shippingFromProfile(null, isos)).toEqual(EMPTY_SHIPPING);
    expect(shippingFromProfile({ name: 'A', country: null, city: null }, isos)).toMatchObject({
      name: 'A',
      countryId: '',
      city: '',
      phone: null,
    });
  });

  it("starts on the given country (the shop's home country, issue 25) when the profile has none, never over a saved one", () => {
    expect(shippingFromProfile(null, isos, '2')).toEqual({ ...EMPTY_SHIPPING, countryId: '2' });
    expect(shippingFromProfile({ name: 'A', country: null }, isos, '2').countryId).toBe('2');
    expect(shippingFromProfile({ name: 'A', country: { id: 1, name: 'Germany' } }, isos, '2').countryId).toBe('1');
  });
});

describe('checkout validation (spec §5)', () => {
  it('a complete form is valid', () => {
    expect(validateShipping(filled, isos)).toEqual({});
  });
  it('required after trimming; basic email pattern; phone per the parser; country chosen', () => {
    expect(validateShipping({ ...EMPTY_SHIPPING }, isos)).toEqual({
      name: 'required',
      surname: 'required',
      email: 'required',
      phone: 'required',
      countryId: 'required',
      city: 'required',
      address: 'required',
      postCode: 'required',
    });
    expect(validateShipping({ ...filled, name: '   ', city: ' ' }, isos)).toEqual({
      name: 'required',
      city: 'required',
    });
    expect(validateShipping({ ...filled, email: 'a b@c.de' }, isos).email).toBe('email');
    expect(validateShipping({ ...filled, email: 'a@b' }, isos).email).toBe('email');
    expect(
      validateShipping(
        { ...filled, phone: { phone: '+49 1', phoneCountryCode: 'DE', nationalNumber: '1', isValid: false } },
        isos,
      ).phone,
    ).toBe('phone');
    expect(
      validateShipping(
        {
          ...filled,
          phone: { phone: '+12025550123', phoneCountryCode: 'US', nationalNumber: '2025550123', isValid: true },
        },
        isos,
      ).phone,
    ).toBe('country-not-supported');
  });
  it('address complete needs country, city, address and post code', () => {
    expect(addressComplete(filled)).toBe(true);
    expect(addressComplete({ ...filled, postCode: ' ' })).toBe(false);
    expect(addressComplete({ ...filled, countryId: '' })).toBe(false);
  });
});

describe('payloads (spec §3 Shipping payload, §7)', () => {
  it('totals: shipping fields with the country name, the promo and cart_items', () => {
    const body = totalsPayload({ ...filled, city: ' Berlin ' }, countries, 'SAVE10', [
      { count: 2, item: { sku: 'A-1', name: 'x', image_url: '', price: 1, categories: [], variation_attributes: [] } },
    ]);
    expect(body).toEqual({
      name: 'Hanna',
      surname: 'Berg',
      email: 'hanna@example.com',
      country: 'Germany',
      city: 'Berlin',
      address: 'Invalidenstraße 1',
      postCode: '10117',
      phone: '+4915123456789',
      phoneCountryCode: 'DE',
      nationalNumber: '15123456789',
      promoCode: 'SAVE10',
      vat_id: null,
      cart_items: [{ item: { sku: 'A-1' }, count: 2 }],
    });
  });
  it('checkout: payment method and the total the shopper saw; blank promo is null', () => {
    expect(checkoutPayload(filled, countries, ' ', 'phone', 54.99)).toMatchObject({
      promoCode: null,
      payment_method: 'phone',
      expected_total: 54.99,
    });
  });
  it('server field names map onto the form', () => {
    expect(
      serverFieldErrors({
        postCode: 'Invalid postcode',
        country: 'Unknown',
        nationalNumber: 'Bad phone',
        promoCode: 'x',
      }),
    ).toEqual({
      postCode: 'Invalid postcode',
      countryId: 'Unknown',
      phone: 'Bad phone',
    });
  });
});

describe('the company VAT id (ADR 030)', () => {
  it("is optional, checked with the server's rule, and sent as vat_id (null when empty)", () => {
    expect(validateShipping(filled, isos).vatId).toBeUndefined();
    expect(validateShipping({ ...filled, vatId: 'DE12345' }, isos).vatId).toBe('vat-id');
    expect(validateShipping({ ...filled, vatId: ' fr 40 303 265 045 ' }, isos).vatId).toBeUndefined();
    expect(shippingPayload(filled, countries, null).vat_id).toBeNull();
    expect(shippingPayload({ ...filled, vatId: ' FR40303265045 ' }, countries, null).vat_id).toBe('FR40303265045');
    expect(serverFieldErrors({ vat_id: 'Please enter a valid EU VAT number' })).toEqual({
      vatId: 'Please enter a valid EU VAT number',
    });
  });
});
