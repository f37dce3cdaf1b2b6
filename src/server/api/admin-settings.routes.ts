/** /api/admin/settings (the settings row and the default currency) and /api/admin/home-hero (per language). */
import { getAdminSettings, updateSettings } from '../services/admin/settings/settings.server';
import { getHomeHeroes, updateHomeHero } from '../services/admin/content/home-hero.server';
import { createAdminRouter } from './admin-language';
import { ok } from './envelope';
import { validate } from './validate';
import { settingsBody, heroBody } from '@/lib/contract/admin/settings';

export const adminSettingsApp = createAdminRouter()
  .get('/', async (c) => ok(c, await getAdminSettings(c.var.db)))
  .put('/', validate('json', settingsBody), async (c) =>
    ok(c, await updateSettings(c.var.db, c.var.user!, c.req.valid('json'))),
  );

export const adminHomeHeroApp = createAdminRouter()
  .get('/', async (c) => ok(c, await getHomeHeroes(c.var.db)))
  .put('/', validate('json', heroBody), async (c) =>
    ok(c, await updateHomeHero(c.var.db, c.var.user!, c.req.valid('json'))),
  );
