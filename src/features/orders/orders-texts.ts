/**
 * Translated texts the orders islands and the phone payment modal get as props (islands carry
 * no translator), built by the page from the request's translator. Pure.
 */
import { slot } from '@/lib/rules/placeholders';
import type { Translator } from '@/lib/translator';

export interface PhonePaymentTexts {
  title: string;
  intro: string;
  usGlobal: string;
  ukEu: string;
  orderNumber: string;
  totalAmount: string;
  note: string;
  /** "An unpaid phone order expires after 72 hours." */
  expiry: string;
  copyPhone: string;
  copyOrderNumber: string;
  copy: string;
  viewOrders: string;
  signInForOrders: string;
  close: string;
  phoneCopied: string;
  orderCopied: string;
  copyFailed: string;
}

/** The server's PHONE_ORDER_EXPIRY_HOURS default; pages pass the configured value. */
export const DEFAULT_PHONE_ORDER_EXPIRY_HOURS = 72;

/** For every page that shows the modal (Orders tab, checkout). */
export function phonePaymentTexts(t: Translator, expiryHours = DEFAULT_PHONE_ORDER_EXPIRY_HOURS): PhonePaymentTexts {
  return {
    title: t('phonePayment.title'),
    intro: t('phonePayment.intro'),
    usGlobal: t('phonePayment.usGlobal'),
    ukEu: t('phonePayment.ukEu'),
    orderNumber: t('phonePayment.orderNumber'),
    totalAmount: t('phonePayment.totalAmount'),
    note: t('phonePayment.note'),
    expiry: t('phonePayment.expiry', { hours: expiryHours }),
    copyPhone: t('phonePayment.copyPhone'),
    copyOrderNumber: t('phonePayment.copyOrderNumber'),
    copy: t('common.copy'),
    viewOrders: t('phonePayment.viewOrders'),
    signInForOrders: t('phonePayment.signInForOrders'),
    close: t('phonePayment.close'),
    phoneCopied: t('clipboard.phoneCopied'),
    orderCopied: t('clipboard.orderCopied'),
    copyFailed: t('clipboard.error'),
  };
}

export interface OrdersTexts {
  list: string;
  loading: string;
  empty: string;
  /** "Order #{{number}}" with {{number}} in place of the number. */
  order: string;
  /** "Placed on {{date}}". */
  placedOn: string;
  items: string;
  quantity: string;
  /** "Qty: {{count}}". */
  quantityValue: string;
  itemPrice: string;
  status: string;
  statusLabels: {
    success: string;
    pending: string;
    error: string;
    failed: string;
    shipped: string;
    cancelled: string;
    refunded: string;
    unknown: string;
  };
  /** Link from a history card to its detail page. */
  viewDetails: string;
  delivery: string;
  promoDiscount: string;
  vat: string;
  orderPrice: string;
  totalAmount: string;
  deliveryAddress: string;
  paymentMethod: string;
  methods: { card: string; phone: string };
  notAvailable: string;
  complete: string;
  /** "Complete payment of order {{number}}" (accessible description of Complete). */
  completeFor: string;
  opening: string;
  paymentDetailsError: string;
  notPhoneOrder: string;
  reopenError: string;
  pagination: { label: string; previous: string; next: string; page: string; pageOf: string };
  phonePayment: PhonePaymentTexts;
  pendingOrder: PendingOrderTexts;
}

export function ordersTexts(t: Translator, expiryHours = DEFAULT_PHONE_ORDER_EXPIRY_HOURS): OrdersTexts {
  return {
    list: t('orders.list'),
    loading: t('orders.loadingOrders'),
    empty: t('orders.empty'),
    order: t('orders.order', { number: slot('number') }),
    placedOn: t('orders.placedOn', { date: slot('date') }),
    items: t('orders.items'),
    quantity: t('orders.quantity'),
    quantityValue: t('orders.quantityValue', { count: slot('count') }),
    itemPrice: t('orders.itemPrice'),
    status: t('orders.status'),
    statusLabels: {
      success: t('orders.statusLabel.success'),
      pending: t('orders.statusLabel.pending'),
      error: t('orders.statusLabel.error'),
      failed: t('orders.statusLabel.failed'),
      shipped: t('orders.statusLabel.shipped'),
      cancelled: t('orders.statusLabel.cancelled'),
      refunded: t('orders.statusLabel.refunded'),
      unknown: t('orders.statusLabel.unknown'),
    },
    viewDetails: t('orders.viewDetails'),
    delivery: t('orders.delivery'),
    promoDiscount: t('orders.promoDiscount'),
    vat: t('orders.vat'),
    orderPrice: t('orders.orderPrice'),
    totalAmount: t('orders.totalAmount'),
    deliveryAddress: t('orders.deliveryAddress'),
    paymentMethod: t('orders.paymentMethod'),
    methods: { card: t('orders.method.card'), phone: t('orders.method.phone') },
    notAvailable: t('common.notAvailable'),
    complete: t('orders.complete'),
    completeFor: t('orders.completeFor', { number: slot('number') }),
    opening: t('orders.opening'),
    paymentDetailsError: t('orders.error.paymentDetails'),
    notPhoneOrder: t('orders.error.notPhoneOrder'),
    reopenError: t('orders.error.reopen'),
    pagination: {
      label: t('pagination.label'),
      previous: t('pagination.previous'),
      next: t('pagination.next'),
      page: t('pagination.page', { page: slot('page') }),
      pageOf: t('pagination.pageOf', { page: slot('page'), total: slot('total') }),
    },
    phonePayment: phonePaymentTexts(t, expiryHours),
    pendingOrder: pendingOrderTexts(t),
  };
}

/** Pay now / Cancel of a pending card order (history, order page, cart, unpaid-orders page). */
export interface PendingOrderTexts {
  payNow: string;
  /** "Pay order {{number}} now" */
  payNowFor: string;
  cancel: string;
  /** "Cancel order {{number}} and put its items back into the cart" */
  cancelFor: string;
  opening: string;
  cancelling: string;
  /** "Order {{number}} was cancelled. …" */
  cancelled: string;
  notPending: string;
  failed: string;
}

export function pendingOrderTexts(t: Translator): PendingOrderTexts {
  return {
    payNow: t('pendingOrder.payNow'),
    payNowFor: t('pendingOrder.payNowFor', { number: slot('number') }),
    cancel: t('pendingOrder.cancel'),
    cancelFor: t('pendingOrder.cancelFor', { number: slot('number') }),
    opening: t('pendingOrder.opening'),
    cancelling: t('pendingOrder.cancelling'),
    cancelled: t('pendingOrder.cancelled', { number: slot('number') }),
    notPending: t('pendingOrder.notPending'),
    failed: t('pendingOrder.failed'),
  };
}
