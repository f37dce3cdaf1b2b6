/**
 * Balance top-up (the spec shows the balance and min_top_up_amount, not the flow): an order of
 * kind 'top_up' without items, paid through the card gateway and credited once when the payment
 * settles (settlement.server.ts). It appears in the order history with the fallback item.
 */
import { eq } from 'drizzle-orm';
import { transaction } from '@/server/services/transaction';
import type { Db } from '@/server/db/client';
import { orders, payments, settings, users } from '@/server/db/schema/index';
import { convertCents, toEurCents } from '@/lib/money';
import { newCardPaymentProvider, openInTransaction } from '@/server/payments/card-gateway.server';
import type { CurrencyOption } from '../request-context';
import type { PlacedOrder } from './checkout.server';
import { withFreshOrderNr } from './order-number';
import { recordOrderEvent } from './order-events.server';

/** An upper bound against typos (EUR cents). */
export const MAX_TOP_UP_CENTS = 1_000_000;

export interface TopUpLimits {
  /** in the request currency's minor units */
  minCents: number;
  maxCents: number;
}

export async function topUpLimits(db: Db, currency: Pick<CurrencyOption, 'value' | 'code'>): Promise<TopUpLimits> {
  const [row] = await db.select({ min: settings.minTopUpAmountCents }).from(settings).where(eq(settings.id, 1));
  return {
    minCents: Math.max(1, convertCents(row?.min ?? 0, currency.value, currency.code)),
    maxCents: convertCents(MAX_TOP_UP_CENTS, currency.value, currency.code),
  };
}

export async function startTopUp(
  db: Db,
  input: { userId: number; amountCents: number; currency: CurrencyOption },
): Promise<PlacedOrder> {
  const [user] = await db.select().from(users).where(eq(users.id, input.userId));
  if (!user) throw new Error('top-up for an unknown user');
  const eurCents = toEurCents(input.amountCents, input.currency.value, input.currency.code);
  return withFreshOrderNr('TU-', (orderNr) =>
    transaction(db, async (tx) => {
      const [order] = await tx
        .insert(orders)
        .values({
          orderNr,
          userId: user.id,
          kind: 'top_up',
          paymentMethod: 'card',
          name: user.name,
          surname: user.surname,
          email: user.email,
          phone: user.phone ?? '',
          countryId: user.countryId,
          countryName: '',
          city: user.city ?? '',
          address: user.address ?? '',
          postCode: user.postCode ?? '',
          currency: input.currency.code,
          currencyRate: input.currency.value,
          cartTotalCents: eurCents,
          deliveryCostCents: 0,
          discountCents: 0,
          vatCents: 0,
          vatPercent: '0',
          finalCents: eurCents,
          convertedFinalCents: input.amountCents,
        })
        .returning();
      const provider = newCardPaymentProvider();
      const [payment] = await tx
        .insert(payments)
        .values({ orderId: order!.id, provider, amountCents: input.amountCents, currency: input.currency.code })
        .returning({ id: payments.id });
      await recordOrderEvent(tx, {
        orderId: order!.id,
        actorId: null,
        type: 'placed',
        message: 'Balance top-up; waiting for the card payment.',
        after: { status: 'Pending' },
      });
      await openInTransaction(tx, {
        paymentId: payment!.id,
        provider,
        orderNr,
        amountCents: input.amountCents,
        currency: input.currency.code,
        description: `Balance top-up ${orderNr}`,
      });
      return {
        orderId: order!.id,
        orderNr,
        paymentType: 'card' as const,
        paymentId: payment!.id,
        amount: input.amountCents / 100,
        currency: input.currency.code,
        redirectUrl: null as string | null,
      };
    }),
  );
}
