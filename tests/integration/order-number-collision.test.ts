import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '@/server/db/schema/index';
import { isOrderNrTaken, withFreshOrderNr } from '@/server/services/orders/order-number';
import { useTestDatabase } from '../helpers/db';

const database = useTestDatabase({ seed: 'none' });

const orderRow = (orderNr: string) => ({
  orderNr,
  paymentMethod: 'phone' as const,
  name: 'Kim',
  surname: 'Buyer',
  email: 'kim@example.com',
  phone: '+4915123456789',
  countryName: 'Germany',
  city: 'Berlin',
  address: 'Unter den Linden 1',
  postCode: '10117',
  currency: 'EUR',
  currencyRate: '1',
  cartTotalCents: 1000,
  vatCents: 160,
  vatPercent: '19',
  finalCents: 1000,
  convertedFinalCents: 1000,
});

describe('order numbers that collide', () => {
  it('are retried under a new random number (the load bench met three collisions in 1 400 orders)', async () => {
    const { db } = database();
    await db.insert(orders).values(orderRow('261124-000001'));
    const tried: string[] = [];
    const placed = await withFreshOrderNr('', (orderNr) =>
      db.transaction(async (tx) => {
        // The first attempt draws a number that is taken, as a random one sometimes is.
        const nr = tried.length === 0 ? '261124-000001' : orderNr;
        tried.push(nr);
        const [row] = await tx.insert(orders).values(orderRow(nr)).returning({ orderNr: orders.orderNr });
        return row!.orderNr;
      }),
    );
    expect(tried).toHaveLength(2);
    expect(placed).toBe(tried[1]);
    expect(placed).toMatch(/^\d{6}-\d{6}$/);
    expect(await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNr, placed))).toHaveLength(1);
  });

  it('recognises only the order-number index, so other failures still surface', async () => {
    const { db } = database();
    await db.insert(orders).values(orderRow('261124-000002'));
    const taken = await db
      .insert(orders)
      .values(orderRow('261124-000002'))
      .catch((e: unknown) => e);
    expect(isOrderNrTaken(taken)).toBe(true);
    const other = await db
      .insert(orders)
      .values({ ...orderRow('261124-000003'), userId: 999_999 })
      .catch((e: unknown) => e);
    expect(isOrderNrTaken(other)).toBe(false);
    await expect(withFreshOrderNr('', () => Promise.reject(other))).rejects.toBe(other);
  });
});
