import { randomInt } from 'node:crypto';
import { type Algorithm, hash } from '@node-rs/argon2';
import {
  balanceLedger,
  demoGatewayCharges,
  orderEvents,
  orderItems,
  orders,
  payments,
  promoCodes,
  users,
} from '../schema/index';
import type { Db } from '../client';
import type { SeededProduct } from './catalog';
import type { CountryIds } from './geo';
import type { LanguageIds } from './i18n';
import { createRandom } from './random';
import { newOrderNr } from '@/server/services/orders/order-number';

export const DEMO_CUSTOMER = { email: 'demo@example.com', password: 'Demo1234!' } as const;
export const DEMO_EDITOR = { email: 'editor@example.com', password: 'Editor1234!' } as const;
export const DEMO_STAFF = { email: 'staff@example.com', password: 'Staff1234!' } as const;

const DAY = 86_400_000;
// Algorithm.Argon2id; the package declares a const enum, which isolated modules cannot read.
const ARGON2ID = 2 as Algorithm;
/** Argon2id with the library defaults (19 MiB, 2 passes: the OWASP minimum profile). */
export const hashPassword = (password: string) => hash(password, { algorithm: ARGON2ID });

export interface Passwords {
  customer: string;
  editor: string;
  staff: string;
}

/**
 * `published`: the README's passwords (development, tests, the e2e shop). `generated`: a fresh
 * random password per account, for a shop others can reach (config.ts demoPasswordPolicy).
 */
export type DemoPasswordPolicy = 'published' | 'generated';

/** A demo account whose password was generated at the seed: the only time it is known. */
export interface GeneratedLogin {
  role: 'editor' | 'staff' | 'customer';
  email: string;
  password: string;
}

// No look-alikes (0/O, 1/l/I): the password is read off a console and typed.
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 4 groups of 5 (~115 bits), meeting the sign-up rules (lower, upper, digit) so it can be kept. */
export function generatePassword(): string {
  for (;;) {
    const chars = Array.from({ length: 20 }, () => ALPHABET[randomInt(ALPHABET.length)]!);
    const password = [0, 5, 10, 15].map((i) => chars.slice(i, i + 5).join('')).join('-');
    if (/[a-z]/.test(password) && /[A-Z]/.test(password) && /\d/.test(password)) return password;
  }
}

/** Hashing is the slow part of the seed; done before the seed transaction opens. */
export async function hashDemoPasswords(
  policy: DemoPasswordPolicy = 'published',
): Promise<{ hashes: Passwords; generated: GeneratedLogin[] }> {
  const generated: GeneratedLogin[] =
    policy === 'generated'
      ? [
          { role: 'editor', email: DEMO_EDITOR.email, password: generatePassword() },
          { role: 'staff', email: DEMO_STAFF.email, password: generatePassword() },
          { role: 'customer', email: DEMO_CUSTOMER.email, password: generatePassword() },
        ]
      : [];
  const plain = (role: GeneratedLogin['role'], published: string) =>
    generated.find((g) => g.role === role)?.password ?? published;
  const [customer, editor, staff] = await Promise.all([
    hashPassword(plain('customer', DEMO_CUSTOMER.password)),
    hashPassword(plain('editor', DEMO_EDITOR.password)),
    hashPassword(plain('staff', DEMO_STAFF.password)),
  ]);
  return { hashes: { customer, editor, staff }, generated };
}

/** What the operator is shown once, on the console, after a seed with generated passwords. */
export function generatedLoginsNotice(logins: readonly GeneratedLogin[]): string {
  return [
    'The demo shop was seeded with new random passwords for its demo accounts. They are shown only this once:',
    ...logins.map((l) => `  ${l.role.padEnd(8)}  ${l.email.padEnd(20)}  ${l.password}`),
    'Sign in and change them (account page, password), or take the roles away with `npm run user:create -- editor@example.com customer` (and staff@example.com).',
  ].join('\n');
}

export async function seedPromoCodes(db: Db, now: Date) {
  const rows = await db
    .insert(promoCodes)
    .values([
      {
        code: 'SAVE10',
        description: '€10 off your order (once per customer)',
        discountType: 'fixed',
        discountValue: 1000,
        perCustomerLimit: 1,
      },
      {
        code: 'SPRING15',
        description: '15% off everything this spring',
        discountType: 'percent',
        discountValue: 15,
        validFrom: new Date(now.getTime() - 30 * DAY),
        validTo: new Date(now.getTime() + 90 * DAY),
      },
      {
        code: 'SHIPSAVE5',
        description: '€5 off your order, delivery included',
        discountType: 'fixed',
        discountValue: 500,
        appliesToDelivery: true,
      },
      {
        code: 'WELCOME5',
        description: '€5 off your first order, for new customers',
        discountType: 'fixed',
        discountValue: 500,
        firstOrderOnly: true,
      },
      {
        code: 'LAUNCH10',
        description: '€10 off for the first 100 orders (used up)',
        discountType: 'fixed',
        discountValue: 1000,
        usageLimit: 100,
        usedCount: 100,
      },
      {
        code: 'SUMMER20',
        description: '20% off the summer sale (ended)',
        discountType: 'percent',
        discountValue: 20,
        validFrom: new Date(now.getTime() - 120 * DAY),
        validTo: new Date(now.getTime() - 30 * DAY),
      },
    ])
    .returning({ id: promoCodes.id, code: promoCodes.code });
  return Object.fromEntries(rows.map((r) => [r.code, r.id])) as Record<string, number>;
}

