/**
 * Everything the shop holds about a customer (GDPR art. 15 and 20, issue 31) as one
 * machine-readable JSON document: profile, addresses, orders with their lines, payments' state,
 * refunds and returns (the data invoices are made from), balance ledger, reviews, newsletter
 * state, consents, sign-in history (sessions) and contact messages. No secrets: no password
 * hash, no token or session ids.
 */
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import {
  balanceLedger,
  contactMessages,
  languages,
  newsletterSubscriptions,
  orderItems,
  invoices,
  orders,
  personalAccessTokens,
  products,
  refunds,
  returnLines,
  returns,
  reviews,
  sessions,
  users,
} from '@/server/db/schema/index';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

type User = typeof users.$inferSelect;
type Order = typeof orders.$inferSelect;
type OrderData = Awaited<ReturnType<typeof loadOrders>>;
type AccountData = Awaited<ReturnType<typeof loadAccount>>;

/** The customer's orders and what hangs on them: lines, refunds, returns with their lines, documents. */
async function loadOrders(db: Db, userId: number) {
  const orderRows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt));
  const orderIds = orderRows.map((o) => o.id);
  if (orderIds.length === 0) return { orderRows, items: [], refundRows: [], returnRows: [], lines: [], documents: [] };
  const [items, refundRows, returnRows, documents] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id)),
    db.select().from(refunds).where(inArray(refunds.orderId, orderIds)).orderBy(asc(refunds.id)),
    db.select().from(returns).where(inArray(returns.orderId, orderIds)).orderBy(asc(returns.id)),
    db
      .select({
        orderId: invoices.orderId,
        kind: invoices.kind,
        number: invoices.number,
        totalCents: invoices.totalCents,
        currency: invoices.currency,
        issuedAt: invoices.issuedAt,
      })
      .from(invoices)
      .where(inArray(invoices.orderId, orderIds))
      .orderBy(asc(invoices.id)),
  ]);
  const lines =
    returnRows.length === 0
      ? []
      : await db
          .select()
          .from(returnLines)
          .where(
            inArray(
              returnLines.returnId,
              returnRows.map((r) => r.id),
            ),
          );
  return { orderRows, items, refundRows, returnRows, lines, documents };
}

