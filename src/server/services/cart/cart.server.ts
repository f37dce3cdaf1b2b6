/**
 * The signed-in customer's server cart (`cart_items`, one line per user/product/variation).
 * Every change runs in a transaction that first locks the user's row, so two tabs changing the
 * same cart are applied one after the other (no lost update, no duplicate-line race). Stock is
 * only checked here, not reserved: checkout reserves it (docs/decisions/010-cart-and-totals.md).
 */
import { type AnyColumn, type SQL, and, eq, isNull, sql } from 'drizzle-orm';
import { transaction } from '@/server/services/transaction';
import type { Db } from '@/server/db/client';
import { cartItems, orders, users } from '@/server/db/schema/index';
import { InvalidInputError, NotFoundError } from '../errors';
import { loadCatalogMeta } from '../catalog/meta';
import { parseJson, rowsOf } from '../catalog/rows';
import {
  type CartContents,
  type CartRow,
  outOfStockMessage,
  restoredCount,
  toCartContents,
  unavailableReason,
} from './cart';
import { MAX_QUANTITY } from '@/lib/rules/quantity';
import { choicePrice } from '@/lib/rules/product-price';
import type { FixedPrice } from '@/lib/rules/currency-price';
import type { PriceCurrency } from '@/lib/money';

const nullableNumber = (value: number | string | null) => (value === null ? null : Number(value));

export const PRODUCT_NOT_FOUND = 'Product not found.';
export const SELECT_VARIATION = 'Please select a variation';
export const NOT_IN_CART = 'This item is not in your cart.';
export const NO_LONGER_AVAILABLE = 'This item is no longer available.';
export const LINE_LIMIT = `You can have at most ${MAX_QUANTITY} of one item in your cart.`;

export interface CartRef {
  /** product id, or variation id when isVariation */
  id: number;
  isVariation: boolean;
}

export interface CartChange {
  status: 'OK' | 'WARNING';
  message: string | null;
}

interface RawRow {
  line_id: number;
  product_id: number;
  variation_id: number | null;
  count: number;
  sku: string;
  name: string;
  image_url: string | null;
  price_cents: number;
  old_price_cents: number;
  discount_percent: number;
  variation_price_cents: number | null;
  variation_sale_price_cents: number | null;
  vat_percent: string | null;
  vat_kind: 'standard' | 'reduced' | 'zero' | null;
  stock: number;
  product_active: boolean;
  variation_active: boolean | null;
  has_variations: boolean;
  category_ids: string;
  attribute_ids: string;
  fixed_prices: string;
}

