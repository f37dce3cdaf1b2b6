/**
 * Issue 27: a product's generated picture (GET /images/products/{id}/{n}.svg, the only public
 * product image addressed by a guessable id) is public only while the product is published, on a
 * real database (both engines). An inactive product's answers 404 to guests and customers and is
 * shown, uncached, to staff and admins; published pictures are cached for 5 minutes and then
 * revalidated, so unpublishing reaches every cache within that. Uploaded photos (/media/{sha-256}/…)
 * are content-addressed and not enumerable (ADR 026).
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { products } from '@/server/db/schema/index';
import { useDatabase } from '@/server/runtime';
import { GET } from '@/pages/images/[...path]';
import { useTestDatabase } from '../helpers/db';
import { type FixtureCatalog, insertFixtureCatalog } from '../helpers/fixture-catalog';

const database = useTestDatabase({ seed: 'none' });
let fx: FixtureCatalog;

beforeAll(async () => {
  fx = await insertFixtureCatalog(database().db);
  useDatabase(database());
});

type Role = 'customer' | 'editor' | 'staff' | 'admin';

async function image(productId: number, as: Role | null = null): Promise<Response> {
  const path = `products/${productId}/1.svg`;
  const request = new Request(`http://shop.test/images/${path}?v=1`);
  const user = as ? { id: 1, role: as, email: `${as}@example.com` } : null;
  return (await GET({ params: { path }, request, locals: { user } } as never)) as Response;
}

describe('GET /images/products/{id}/{n}.svg', () => {
  it('answers 404 for an unpublished product to guests, customers and editors, with nothing of it in the answer', async () => {
    for (const who of [null, 'customer', 'editor'] as const) {
      const res = await image(fx.p.inactive, who);
      expect([who, res.status, res.headers.get('cache-control')]).toEqual([who, 404, 'no-store']);
      expect(await res.text()).toBe('Not found');
    }
  });

  it("shows an unpublished product's picture to staff and admins, never cached", async () => {
    for (const who of ['staff', 'admin'] as const) {
      const res = await image(fx.p.inactive, who);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(await res.text()).toContain('Inactive Tent');
    }
  });

  it("serves a published product's picture to anyone, cached 5 minutes then revalidated, and withdraws it on unpublishing", async () => {
    const res = await image(fx.p.dome);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300, must-revalidate');
    const etag = res.headers.get('etag')!;
    const revalidated = await GET({
      params: { path: `products/${fx.p.dome}/1.svg` },
      request: new Request('http://shop.test/', { headers: { 'if-none-match': etag } }),
      locals: { user: null },
    } as never);
    expect(revalidated.status).toBe(304);
    await database().db.update(products).set({ active: false }).where(eq(products.id, fx.p.dome));
    try {
      expect((await image(fx.p.dome)).status).toBe(404);
      const again = await GET({
        params: { path: `products/${fx.p.dome}/1.svg` },
        request: new Request('http://shop.test/', { headers: { 'if-none-match': etag } }),
        locals: { user: null },
      } as never);
      expect(again.status).toBe(404);
    } finally {
      await database().db.update(products).set({ active: true }).where(eq(products.id, fx.p.dome));
    }
  });
});
