import { describe, expect, it } from 'vitest';
import { fallbackItem, historyPage, type OrderItemRow, type OrderRow, toOrderJson } from './history';

const order: OrderRow = {
  id: 7,
  orderNr: 'GS-2026-1007',
  status: 'Pending',
  paymentMethod: 'phone',
  name: 'Alex',
  surname: 'Demo',
  email: 'demo@example.com',
  phone: '+4930901820',
  countryName: 'Germany',
  city: 'Berlin',
  address: 'Friedrichstraße 123',
  postCode: '10117',
  currency: 'USD',
  currencyRate: '1.085',
  cartTotalCents: 10_005,
  deliveryCostCents: 499,
  discountCents: 1000,
  vatCents: 1583,
  vatPercent: '20.00',
  vatScheme: 'home',
  buyerVatId: null,
  deliveryVatPercent: null,
  deliveryVatCents: null,
  convertedFinalCents: 10_313,
  promoCode: 'SAVE10',
  createdAt: new Date('2026-03-07T10:00:00Z'),
  paidAt: null,
};

const item = (over: Partial<OrderItemRow> = {}): OrderItemRow => ({
  id: 1,
  orderId: 7,
  productId: 11,
  variationId: null,
  sku: 'TENT-1',
  name: 'Dome tent',
  categoryName: 'Tents',
  imageUrl: '/img/tent.webp',
  priceCents: 4999,
  quantity: 2,
  variationAttributes: [{ id: 3, name: 'Green', attribute_group: { name: 'Colour' } }],
  vatPercent: null,
  vatCents: null,
  ...over,
});

