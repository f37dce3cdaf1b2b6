import { z } from 'zod';
import { type CategoryNode, getCategoryTree, getTopLevelCategories } from '../services/categories';
import { getFeaturedCategories } from '../services/content';
import { publicCache } from './cache';
import { createRouter } from './env';
import { ok } from './envelope';
import { validate } from './validate';

/**
 * The spec's Category (storefront §3). Only the `subcategories` spelling is sent: the spec says
 * some responses use `subCategories` and the islands accept both, so a second copy of the tree
 * under the other key would only double the payload (docs/decisions/006-content-api.md).
 */
export interface CategoryJson {
  id: number;
  name: string;
  slug: string;
  url: string;
  /** 0 for a top-level category. */
  parent_id: number;
  subcategories: CategoryJson[];
}

export function categoryJson(node: CategoryNode): CategoryJson {
  return {
    id: node.id,
    name: node.name,
    slug: node.slug,
    url: node.url,
    parent_id: node.parentId,
    subcategories: node.subcategories.map(categoryJson),
  };
}

const listQuery = z.looseObject({
  topLevel: z
    .enum(['1', '0', 'true', 'false'], { error: 'The topLevel field must be 1 or 0.' })
    .optional()
    .transform((value) => value === '1' || value === 'true'),
});

export const categoriesApp = createRouter()
  .get('/', publicCache(), validate('query', listQuery), async (c) => {
    const { topLevel } = c.req.valid('query');
    const languageId = c.var.language.id;
    const nodes = topLevel ? await getTopLevelCategories(c.var.db, languageId) : await getCategoryTree(c.var.db, languageId);
    return ok(c, nodes.map(categoryJson));
  })
  .get('/featured', publicCache(), async (c) => ok(c, await getFeaturedCategories(c.var.db, c.var.language.id)));
