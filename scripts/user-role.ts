/**
 * npm run user:role -- <email> staff|editor|admin|customer
 * Grants or takes a back-office role (ADR 013, 023) on the configured database (DATABASE_URL, else PGlite
 * in DATA_DIR; stop the server first when using PGlite). Signed-in sessions see it on their next request.
 */
import { isRole } from '../src/lib/rules/roles';
import { setRole } from '../src/server/services/admin/roles.server';
import { openConfiguredDatabase } from '../src/server/db/seed/open';

const [email, role] = process.argv.slice(2);
if (!email || !role || !isRole(role)) {
  console.error('Usage: npm run user:role -- <email> staff|editor|admin|customer');
  process.exit(2);
}
const database = await openConfiguredDatabase();
try {
  const changed = await setRole(database.db, null, email, role);
  if (!changed) {
    console.error(`No account has the email address ${email}.`);
    process.exitCode = 1;
  } else {
    console.log(`${changed.email} is now ${changed.role} (${database.describe}).`);
  }
} finally {
  await database.close();
}