describe('toOrderJson', () => {
  it('gives every field of spec §3 in the order currency at the stored rate', () => {
    const json = toOrderJson(order, [item()], { currencySymbol: '$' });
    expect(json).toMatchObject({
      id: 7,
      order_nr: 'GS-2026-1007',
      created_at: '2026-03-07T10:00:00.000Z',
      status: 'Pending',
      payment_method: 'phone',
      // the stored charged amount, not a re-conversion
      amount: 103.13,
      currency: 'USD',
      currency_symbol: '$',
      // 100.05 × 1.085 = 108.55425 → 108.55
      sum: 108.55,
      order_price: 108.55,
      // 4.99 × 1.085 = 5.41415 → 5.41
      delivery: 5.41,
      // 10 × 1.085 = 10.85
      promo_discount: 10.85,
      promo_code: 'SAVE10',
      // 15.83 × 1.085 = 17.17555 → 17.18
      vat: 17.18,
      vat_percent: 20,
      total_amount: 103.13,
      image_url: '/img/tent.webp',
      name: 'Dome tent',
      can_complete: true,
      can_pay_now: false,
      delivery_address: {
        name: 'Alex',
        surname: 'Demo',
        email: 'demo@example.com',
        phone: '+4930901820',
        country: 'Germany',
        city: 'Berlin',
        address: 'Friedrichstraße 123',
        post_code: '10117',
      },
    });
    expect(json.items).toEqual([
      {
        id: 1,
        product_id: 11,
        variation_id: null,
        sku: 'TENT-1',
        quantity: 2,
        // 49.99 × 1.085 = 54.23915 → 54.24
        price: 54.24,
        total: 108.48,
        image_url: '/img/tent.webp',
        name: 'Dome tent',
        category: { name: 'Tents' },
        variation_attributes: [{ id: 3, name: 'Green', attribute_group: { name: 'Colour' } }],
        vat_percent: null,
        vat: null,
      },
    ]);
    // An order from before per-line VAT: its one rate.
    expect(json.vat_rates).toEqual([{ rate: 20, vat: 17.18 }]);
  });

  it("adds the lines' and the delivery's VAT up by rate, shared in the order currency so the rates sum to vat", () => {
    const mixed = {
      ...order,
      vatCents: 1_000 + 327,
      vatPercent: '19.00',
      deliveryVatPercent: '19.00',
      deliveryVatCents: 80,
    };
    const json = toOrderJson(mixed, [
      item({ vatPercent: '19.00', vatCents: 920 }),
      item({ id: 2, vatPercent: '7.00', vatCents: 327 }),
    ]);
    expect(json.vat_rates).toEqual([
      { rate: 19, vat: 10.85 },
      { rate: 7, vat: 3.55 },
    ]);
    expect(json.vat_rates[0]!.vat + json.vat_rates[1]!.vat).toBeCloseTo(json.vat, 10);
    expect(json.items.map((i) => [i.vat_percent, i.vat])).toEqual([
      [19, 9.98],
      [7, 3.55],
    ]);
  });

  it('gives an order without items the fallback item (quantity 1, price = sum, category Product, Unnamed Product)', () => {
    const json = toOrderJson({ ...order, currency: 'EUR', currencyRate: '1' }, []);
    expect(json.name).toBe('Unnamed Product');
    expect(json.image_url).toBeNull();
    expect(json.items).toEqual([
      {
        id: 7,
        product_id: null,
        variation_id: null,
        sku: null,
        quantity: 1,
        price: 100.05,
        total: 100.05,
        image_url: null,
        name: 'Unnamed Product',
        category: { name: 'Product' },
        variation_attributes: [],
        vat_percent: null,
        vat: null,
      },
    ]);
  });

  it('names blank items and categories with the (translated) fallbacks', () => {
    const texts = { unnamedProduct: 'Unbenanntes Produkt', fallbackCategory: 'Produkt' };
    const json = toOrderJson(order, [item({ name: '  ', categoryName: null })], { texts });
    expect(json.items[0]).toMatchObject({ name: 'Unbenanntes Produkt', category: { name: 'Produkt' } });
    expect(json.name).toBe('Unbenanntes Produkt');
  });

  it('shows delivery as null when it could not be priced, and Complete only for Pending phone orders', () => {
    expect(toOrderJson({ ...order, deliveryCostCents: null }, [item()]).delivery).toBeNull();
    expect(toOrderJson({ ...order, paymentMethod: 'card' }, [item()]).can_complete).toBe(false);
    expect(toOrderJson({ ...order, paymentMethod: 'card' }, [item()]).can_pay_now).toBe(true);
    expect(toOrderJson({ ...order, paymentMethod: 'card', status: 'Cancelled' }, [item()]).can_pay_now).toBe(false);
    expect(toOrderJson({ ...order, status: 'Success' }, [item()]).can_complete).toBe(false);
  });
});

describe('fallbackItem', () => {
  it('keeps a given name and image', () => {
    expect(fallbackItem({ id: 1, sum: 9.5, name: 'Gift card', image_url: '/g.png' })).toMatchObject({
      name: 'Gift card',
      price: 9.5,
      quantity: 1,
      image_url: '/g.png',
      category: { name: 'Product' },
    });
  });
});

describe('historyPage', () => {
  it('clamps the page and reports the range', () => {
    expect(historyPage(6, 1, 5)).toEqual({
      total: 6,
      last_page: 2,
      from: 1,
      to: 5,
      current_page: 1,
      per_page: 5,
      offset: 0,
    });
    expect(historyPage(6, 2, 5)).toEqual({
      total: 6,
      last_page: 2,
      from: 6,
      to: 6,
      current_page: 2,
      per_page: 5,
      offset: 5,
    });
    expect(historyPage(6, 9, 5)).toMatchObject({ current_page: 2, offset: 5 });
    expect(historyPage(6, 0, 5)).toMatchObject({ current_page: 1, offset: 0 });
    expect(historyPage(0, 3, 5)).toEqual({
      total: 0,
      last_page: 1,
      from: null,
      to: null,
      current_page: 1,
      per_page: 5,
      offset: 0,
    });
  });
});
