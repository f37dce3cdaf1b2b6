import type { reviews } from '../schema/index';
import type { Random } from './random';

const AUTHORS = [
  'Anna K.',
  'Marco R.',
  'Sophie L.',
  'James P.',
  'Lena M.',
  'Pierre D.',
  'Chloe B.',
  'Tom W.',
  'Jonas S.',
  'Emma T.',
  'Lucas F.',
  'Hannah V.',
  'Oliver G.',
  'Camille N.',
  'Mia H.',
];

const TEXTS: Record<number, string[]> = {
  5: [
    'Exactly what I needed. Great quality for the price.',
    'Used it every week for two months now and it still looks new.',
    'Fast delivery and the product exceeded my expectations.',
    'Brilliant. I bought a second one for my partner.',
  ],
  4: [
    'Very good overall, the finish could be a little better.',
    'Does the job well. Sizing was spot on.',
    'Solid and well made; instructions could be clearer.',
  ],
  3: [
    'Decent, but I expected a bit more at this price.',
    'It works, nothing special. Packaging was damaged but the item was fine.',
  ],
  2: ['Not as sturdy as it looks in the pictures.', 'Had to return the first one; the replacement is okay.'],
  1: ['Broke after two weeks. Support was helpful with the refund though.', 'Did not fit at all, very disappointed.'],
};

const RATINGS = [5, 5, 5, 4, 4, 4, 3, 2, 1];

export function reviewRows(
  products: { id: number; draft: { createdAt: Date } }[],
  rng: Random,
  now: Date,
): (typeof reviews.$inferInsert)[] {
  const rows: (typeof reviews.$inferInsert)[] = [];
  for (const product of products) {
    if (!rng.chance(0.45)) continue;
    const count = rng.int(1, 6);
    for (let i = 0; i < count; i++) {
      const rating = rng.pick(RATINGS);
      const from = product.draft.createdAt.getTime();
      const createdAt = new Date(from + (now.getTime() - from) * rng.next());
      rows.push({
        productId: product.id,
        authorName: rng.pick(AUTHORS),
        rating,
        text: rng.pick(TEXTS[rating]!),
        createdAt,
      });
    }
  }
  return rows;
}