/** The cart's lines with everything the API shows, in the language (fallback: default text), oldest line first. */
export async function loadCartRows(db: Db, userId: number, languageId: number): Promise<CartRow[]> {
  const raw = rowsOf<RawRow>(
    await db.execute(sql`
      select ci.id as line_id, ci.product_id, ci.variation_id, ci.count,
        coalesce(v.sku, p.sku) as sku, coalesce(t.name, p.name) as name,
        (select i.url from product_images i where i.product_id = p.id order by i.position, i.id limit 1) as image_url,
        p.price_cents, p.old_price_cents, p.discount_percent,
        v.price_cents as variation_price_cents, v.sale_price_cents as variation_sale_price_cents,
        (select vr.percent::text from vat_rates vr where vr.id = p.vat_rate_id) as vat_percent,
        (select vr.kind from vat_rates vr where vr.id = p.vat_rate_id) as vat_kind,
        coalesce(v.stock, p.stock) as stock,
        p.active as product_active, v.active as variation_active,
        exists (select 1 from variations v2 where v2.product_id = p.id and v2.active) as has_variations,
        (select coalesce(json_agg(pc.category_id order by pc.category_id), '[]') from product_categories pc
          where pc.product_id = p.id)::text as category_ids,
        (select coalesce(json_agg(va.attribute_id order by va.attribute_id), '[]') from variation_attributes va
          where va.variation_id = ci.variation_id)::text as attribute_ids,
        (select coalesce(json_agg(json_build_object('currency', f.currency, 'variationId', f.variation_id,
            'priceCents', f.price_cents, 'salePriceCents', f.sale_price_cents) order by f.id), '[]')
          from product_currency_prices f
          where f.product_id = p.id and (f.variation_id is null or f.variation_id = ci.variation_id))::text as fixed_prices
      from cart_items ci
        join products p on p.id = ci.product_id
        left join variations v on v.id = ci.variation_id
        left join product_translations t on t.product_id = p.id and t.language_id = ${languageId}
      where ci.user_id = ${userId}
      order by ci.id`),
  );
  return raw.map((r) => {
    const product = {
      priceCents: Number(r.price_cents),
      oldPriceCents: Number(r.old_price_cents),
      discountPercent: Number(r.discount_percent),
    };
    const variation =
      r.variation_id === null
        ? null
        : {
            id: Number(r.variation_id),
            priceCents: nullableNumber(r.variation_price_cents),
            salePriceCents: nullableNumber(r.variation_sale_price_cents),
          };
    return {
      lineId: Number(r.line_id),
      productId: Number(r.product_id),
      variationId: r.variation_id === null ? null : Number(r.variation_id),
      count: Number(r.count),
      sku: r.sku,
      name: r.name,
      imageUrl: r.image_url,
      // The one rule for the price of a choice: the product page shows the same (choicePrice).
      priceCents: choicePrice(product, variation).priceCents,
      pricing: { product, variation, fixed: parseJson<FixedPrice[]>(r.fixed_prices, []) },
      vatPercent: r.vat_percent,
      vatKind: r.vat_kind,
      stock: Number(r.stock),
      productActive: r.product_active,
      variationActive: r.variation_active,
      hasVariations: r.has_variations,
      categoryIds: parseJson<number[]>(r.category_ids, []),
      attributeIds: parseJson<number[]>(r.attribute_ids, []),
    };
  });
}

/** GET /api/cart/contents: available lines and the ones that can no longer be bought. */
export async function getCartContents(
  db: Db,
  userId: number,
  ctx: { languageId: number; currency: PriceCurrency },
): Promise<CartContents> {
  const [meta, rows] = await Promise.all([loadCatalogMeta(db), loadCartRows(db, userId, ctx.languageId)]);
  return toCartContents(rows, { meta, languageId: ctx.languageId, currency: ctx.currency });
}

interface Target {
  productId: number;
  variationId: number | null;
  name: string;
  stock: number;
  active: boolean;
  hasVariations: boolean;
}

/** What an id of the API points at (any state), or null when nothing has that id. */
async function findTarget(db: Db, ref: CartRef, languageId: number): Promise<Target | null> {
  const raw = rowsOf<{
    product_id: number;
    variation_id: number | null;
    name: string;
    stock: number;
    active: boolean;
    has_variations: boolean;
  }>(
    await db.execute(
      ref.isVariation
        ? sql`select p.id as product_id, v.id as variation_id, coalesce(t.name, p.name) as name, v.stock,
                (p.active and v.active) as active, true as has_variations
              from variations v join products p on p.id = v.product_id
                left join product_translations t on t.product_id = p.id and t.language_id = ${languageId}
              where v.id = ${ref.id}`
        : sql`select p.id as product_id, null::int as variation_id, coalesce(t.name, p.name) as name, p.stock, p.active,
                exists (select 1 from variations v where v.product_id = p.id and v.active) as has_variations
              from products p
                left join product_translations t on t.product_id = p.id and t.language_id = ${languageId}
              where p.id = ${ref.id}`,
    ),
  );
  const r = raw[0];
  if (!r) return null;
  return {
    productId: Number(r.product_id),
    variationId: r.variation_id === null ? null : Number(r.variation_id),
    name: r.name,
    stock: Number(r.stock),
    active: r.active,
    hasVariations: r.has_variations,
  };
}

const lineOf = (userId: number, t: { productId: number; variationId: number | null }) =>
  and(
    eq(cartItems.userId, userId),
    eq(cartItems.productId, t.productId),
    t.variationId === null ? isNull(cartItems.variationId) : eq(cartItems.variationId, t.variationId),
  );

