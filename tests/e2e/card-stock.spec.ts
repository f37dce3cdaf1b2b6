import { expect, test } from './fixtures';

/**
 * Stock on product cards (issue 18): a sold-out product says so and its add-to-cart is a
 * disabled "Sold out"; a low-stock one says "Only N left". Products are picked from the demo
 * catalogue through the API, then found on the list page by name.
 */

interface Product {
  id: number;
  name: string;
  stock: number;
  availability: string;
  variations: { in_stock: boolean }[];
}

async function catalogue(shop: { apiGet<T>(path: string): Promise<{ payload?: T }> }): Promise<Product[]> {
  const all: Product[] = [];
  for (let page = 1; page <= 10; page++) {
    const list = (await shop.apiGet<Product[]>(`/api/products/catalog?per_page=50&page=${page}`)).payload ?? [];
    all.push(...list);
    if (list.length < 50) break;
  }
  return all;
}

test('a sold-out card says so with a disabled button; a low-stock card says Only N left; axe', async ({
  shop,
  page,
  axe,
}) => {
  const products = await catalogue(shop);
  const soldOut = products.find((p) => p.stock <= 0 && p.variations.every((v) => !v.in_stock));
  const low = products.find((p) => p.availability === 'low_stock');
  expect(soldOut, 'the demo catalogue has a sold-out product').toBeDefined();
  expect(low, 'the demo catalogue has a low-stock product').toBeDefined();

  await shop.goto(`/products/all/all?search=${encodeURIComponent(soldOut!.name)}`);
  const card = page.locator(`.product-card[data-product-id="${soldOut!.id}"]`);
  await expect(card.locator('.card-stock')).toHaveText('Sold out');
  await expect(card.getByRole('button', { name: 'Sold out' })).toBeDisabled();
  await expect(card.getByRole('button', { name: /Add to cart/ })).toHaveCount(0);
  await axe.check();

  await shop.goto(`/products/all/all?search=${encodeURIComponent(low!.name)}`);
  const lowCard = page.locator(`.product-card[data-product-id="${low!.id}"]`);
  await expect(lowCard.locator('.card-stock')).toHaveText(`Only ${low!.stock} left`);
  await expect(lowCard.getByRole('button', { name: /Add to cart/ })).toBeEnabled();
});
