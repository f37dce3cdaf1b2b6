/**
 * Customers who shop through the in-process API for the checkout tests: a verified customer with
 * one or more signed-in sessions (each from its own address, as separate devices would be), and
 * the small reads those tests check (stock, orders, cart lines).
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { createApi } from '@/server/api/app';
import type { Db } from '@/server/db/client';
import { cartItems, orders, products } from '@/server/db/schema/index';
import { berlinShipping } from './fixture-commerce';
import { type ApiSession, createApiSession, createUser } from './session';

export const TEST_CARD = { expiry: '12/30', cvc: '123', holder: 'Kim Buyer' };
export const cardShipping = (over: Record<string, unknown> = {}) => berlinShipping({ payment_method: 'card', ...over });

export function checkoutShoppers(api: ReturnType<typeof createApi>, db: () => Db, tag: string) {
  let counter = 0;
  let address = 0;

  /** A new customer (verified unless told otherwise) signed in on `sessions` separate sessions. */
  async function shopper(
    options: { sessions?: number; languageId?: number; verified?: boolean } = {},
  ): Promise<{ session: ApiSession; sessions: ApiSession[]; userId: number; email: string }> {
    const email = `${tag}${++counter}@example.com`;
    const user = await createUser(db(), {
      email,
      password: 'Checkout-1',
      languageId: options.languageId ?? null,
      verified: options.verified,
    });
    const sessions: ApiSession[] = [];
    for (let i = 0; i < (options.sessions ?? 1); i++) {
      address++;
      const session = createApiSession(api, {
        clientAddress: `10.13.${Math.floor(address / 250)}.${(address % 250) + 1}`,
      });
      expect((await session.signIn(email, 'Checkout-1')).status).toBe(200);
      sessions.push(session);
    }
    return { session: sessions[0]!, sessions, userId: user.id, email };
  }

  async function add(session: ApiSession, id: number, count: number, isVariation = false): Promise<void> {
    const res = await session.post('/api/cart/add', { id, count, is_variation: isVariation });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status, JSON.stringify(res.body)).toBe('OK');
  }

  async function stockOf(productId: number): Promise<number> {
    const [row] = await db().select({ stock: products.stock }).from(products).where(eq(products.id, productId));
    return row!.stock;
  }

  async function orderByNr(orderNr: string) {
    const [row] = await db().select().from(orders).where(eq(orders.orderNr, orderNr));
    return row!;
  }

  async function ordersOf(userId: number) {
    return db().select().from(orders).where(eq(orders.userId, userId)).orderBy(orders.id);
  }

  /** The customer's cart as product/variation → count, sorted (what "Try Again" will show). */
  async function cartOf(userId: number): Promise<{ productId: number; variationId: number | null; count: number }[]> {
    const rows = await db()
      .select({ productId: cartItems.productId, variationId: cartItems.variationId, count: cartItems.count })
      .from(cartItems)
      .where(eq(cartItems.userId, userId));
    return rows.sort((a, b) => a.productId - b.productId || (a.variationId ?? 0) - (b.variationId ?? 0));
  }

  return { shopper, add, stockOf, orderByNr, ordersOf, cartOf };
}