/**
 * Serialises changes of one user's cart (see the file comment). Checkout and the settlement that
 * puts a failed order's lines back take the same lock, first among the rows they lock.
 */
export async function lockCart(tx: Db, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** A product that can be put in a cart now, or the error the API answers. */
async function buyableTarget(db: Db, ref: CartRef, languageId: number): Promise<Target> {
  const target = await findTarget(db, ref, languageId);
  if (!target || !target.active) throw new NotFoundError(PRODUCT_NOT_FOUND, { id: [PRODUCT_NOT_FOUND] });
  if (target.variationId === null && target.hasVariations) {
    throw new InvalidInputError(SELECT_VARIATION, { is_variation: [SELECT_VARIATION] });
  }
  return target;
}

/**
 * Adds `count` to the line (creating it). Asking for more than the stock changes nothing and
 * answers WARNING "Only N left in stock for <name>." (the client treats WARNING as a failed add,
 * so a partial add would leave its view wrong).
 */
export async function addToCart(
  db: Db,
  userId: number,
  ref: CartRef & { count: number },
  languageId: number,
): Promise<CartChange> {
  const target = await buyableTarget(db, ref, languageId);
  return transaction(db, async (tx) => {
    await lockCart(tx, userId);
    const [line] = await tx
      .select({ id: cartItems.id, count: cartItems.count })
      .from(cartItems)
      .where(lineOf(userId, target));
    const wanted = (line?.count ?? 0) + ref.count;
    if (wanted > MAX_QUANTITY) throw new InvalidInputError(LINE_LIMIT, { count: [LINE_LIMIT] });
    if (wanted > target.stock) return { status: 'WARNING', message: outOfStockMessage(target.name, target.stock) };
    if (line) {
      await tx
        .update(cartItems)
        .set({ count: wanted, updatedAt: sql`now()` })
        .where(eq(cartItems.id, line.id));
    } else {
      await tx
        .insert(cartItems)
        .values({ userId, productId: target.productId, variationId: target.variationId, count: wanted });
    }
    return { status: 'OK', message: null };
  });
}

/** Sets a line's quantity (the line must exist); more than the stock or the line limit changes nothing and answers WARNING. */
export async function setCartCount(
  db: Db,
  userId: number,
  ref: CartRef & { count: number },
  languageId: number,
): Promise<CartChange> {
  const target = await findTarget(db, ref, languageId);
  if (!target) throw new NotFoundError(PRODUCT_NOT_FOUND, { id: [PRODUCT_NOT_FOUND] });
  return transaction(db, async (tx) => {
    await lockCart(tx, userId);
    const [line] = await tx
      .select({ id: cartItems.id, count: cartItems.count })
      .from(cartItems)
      .where(lineOf(userId, target));
    if (!line) throw new NotFoundError(NOT_IN_CART, { id: [NOT_IN_CART] });
    const reason = unavailableReason({
      productActive: target.active,
      variationActive: null,
      variationId: target.variationId,
      hasVariations: target.hasVariations,
      stock: target.stock,
    });
    if (reason === 'inactive' || reason === 'needs_variation') {
      throw new InvalidInputError(NO_LONGER_AVAILABLE, { id: [NO_LONGER_AVAILABLE] });
    }
    // The limit first: it holds whatever the stock, so it is the answer that helps.
    if (ref.count > MAX_QUANTITY) return { status: 'WARNING', message: LINE_LIMIT };
    if (ref.count > target.stock) return { status: 'WARNING', message: outOfStockMessage(target.name, target.stock) };
    if (ref.count !== line.count) {
      await tx
        .update(cartItems)
        .set({ count: ref.count, updatedAt: sql`now()` })
        .where(eq(cartItems.id, line.id));
    }
    return { status: 'OK', message: null };
  });
}

/** Removes the line if it is there: removing twice is not an error (the wanted state holds). */
export async function removeFromCart(db: Db, userId: number, ref: CartRef): Promise<void> {
  const where = ref.isVariation
    ? and(eq(cartItems.userId, userId), eq(cartItems.variationId, ref.id))
    : and(eq(cartItems.userId, userId), eq(cartItems.productId, ref.id), isNull(cartItems.variationId));
  await db.delete(cartItems).where(where);
}

export async function clearCart(db: Db, userId: number): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
}