type Status = 'Pending' | 'Success' | 'Error' | 'Failed';
const ORDER_PLAN: {
  status: Status;
  method: 'card' | 'phone';
  daysAgo: number;
  items: number;
  promo?: 'SAVE10' | 'SPRING15';
  currency: 'EUR' | 'USD' | 'GBP';
}[] = [
  { status: 'Success', method: 'card', daysAgo: 120, items: 3, currency: 'EUR' },
  { status: 'Success', method: 'phone', daysAgo: 75, items: 1, promo: 'SAVE10', currency: 'EUR' },
  { status: 'Failed', method: 'card', daysAgo: 40, items: 2, currency: 'USD' },
  { status: 'Error', method: 'card', daysAgo: 21, items: 1, currency: 'EUR' },
  { status: 'Success', method: 'card', daysAgo: 9, items: 2, promo: 'SPRING15', currency: 'GBP' },
  { status: 'Pending', method: 'phone', daysAgo: 1, items: 2, currency: 'EUR' },
];
const RATES = { EUR: '1', USD: '1.08', GBP: '0.86' } as const;
const EU_DELIVERY = { costCents: 499, freeOverCents: 7500 };

export async function seedUsers(
  db: Db,
  passwords: Passwords,
  ids: { lang: LanguageIds; countries: CountryIds; promos: Record<string, number> },
  products: SeededProduct[],
  now: Date,
) {
  const germany = ids.countries.DE!;
  const [customer] = await db
    .insert(users)
    .values({
      name: 'Alex',
      surname: 'Demo',
      email: DEMO_CUSTOMER.email,
      phone: '+4930901820',
      phoneCountryCode: 'DE',
      nationalNumber: '30901820',
      passwordHash: passwords.customer,
      balanceCents: 2500,
      countryId: germany,
      city: 'Berlin',
      address: 'Friedrichstraße 123',
      postCode: '10117',
      languageId: ids.lang.en,
      role: 'customer',
      emailVerifiedAt: new Date(now.getTime() - 200 * DAY),
      createdAt: new Date(now.getTime() - 200 * DAY),
    })
    .returning({ id: users.id });
  // The balance's first ledger row (ADR 023): every balance is the sum of its ledger.
  await db.insert(balanceLedger).values({
    userId: customer!.id,
    kind: 'opening',
    deltaCents: 2500,
    balanceAfterCents: 2500,
    reason: 'Demo balance',
  });
  await db.insert(users).values({
    name: 'Erin',
    surname: 'Editor',
    email: DEMO_EDITOR.email,
    phone: '+442071838750',
    phoneCountryCode: 'GB',
    nationalNumber: '2071838750',
    passwordHash: passwords.editor,
    countryId: ids.countries.GB ?? null,
    city: 'London',
    address: '10 Shoreditch High Street',
    postCode: 'E1 6PG',
    role: 'editor',
    emailVerifiedAt: new Date(now.getTime() - 300 * DAY),
    createdAt: new Date(now.getTime() - 300 * DAY),
  });
  await db.insert(users).values({
    name: 'Sam',
    surname: 'Staff',
    email: DEMO_STAFF.email,
    phone: '+442071838751',
    phoneCountryCode: 'GB',
    nationalNumber: '2071838751',
    passwordHash: passwords.staff,
    countryId: ids.countries.GB ?? null,
    city: 'London',
    address: '12 Shoreditch High Street',
    postCode: 'E1 6PG',
    role: 'staff',
    emailVerifiedAt: new Date(now.getTime() - 300 * DAY),
    createdAt: new Date(now.getTime() - 300 * DAY),
  });

  await seedDemoOrders(db, ids, products, now, customer!.id);
  return { customerId: customer!.id };
}

