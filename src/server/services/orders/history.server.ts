/**
 * GET /api/orders/history: the signed-in customer's orders, newest first, one page at a time.
 * Three queries whatever the page size: the count, the page of orders, their items.
 */
import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { orderItems, orders } from '@/server/db/schema/index';
import { loadShopBasics } from '../request-context';
import {
  ENGLISH_HISTORY_TEXTS,
  type HistoryPagination,
  type HistoryTexts,
  historyPage,
  type OrderItemRow,
  type OrderJson,
  toOrderJson,
} from './history';

/** The columns of `orders` an order's JSON needs (history.ts OrderRow). */
export const ORDER_COLUMNS = {
  id: orders.id,
  orderNr: orders.orderNr,
  status: orders.status,
  paymentMethod: orders.paymentMethod,
  name: orders.name,
  surname: orders.surname,
  email: orders.email,
  phone: orders.phone,
  countryName: orders.countryName,
  city: orders.city,
  address: orders.address,
  postCode: orders.postCode,
  currency: orders.currency,
  currencyRate: orders.currencyRate,
  cartTotalCents: orders.cartTotalCents,
  deliveryCostCents: orders.deliveryCostCents,
  discountCents: orders.discountCents,
  vatCents: orders.vatCents,
  vatPercent: orders.vatPercent,
  vatScheme: orders.vatScheme,
  buyerVatId: orders.buyerVatId,
  deliveryVatPercent: orders.deliveryVatPercent,
  deliveryVatCents: orders.deliveryVatCents,
  convertedFinalCents: orders.convertedFinalCents,
  convertedCartTotalCents: orders.convertedCartTotalCents,
  convertedDeliveryCents: orders.convertedDeliveryCents,
  convertedDiscountCents: orders.convertedDiscountCents,
  convertedVatCents: orders.convertedVatCents,
  promoCode: orders.promoCode,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
};

/** The columns of `order_items` an order's JSON needs (history.ts OrderItemRow). */
export const ITEM_COLUMNS = {
  id: orderItems.id,
  orderId: orderItems.orderId,
  productId: orderItems.productId,
  variationId: orderItems.variationId,
  sku: orderItems.sku,
  name: orderItems.name,
  categoryName: orderItems.categoryName,
  imageUrl: orderItems.imageUrl,
  priceCents: orderItems.priceCents,
  convertedPriceCents: orderItems.convertedPriceCents,
  quantity: orderItems.quantity,
  variationAttributes: orderItems.variationAttributes,
  vatPercent: orderItems.vatPercent,
  vatCents: orderItems.vatCents,
};

export interface OrderHistoryPage {
  orders: OrderJson[];
  pagination: HistoryPagination;
}

export async function listOrderHistory(
  db: Db,
  userId: number,
  options: { page: number; perPage: number; texts?: HistoryTexts },
): Promise<OrderHistoryPage> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(orders).where(eq(orders.userId, userId));
  const { offset, ...pagination } = historyPage(Number(total), options.page, options.perPage);
  if (pagination.from === null) return { orders: [], pagination };

  const rows = await db
    .select(ORDER_COLUMNS)
    .from(orders)
    .where(eq(orders.userId, userId))
    // id breaks ties so that pages never overlap or skip an order created in the same instant.
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(options.perPage)
    .offset(offset);

  const ids = rows.map((r) => r.id);
  const items: OrderItemRow[] = ids.length
    ? await db.select(ITEM_COLUMNS).from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id))
    : [];
  const byOrder = new Map<number, OrderItemRow[]>();
  for (const item of items) {
    const list = byOrder.get(item.orderId);
    if (list) list.push(item);
    else byOrder.set(item.orderId, [item]);
  }
  const { currencies } = await loadShopBasics(db);
  const symbols = new Map(currencies.map((c) => [c.code, c.symbol]));
  const texts = options.texts ?? ENGLISH_HISTORY_TEXTS;
  return {
    orders: rows.map((row) =>
      toOrderJson(row, byOrder.get(row.id) ?? [], { currencySymbol: symbols.get(row.currency) ?? row.currency, texts }),
    ),
    pagination,
  };
}
