/**
 * How much of a choice is left (issue 26): one rule for the product page, its variation picker,
 * cards, JSON-LD and the staff list. A choice is a product without variations or one variation;
 * a product with variations is in stock when any of its active variations is.
 */

/** The shop's default low-stock threshold (settings.low_stock_threshold) and the highest allowed. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
export const MAX_LOW_STOCK_THRESHOLD = 1000;

export type Availability = 'in_stock' | 'low_stock' | 'out_of_stock';

/** Below `threshold` units a choice is low ("Only N left"); none left is out of stock. */
export function stockAvailability(stock: number, threshold: number): Availability {
  if (stock <= 0) return 'out_of_stock';
  return stock < threshold ? 'low_stock' : 'in_stock';
}

/**
 * The units a product offers: its own stock without variations, else the sum of its active
 * variations' (the product row's own stock is then not used: an import may leave it empty).
 */
export function sellableStock(productStock: number, variationStocks: readonly number[]): number {
  return variationStocks.length ? variationStocks.reduce((sum, s) => sum + Math.max(0, s), 0) : productStock;
}
