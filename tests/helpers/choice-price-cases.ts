/**
 * One table of choices (a product's stored price + a variation's own prices) and the price a
 * shopper pays for each: src/lib/rules/product-price.test.ts runs it through choicePrice, and
 * tests/integration/choice-price-sql.test.ts through its SQL twin (migration 0022's
 * choice_price_cents), so the catalogue's filter columns and the cart cannot disagree.
 */
export interface ChoiceCase {
  what: string;
  product: { priceCents: number; oldPriceCents: number; discountPercent: number };
  variation: { priceCents: number | null; salePriceCents: number | null } | null;
  /** What choicePrice gives: paid, struck through (0: not on sale), badge. */
  expected: { priceCents: number; oldPriceCents: number; discountPercent: number };
}

const jacket = { priceCents: 24_900, oldPriceCents: 28_900, discountPercent: 14 };
const plain = { priceCents: 5_000, oldPriceCents: 0, discountPercent: 0 };

export const CHOICE_CASES: ChoiceCase[] = [
  { what: 'the product itself', product: jacket, variation: null, expected: jacket },
  {
    what: "a variation without prices: the product's, sale and badge included",
    product: jacket,
    variation: { priceCents: null, salePriceCents: null },
    expected: jacket,
  },
  {
    what: "a variation at the product's regular price: the product's sale",
    product: jacket,
    variation: { priceCents: 28_900, salePriceCents: null },
    expected: jacket,
  },
  {
    what: 'a variation with a price of its own: not on sale',
    product: jacket,
    variation: { priceCents: 32_000, salePriceCents: null },
    expected: { priceCents: 32_000, oldPriceCents: 0, discountPercent: 0 },
  },
  {
    what: 'a variation with its own price and sale price',
    product: jacket,
    variation: { priceCents: 32_000, salePriceCents: 29_900 },
    expected: { priceCents: 29_900, oldPriceCents: 32_000, discountPercent: 7 },
  },
  {
    what: "a variation's own sale price on the product's regular price",
    product: jacket,
    variation: { priceCents: null, salePriceCents: 19_900 },
    expected: { priceCents: 19_900, oldPriceCents: 28_900, discountPercent: 31 },
  },
  {
    what: "a variation cheaper than the product's sale price",
    product: jacket,
    variation: { priceCents: 20_000, salePriceCents: null },
    expected: { priceCents: 20_000, oldPriceCents: 0, discountPercent: 0 },
  },
  {
    what: 'a sale price not below the price is no sale',
    product: plain,
    variation: { priceCents: 4_000, salePriceCents: 4_000 },
    expected: { priceCents: 4_000, oldPriceCents: 0, discountPercent: 0 },
  },
  {
    what: 'a product not on sale, a variation on sale',
    product: plain,
    variation: { priceCents: null, salePriceCents: 3_500 },
    expected: { priceCents: 3_500, oldPriceCents: 5_000, discountPercent: 30 },
  },
  {
    what: 'a product not on sale, a variation at its price',
    product: plain,
    variation: { priceCents: 5_000, salePriceCents: null },
    expected: plain,
  },
  {
    what: 'free',
    product: plain,
    variation: { priceCents: 0, salePriceCents: null },
    expected: { priceCents: 0, oldPriceCents: 0, discountPercent: 0 },
  },
];
