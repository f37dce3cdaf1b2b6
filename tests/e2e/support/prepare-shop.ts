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
import { sql } from 'drizzle-orm';
import { E2E_ADMIN, E2E_CART_CUSTOMER } from './accounts';

const database = await openConfiguredDatabase();
try {
  await seedIfEmpty(database.db);
  await createUser(database.db, { ...E2E_ADMIN, name: 'Alex', surname: 'Admin' });
  await setRole(database.db, null, E2E_ADMIN.email, 'admin');
  // A cart left behind two days ago by a newsletter subscriber (cart-reminder.spec.ts).
  const left = await createUser(database.db, { ...E2E_CART_CUSTOMER, name: 'Lena', surname: 'Left' });
  await database.db.execute(sql`
    insert into newsletter_subscriptions (email, confirmed_at) values (${left.email}, now())`);
  await database.db.execute(sql`
    insert into cart_items (user_id, product_id, count, created_at, updated_at)
    select ${left.id}, p.id, 2, now() - interval '2 days', now() - interval '2 days' from products p
    where p.active and p.stock >= 50 and not exists (select 1 from variations v where v.product_id = p.id)
    order by p.id limit 1`);
  console.log(`e2e: demo shop seeded, ${E2E_ADMIN.email} is admin (${database.describe}).`);
} finally {
  await database.close();
}
