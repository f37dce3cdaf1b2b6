/**
 * Run by playwright.config.ts before the e2e shop starts, on its fresh DATA_DIR: seeds the demo
 * shop (as `npm start` would) and adds an admin account. The demo seed has no admin (the first
 * one is made on the command line), and PGlite admits one process, so it is made here, before
 * the shop opens the database. Settings, prices and the mail log need the admin (roles.ts).
 */
import { seedIfEmpty } from '@/server/db/seed/index';
import { openConfiguredDatabase } from '@/server/db/seed/open';
import { setRole } from '@/server/services/admin/roles/roles.server';
import { createUser } from '~/tests/helpers/session';
import { E2E_ADMIN } from './accounts';

const database = await openConfiguredDatabase();
try {
  await seedIfEmpty(database.db);
  await createUser(database.db, { ...E2E_ADMIN, name: 'Alex', surname: 'Admin' });
  await setRole(database.db, null, E2E_ADMIN.email, 'admin');
  console.log(`e2e: demo shop seeded, ${E2E_ADMIN.email} is admin (${database.describe}).`);
} finally {
  await database.close();
}