/**
 * Units in the cart that can be bought, for the header badge every page renders (the same count
 * the cart store shows once it has loaded: unavailable lines are left out).
 */
/**
 * The units of a customer's cart that the badge counts (active, in stock, a variation chosen
 * where the product has some), as SQL for the customer id `userId`: countCartUnits runs it alone,
 * the page middleware as a column of the session lookup (one statement per signed-in page).
 */
export function cartUnitsSql(userId: SQL | AnyColumn | number): SQL<number> {
  return sql<number>`(
    select coalesce(sum(ci.count), 0)::int
    from cart_items ci
    join products p on p.id = ci.product_id
    left join variations v on v.id = ci.variation_id
    where ci.user_id = ${userId}
      and p.active
      and (ci.variation_id is null or v.active)
      and coalesce(v.stock, p.stock) > 0
      and (ci.variation_id is not null or not exists (select 1 from variations pv where pv.product_id = p.id and pv.active)))`.mapWith(
    Number,
  );
}

export async function countCartUnits(db: Db, userId: number): Promise<number> {
  const result = await db.execute(sql`select ${cartUnitsSql(userId)} as units`);
  return Number(rowsOf<{ units: number }>(result)[0]?.units ?? 0);
}

/**
 * Puts a failed card order's lines back into its customer's cart, once (`orders.cart_restored`
 * guards it, as `stock_released` guards the stock), so "Try Again" on the fail page finds them.
 * Runs inside the transaction that failed the order, after its stock went back on the shelf;
 * the caller holds the customer's cart lock. Lines merge with what was added since, within the
 * stock and the line cap; items that can no longer be bought are left out.
 */
export async function restoreOrderToCart(tx: Db, orderId: number, userId: number): Promise<number> {
  const [claimed] = await tx
    .update(orders)
    .set({ cartRestored: true, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.cartRestored, false)))
    .returning({ id: orders.id });
  if (!claimed) return 0;
  const items = rowsOf<{
    product_id: number;
    variation_id: number | null;
    quantity: number;
    stock: number;
    active: boolean;
    has_variations: boolean;
    existing: number | null;
    line_id: number | null;
  }>(
    await tx.execute(sql`
      select i.product_id, i.variation_id, sum(i.quantity)::int as quantity,
        coalesce(v.stock, p.stock) as stock,
        (p.active and (i.variation_id is null or v.active)) as active,
        exists (select 1 from variations pv where pv.product_id = p.id and pv.active) as has_variations,
        ci.count as existing, ci.id as line_id
      from order_items i
        join products p on p.id = i.product_id
        left join variations v on v.id = i.variation_id
        left join cart_items ci on ci.user_id = ${userId} and ci.product_id = i.product_id
          and ci.variation_id is not distinct from i.variation_id
      where i.order_id = ${orderId}
      group by i.product_id, i.variation_id, v.stock, p.stock, p.active, v.active, p.id, ci.count, ci.id
      order by min(i.id)`),
  );
  let restored = 0;
  for (const item of items) {
    const variationId = item.variation_id === null ? null : Number(item.variation_id);
    // Its variation was deleted since (the item's variation_id is null now): not buyable as it was.
    if (!item.active || (variationId === null && item.has_variations)) continue;
    const existing = Number(item.existing ?? 0);
    const count = restoredCount(existing, Number(item.quantity), Number(item.stock));
    if (count <= existing) continue;
    if (item.line_id !== null) {
      await tx
        .update(cartItems)
        .set({ count, updatedAt: sql`now()` })
        .where(eq(cartItems.id, Number(item.line_id)));
    } else {
      await tx.insert(cartItems).values({ userId, productId: Number(item.product_id), variationId, count });
    }
    restored++;
  }
  return restored;
}
