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

export async function customerDataExport(db: Db, userId: number): Promise<Record<string, unknown> | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const [language] =
    user.languageId === null
      ? []
      : await db.select({ code: languages.code }).from(languages).where(eq(languages.id, user.languageId));
  const orderRows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt));
  const orderIds = orderRows.map((o) => o.id);
  const none = orderIds.length === 0;
  const [items, refundRows, returnRows, documents, ledger, reviewRows, newsletter, sessionRows, tokens, messages] =
    await Promise.all([
      none ? [] : db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id)),
      none ? [] : db.select().from(refunds).where(inArray(refunds.orderId, orderIds)).orderBy(asc(refunds.id)),
      none ? [] : db.select().from(returns).where(inArray(returns.orderId, orderIds)).orderBy(asc(returns.id)),
      none
        ? []
        : db
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
      db.select().from(balanceLedger).where(eq(balanceLedger.userId, userId)).orderBy(asc(balanceLedger.id)),
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
        .where(eq(reviews.userId, userId)),
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
        .where(eq(sessions.userId, userId))
        .orderBy(desc(sessions.createdAt)),
      db
        .select({
          name: personalAccessTokens.name,
          createdAt: personalAccessTokens.createdAt,
          lastUsedAt: personalAccessTokens.lastUsedAt,
        })
        .from(personalAccessTokens)
        .where(eq(personalAccessTokens.userId, userId)),
      db.select().from(contactMessages).where(eq(contactMessages.userId, userId)).orderBy(asc(contactMessages.id)),
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
  const sub = newsletter[0];
  return {
    format: 'gear-shop-personal-data/1',
    exported_at: new Date().toISOString(),
    profile: {
      id: user.id,
      name: user.name,
      surname: user.surname,
      email: user.email,
      email_verified_at: iso(user.emailVerifiedAt),
      phone: user.phone,
      language: language?.code ?? null,
      role: user.role,
      balance_cents: user.balanceCents,
      created_at: iso(user.createdAt),
      updated_at: iso(user.updatedAt),
    },
    addresses: [
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
    ],
    orders: orderRows.map((o) => ({
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
      lines: items
        .filter((i) => i.orderId === o.id)
        .map((i) => ({
          sku: i.sku,
          name: i.name,
          quantity: i.quantity,
          price_cents: i.priceCents,
          vat_percent: i.vatPercent,
        })),
      // The invoices and credit notes issued for it (ADR 032); the PDFs are on the order page.
      documents: documents
        .filter((d) => d.orderId === o.id)
        .map((d) => ({
          kind: d.kind,
          number: d.number,
          total_cents: d.totalCents,
          currency: d.currency,
          issued_at: iso(d.issuedAt),
        })),
      refunds: refundRows
        .filter((r) => r.orderId === o.id)
        .map((r) => ({
          destination: r.destination,
          status: r.status,
          amount_cents: r.amountCents,
          reference: r.reference,
          created_at: iso(r.createdAt),
        })),
      returns: returnRows
        .filter((r) => r.orderId === o.id)
        .map((r) => ({
          return_nr: r.returnNr,
          status: r.status,
          reason: r.reason,
          comment: r.comment,
          created_at: iso(r.createdAt),
          lines: lines
            .filter((l) => l.returnId === r.id)
            .map((l) => ({ order_item_id: l.orderItemId, quantity: l.quantity })),
        })),
    })),
    balance_ledger: ledger.map((l) => ({
      kind: l.kind,
      delta_cents: l.deltaCents,
      balance_after_cents: l.balanceAfterCents,
      reason: l.reason,
      created_at: iso(l.createdAt),
    })),
    reviews: reviewRows.map((r) => ({
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
    sign_in_history: sessionRows.map((s) => ({
      signed_in_at: iso(s.createdAt),
      last_seen_at: iso(s.lastSeenAt),
      ip: s.ip,
      user_agent: s.userAgent,
    })),
    api_tokens: tokens.map((t) => ({ name: t.name, created_at: iso(t.createdAt), last_used_at: iso(t.lastUsedAt) })),
    contact_messages: messages.map((m) => ({ topic: m.topic, message: m.message, created_at: iso(m.createdAt) })),
  };
}