/** The rest of the account: ledger, reviews, newsletter, sessions, API tokens, contact messages. */
async function loadAccount(db: Db, user: User) {
  const [language, ledger, reviewRows, newsletter, sessionRows, tokens, messages] = await Promise.all([
    user.languageId === null
      ? []
      : db.select({ code: languages.code }).from(languages).where(eq(languages.id, user.languageId)),
    db.select().from(balanceLedger).where(eq(balanceLedger.userId, user.id)).orderBy(asc(balanceLedger.id)),
    db
      .select({
        id: reviews.id,
        product: products.name,
        rating: reviews.rating,
        text: reviews.text,
        authorName: reviews.authorName,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(eq(reviews.userId, user.id)),
    db
      .select()
      .from(newsletterSubscriptions)
      .where(sql`lower(${newsletterSubscriptions.email}) = lower(${user.email})`),
    db
      .select({
        ip: sessions.ip,
        userAgent: sessions.userAgent,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .orderBy(desc(sessions.createdAt)),
    db
      .select({
        name: personalAccessTokens.name,
        createdAt: personalAccessTokens.createdAt,
        lastUsedAt: personalAccessTokens.lastUsedAt,
      })
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.userId, user.id)),
    db.select().from(contactMessages).where(eq(contactMessages.userId, user.id)).orderBy(asc(contactMessages.id)),
  ]);
  return {
    language: language[0]?.code ?? null,
    ledger,
    reviewRows,
    newsletter: newsletter[0],
    sessionRows,
    tokens,
    messages,
  };
}

export async function customerDataExport(db: Db, userId: number): Promise<Record<string, unknown> | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const [data, account] = await Promise.all([loadOrders(db, userId), loadAccount(db, user)]);
  return {
    format: 'gear-shop-personal-data/1',
    exported_at: new Date().toISOString(),
    profile: profileJson(user, account.language),
    addresses: addressesJson(user, data.orderRows),
    orders: data.orderRows.map((o) => orderJson(o, data)),
    ...accountJson(account),
  };
}

function profileJson(user: User, language: string | null) {
  return {
    id: user.id,
    name: user.name,
    surname: user.surname,
    email: user.email,
    email_verified_at: iso(user.emailVerifiedAt),
    phone: user.phone,
    language,
    role: user.role,
    balance_cents: user.balanceCents,
    created_at: iso(user.createdAt),
    updated_at: iso(user.updatedAt),
  };
}

function addressesJson(user: User, orderRows: readonly Order[]) {
  return [
    ...(user.address
      ? [
          {
            use: 'profile',
            address: user.address,
            post_code: user.postCode,
            city: user.city,
            country_id: user.countryId,
          },
        ]
      : []),
    ...orderRows.map((o) => ({
      use: `delivery of order ${o.orderNr}`,
      name: `${o.name} ${o.surname}`,
      address: o.address,
      post_code: o.postCode,
      city: o.city,
      country: o.countryName,
      phone: o.phone,
    })),
  ];
}

function orderJson(o: Order, data: OrderData) {
  return {
    order_nr: o.orderNr,
    status: o.status,
    kind: o.kind,
    payment_method: o.paymentMethod,
    created_at: iso(o.createdAt),
    paid_at: iso(o.paidAt),
    shipped_at: iso(o.shippedAt),
    cancelled_at: iso(o.cancelledAt),
    // What an invoice of the order is made from (buyer, address, amounts, VAT).
    invoice_data: {
      buyer: `${o.name} ${o.surname}`,
      email: o.email,
      address: [o.address, `${o.postCode} ${o.city}`, o.countryName].join(', '),
      buyer_vat_id: o.buyerVatId,
      currency: o.currency,
      items_cents: o.cartTotalCents,
      delivery_cents: o.deliveryCostCents,
      discount_cents: o.discountCents,
      vat_cents: o.vatCents,
      vat_scheme: o.vatScheme,
      total_cents: o.finalCents,
      total_in_currency_cents: o.convertedFinalCents,
    },
    lines: data.items
      .filter((i) => i.orderId === o.id)
      .map((i) => ({
        sku: i.sku,
        name: i.name,
        quantity: i.quantity,
        price_cents: i.priceCents,
        vat_percent: i.vatPercent,
      })),
    // The invoices and credit notes issued for it (ADR 032); the PDFs are on the order page.
    documents: data.documents
      .filter((d) => d.orderId === o.id)
      .map((d) => ({
        kind: d.kind,
        number: d.number,
        total_cents: d.totalCents,
        currency: d.currency,
        issued_at: iso(d.issuedAt),
      })),
    refunds: data.refundRows
      .filter((r) => r.orderId === o.id)
      .map((r) => ({
        destination: r.destination,
        status: r.status,
        amount_cents: r.amountCents,
        reference: r.reference,
        created_at: iso(r.createdAt),
      })),
    returns: data.returnRows
      .filter((r) => r.orderId === o.id)
      .map((r) => ({
        return_nr: r.returnNr,
        status: r.status,
        reason: r.reason,
        comment: r.comment,
        created_at: iso(r.createdAt),
        lines: data.lines
          .filter((l) => l.returnId === r.id)
          .map((l) => ({ order_item_id: l.orderItemId, quantity: l.quantity })),
      })),
  };
}

function accountJson(a: AccountData) {
  const sub = a.newsletter;
  return {
    balance_ledger: a.ledger.map((l) => ({
      kind: l.kind,
      delta_cents: l.deltaCents,
      balance_after_cents: l.balanceAfterCents,
      reason: l.reason,
      created_at: iso(l.createdAt),
    })),
    reviews: a.reviewRows.map((r) => ({
      product: r.product,
      rating: r.rating,
      text: r.text,
      author_name: r.authorName,
      created_at: iso(r.createdAt),
    })),
    newsletter: sub
      ? {
          subscribed: sub.confirmedAt !== null,
          email: sub.email,
          requested_at: iso(sub.createdAt),
          confirmed_at: iso(sub.confirmedAt),
        }
      : { subscribed: false },
    consents: {
      newsletter_double_opt_in_at: iso(sub?.confirmedAt),
      // The cookie notice's choice is kept in the browser only; the shop never stores it.
      cookies: 'kept in your browser only',
    },
    sign_in_history: a.sessionRows.map((s) => ({
      signed_in_at: iso(s.createdAt),
      last_seen_at: iso(s.lastSeenAt),
      ip: s.ip,
      user_agent: s.userAgent,
    })),
    api_tokens: a.tokens.map((t) => ({ name: t.name, created_at: iso(t.createdAt), last_used_at: iso(t.lastUsedAt) })),
    contact_messages: a.messages.map((m) => ({ topic: m.topic, message: m.message, created_at: iso(m.createdAt) })),
  };
}
