/**
 * Translated texts the /cart island gets as props (islands carry no translator), built by the
 * page from the request's translator. Pure. Slots like {{name}} are filled in the island.
 */
import { slot } from '@/lib/rules/placeholders';
import type { Translator } from '@/lib/translator';
import type { PhoneInputMessages } from '../account/PhoneInput';
import { phoneInputMessages } from '../account/account-texts';
import { DEFAULT_PHONE_ORDER_EXPIRY_HOURS, type PhonePaymentTexts, phonePaymentTexts } from '../orders/orders-texts';
import type { CartTexts } from './cart-store';

export interface CartPageTexts {
  store: CartTexts;
  title: string;
  lines: string;
  /** "Cart updated: {{count}} items, {{total}}." for screen readers after a change. */
  announce: string;
  empty: string;
  continueShopping: string;
  signInPrompt: string;
  signIn: string;
  loading: string;
  tryAgain: string;
  loadFailed: string;
  quantity: string;
  /** "Quantity of {{name}}" */
  quantityOf: string;
  decrease: string;
  increase: string;
  linePrice: string;
  category: string;
  remove: string;
  /** "Remove {{name}}" */
  removeItem: string;
  unavailableTitle: string;
  unavailableText: string;
  checkout: string;
  backToCart: string;
  checkoutTitle: string;
  shipping: {
    title: string;
    name: string;
    surname: string;
    email: string;
    phone: string;
    country: string;
    selectCountry: string;
    city: string;
    address: string;
    postCode: string;
    required: string;
    invalidEmail: string;
    invalidPhone: string;
    countryNotSupported: string;
    /** "Sorry, we do not sell to {{country}}. …": a saved address in a country no longer served. */
    countryNotServed: string;
    /** The optional company VAT id field (ADR 030). */
    vatId: string;
    vatIdHint: string;
    invalidVatId: string;
    incomplete: string;
    fillRequired: string;
    countriesError: string;
    phoneInput: PhoneInputMessages;
  };
  payment: { title: string; card: string; phone: string };
  summary: {
    title: string;
    items: string;
    subtotal: string;
    delivery: string;
    discount: string;
    /** "incl. {{rate}} VAT", one row per rate; rate by formatPercent */
    vat: string;
    /** Notes under the VAT of an export and of a reverse charge (ADR 030). */
    vatExport: string;
    vatReverseCharge: string;
    total: string;
    /** "Total now {{amount}}." announced after each calculation. */
    announce: string;
    notAvailable: string;
    pending: string;
    wait: string;
    deliveryUnavailable: string;
  };
  promo: {
    label: string;
    placeholder: string;
    apply: string;
    remove: string;
    /** "Active promo code: {{code}}" */
    active: string;
    applied: string;
    completeAddress: string;
    validateFailed: string;
    applyFailed: string;
    removeFailed: string;
  };
  button: {
    completeForm: string;
    processing: string;
    calculateShipping: string;
    placeOrder: string;
    placeOrderDeliveryNA: string;
  };
  confirm: { title: string; text: string; yes: string; no: string };
  totalsError: string;
  totalsErrorSentence: string;
  totalsFailed: string;
  addressInvalid: string;
  addressError: string;
  checkoutError: string;
  noStock: string;
  phonePayment: PhonePaymentTexts;
}