/** The demo customer's orders of ORDER_PLAN, with their items, timelines and card payments. */
async function seedDemoOrders(
  db: Db,
  ids: { countries: CountryIds; promos: Record<string, number> },
  products: SeededProduct[],
  now: Date,
  customerId: number,
) {
  const germany = ids.countries.DE!;
  const rng = createRandom(4242);
  const inStock = products.filter((p) => p.draft.stock > 0);
  let seq = 1000;
  const taken = new Set<string>();
  for (const plan of ORDER_PLAN) {
    const createdAt = new Date(now.getTime() - plan.daysAgo * DAY);
    const lines = rng.sample(inStock, 40).slice(0, 40);
    const chosen = Array.from({ length: plan.items }, () => rng.pick(lines));
    const items = [...new Map(chosen.map((p) => [p.id, p])).values()].map((p) => {
      const variation = p.variations.length ? rng.pick(p.variations) : undefined;
      return {
        productId: p.id,
        variationId: variation?.id ?? null,
        sku: variation?.sku ?? p.draft.sku,
        name: p.draft.name,
        categoryName: p.categoryName,
        imageUrl: p.imageUrl,
        priceCents: variation?.priceCents ?? p.draft.priceCents,
        quantity: rng.int(1, 2),
        variationAttributes: (variation?.attributes ?? []).map((a) => ({
          id: a.id,
          name: a.name,
          attribute_group: { name: a.group },
        })),
      };
    });
    const cartTotal = items.reduce((sum, i) => sum + i.priceCents * i.quantity, 0);
    const delivery = cartTotal >= EU_DELIVERY.freeOverCents ? 0 : EU_DELIVERY.costCents;
    const discount =
      plan.promo === 'SAVE10'
        ? Math.min(1000, cartTotal)
        : plan.promo === 'SPRING15'
          ? Math.round((cartTotal * 15) / 100)
          : 0;
    const final = cartTotal + delivery - discount;
    // Prices include VAT, so the VAT is the part contained in the final amount.
    const vat = Math.round((final * 20) / 120);
    seq += 1;
    const orderNr = uniqueOrderNr(taken, createdAt);
    const [order] = await db
      .insert(orders)
      .values({
        orderNr,
        userId: customerId,
        status: plan.status,
        paymentMethod: plan.method,
        name: 'Alex',
        surname: 'Demo',
        email: DEMO_CUSTOMER.email,
        phone: '+4930901820',
        countryId: germany,
        countryName: 'Germany',
        city: 'Berlin',
        address: 'Friedrichstraße 123',
        postCode: '10117',
        currency: plan.currency,
        currencyRate: RATES[plan.currency],
        cartTotalCents: cartTotal,
        deliveryCostCents: delivery,
        discountCents: discount,
        vatCents: vat,
        vatPercent: '20',
        finalCents: final,
        convertedFinalCents: Math.round(final * Number(RATES[plan.currency])),
        promoCodeId: plan.promo ? ids.promos[plan.promo]! : null,
        promoCode: plan.promo ?? null,
        stockReleased: plan.status === 'Failed' || plan.status === 'Error',
        createdAt,
        updatedAt: createdAt,
        paidAt: plan.status === 'Success' ? new Date(createdAt.getTime() + 60_000) : null,
      })
      .returning({ id: orders.id });
    await db.insert(orderItems).values(items.map((i) => ({ ...i, orderId: order!.id })));
    const paidAt = plan.status === 'Success' ? new Date(createdAt.getTime() + 60_000) : null;
    // The timeline the shop would have written (ADR 023).
    await db
      .insert(orderEvents)
      .values([
        { orderId: order!.id, type: 'placed', createdAt },
        ...(paidAt ? [{ orderId: order!.id, type: 'paid', createdAt: paidAt }] : []),
        ...(plan.status === 'Failed' || plan.status === 'Error'
          ? [{ orderId: order!.id, type: 'payment_failed', createdAt }]
          : []),
      ]);
    if (plan.method === 'card') {
      const status =
        plan.status === 'Success'
          ? 'succeeded'
          : plan.status === 'Failed'
            ? 'declined'
            : plan.status === 'Error'
              ? 'failed'
              : 'created';
      const amountCents = Math.round(final * Number(RATES[plan.currency]));
      const [payment] = await db
        .insert(payments)
        .values({
          orderId: order!.id,
          provider: 'demo-card',
          status,
          amountCents,
          currency: plan.currency,
          providerRef: `demo_${seq}`,
          lastError:
            plan.status === 'Error' ? 'Card issuer unavailable' : plan.status === 'Failed' ? 'Card declined' : null,
          createdAt,
          updatedAt: createdAt,
          settledAt: plan.status === 'Success' ? createdAt : null,
        })
        .returning({ id: payments.id });
      // The demo gateway's own ledger knows the charges it took, so staff can refund them to the card.
      if (status === 'succeeded' || status === 'declined') {
        await db.insert(demoGatewayCharges).values({
          paymentId: payment!.id,
          amountCents,
          currency: plan.currency,
          description: `Order ${orderNr}`,
          state: status,
          cardLast4: '4242',
          returnUrl: '/payment/processing',
          notifyUrl: '/api/payments/demo/webhook',
          notifiedAt: createdAt,
          createdAt,
          updatedAt: createdAt,
        });
      }
    }
  }
}

/** Demo orders are numbered like real ones (order-number.ts); the seed inserts them without the retry, so it skips a number it already gave. */
function uniqueOrderNr(taken: Set<string>, createdAt: Date): string {
  let nr = newOrderNr('', createdAt);
  while (taken.has(nr)) nr = newOrderNr('', createdAt);
  taken.add(nr);
  return nr;
}
