/**
 * The demo staff account's password on a bench database: a production seed gave it one printed
 * once, so the back-office benches (bench/orders-list.mjs, bench/products-admin.mjs) sign in with
 * their own. `npx tsx bench/lib/bench-staff.ts` sets it on the configured database.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { users } from '@/server/db/schema/index';
import { DEMO_STAFF, hashPassword } from '@/server/db/seed/users';

export const BENCH_STAFF_PASSWORD = 'Bench-Staff-1234';

export async function setBenchStaffPassword(db: Db): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(BENCH_STAFF_PASSWORD) })
    .where(sql`lower(${users.email}) = ${DEMO_STAFF.email}`);
}

if (process.argv[1]?.endsWith('bench-staff.ts')) {
  const { openConfiguredDatabase } = await import('@/server/db/seed/open');
  const database = await openConfiguredDatabase();
  try {
    await setBenchStaffPassword(database.db);
  } finally {
    await database.close();
  }
}