export function cartPageTexts(t: Translator, phoneExpiryHours = DEFAULT_PHONE_ORDER_EXPIRY_HOURS): CartPageTexts {
  return {
    store: {
      fetchFailed: t('cart.error.fetch'),
      addFailed: t('cart.error.add'),
      added: t('cart.added'),
      signInToAdd: t('product.signInToAdd'),
      quantityFailed: t('cart.error.quantity'),
      removeFailed: t('cart.error.remove'),
      removed: t('cart.removed'),
      clearFailed: t('cart.error.clear'),
    },
    title: t('cart.title'),
    lines: t('cart.lines'),
    announce: t('cart.announce', { count: slot('count'), total: slot('total') }),
    empty: t('cart.empty'),
    continueShopping: t('cart.continueShopping'),
    signInPrompt: t('cart.signInPrompt'),
    signIn: t('cart.signIn'),
    loading: t('cart.loading'),
    tryAgain: t('cart.tryAgain'),
    loadFailed: t('cart.error.load'),
    quantity: t('cart.quantity'),
    quantityOf: t('cart.quantityOf', { name: slot('name') }),
    decrease: t('cart.decrease'),
    increase: t('cart.increase'),
    linePrice: t('cart.linePrice'),
    category: t('product.category'),
    remove: t('cart.remove'),
    removeItem: t('cart.removeItem', { name: slot('name') }),
    unavailableTitle: t('cart.unavailable.title'),
    unavailableText: t('cart.unavailable.text'),
    checkout: t('cart.checkout'),
    backToCart: t('cart.backToCart'),
    checkoutTitle: t('checkout.title'),
    shipping: {
      title: t('checkout.shipping.title'),
      name: t('checkout.shipping.name'),
      surname: t('checkout.shipping.surname'),
      email: t('checkout.shipping.email'),
      phone: t('checkout.shipping.phone'),
      country: t('checkout.shipping.country'),
      selectCountry: t('checkout.shipping.selectCountry'),
      city: t('checkout.shipping.city'),
      address: t('checkout.shipping.address'),
      postCode: t('checkout.shipping.postCode'),
      required: t('validation.required'),
      invalidEmail: t('validation.invalidEmail'),
      invalidPhone: t('validation.invalidPhone'),
      countryNotSupported: t('validation.countryNotSupported'),
      countryNotServed: t('checkout.shipping.countryNotServed', { country: slot('country') }),
      vatId: t('checkout.shipping.vatId'),
      vatIdHint: t('checkout.shipping.vatIdHint'),
      invalidVatId: t('validation.vatId'),
      incomplete: t('validation.shippingInfo'),
      fillRequired: t('validation.fillRequired'),
      countriesError: t('errors.countries'),
      phoneInput: phoneInputMessages(t),
    },
    payment: {
      title: t('checkout.paymentMethod.title'),
      card: t('checkout.paymentMethod.card'),
      phone: t('checkout.paymentMethod.phone'),
    },
    summary: {
      title: t('checkout.summary.title'),
      items: t('checkout.summary.items'),
      subtotal: t('checkout.summary.subtotal'),
      delivery: t('checkout.summary.delivery'),
      discount: t('checkout.summary.discount'),
      vat: t('checkout.summary.vat', { rate: slot('rate') }),
      vatExport: t('checkout.summary.vatExport'),
      vatReverseCharge: t('checkout.summary.vatReverseCharge'),
      total: t('checkout.summary.total'),
      announce: t('checkout.summary.announce', { amount: slot('amount') }),
      notAvailable: t('common.notAvailable'),
      pending: t('checkout.summary.pending'),
      wait: t('checkout.totals.wait'),
      deliveryUnavailable: t('checkout.delivery.unavailable'),
    },
    promo: {
      label: t('checkout.promo.label'),
      placeholder: t('checkout.promo.placeholder'),
      apply: t('checkout.promo.apply'),
      remove: t('checkout.promo.remove'),
      active: t('checkout.promo.active', { code: slot('code') }),
      applied: t('checkout.promo.applied'),
      completeAddress: t('checkout.promo.completeAddress'),
      validateFailed: t('checkout.promo.error.validate'),
      applyFailed: t('checkout.promo.error.apply'),
      removeFailed: t('checkout.promo.error.remove'),
    },
    button: {
      completeForm: t('checkout.button.completeForm'),
      processing: t('checkout.button.processing'),
      calculateShipping: t('checkout.button.calculateShipping'),
      placeOrder: t('checkout.button.placeOrder'),
      placeOrderDeliveryNA: t('checkout.button.placeOrderDeliveryNA'),
    },
    confirm: {
      title: t('checkout.confirm.title'),
      text: t('checkout.confirm.text'),
      yes: t('checkout.confirm.yes'),
      no: t('checkout.confirm.no'),
    },
    totalsError: t('checkout.totals.error'),
    totalsErrorSentence: t('checkout.totals.errorSentence'),
    totalsFailed: t('checkout.totals.failed'),
    addressInvalid: t('checkout.address.invalid'),
    addressError: t('checkout.address.error'),
    checkoutError: t('checkout.error.generic'),
    noStock: t('checkout.error.noStock'),
    phonePayment: phonePaymentTexts(t, phoneExpiryHours),
  };
}
