import { categoriesQuery as listQuery, type CategoryJson } from '@/lib/contract/catalog';
import { type CategoryNode, getCategoryTree, getTopLevelCategories } from '../services/categories';
import { getFeaturedCategories } from '../services/content';
import { publicCache } from './cache';
import { createRouter } from './env';
import { ok } from './envelope';
import { validate } from './validate';

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

export const categoriesApp = createRouter()
  .get('/', publicCache(), validate('query', listQuery), async (c) => {
    const { topLevel } = c.req.valid('query');
    const languageId = c.var.language.id;
    const nodes = topLevel
      ? await getTopLevelCategories(c.var.readDb, languageId)
      : await getCategoryTree(c.var.readDb, languageId);
    return ok(c, nodes.map(categoryJson));
  })
  .get('/featured', publicCache(), async (c) => ok(c, await getFeaturedCategories(c.var.readDb, c.var.language.id)));
