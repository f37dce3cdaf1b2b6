/** /api/admin/settings and /api/admin/home-hero (both rows of the settings table). */
import { getAdminSettings, getHomeHero, updateHomeHero, updateSettings } from '../services/admin/settings.server';
import { createAdminRouter } from './admin-language';
import { ok } from './envelope';
import { validate } from './validate';
import { settingsBody, heroBody } from '@/lib/contract/admin/settings';

export const adminSettingsApp = createAdminRouter()
  .get('/', async (c) => ok(c, await getAdminSettings(c.var.db)))
  .put('/', validate('json', settingsBody), async (c) => ok(c, await updateSettings(c.var.db, c.var.user!, c.req.valid('json'))));

export const adminHomeHeroApp = createAdminRouter()
  .get('/', async (c) => ok(c, await getHomeHero(c.var.db)))
  .put('/', validate('json', heroBody), async (c) => ok(c, await updateHomeHero(c.var.db, c.var.user!, c.req.valid('json'))));
