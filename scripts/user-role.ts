/**
 * npm run user:role -- <email> staff|editor|admin|customer
 * Grants or takes a back-office role (ADR 013, 023) on the configured database (DATABASE_URL, else PGlite
 * in DATA_DIR; stop the server first when using PGlite). Signed-in sessions see it on their next request.
 * Problems: one line (scripts/lib/cli.ts).
 */
import { isRole } from '../src/lib/rules/roles';
import { setRole } from '../src/server/services/admin/roles.server';
import { openConfiguredDatabase } from '../src/server/db/seed/open';
import { CliError, runScript, usageError } from './lib/cli';

const spec = { name: 'user:role', usage: 'npm run user:role -- <email> staff|editor|admin|customer', positionals: [2, 2] as [number, number] };

await runScript(spec, async ({ positionals: [email, role] }) => {
  if (!email || !role || !isRole(role)) throw usageError(spec);
  const database = await openConfiguredDatabase();
  try {
    const changed = await setRole(database.db, null, email, role);
    if (!changed) throw new CliError(`No account has the email address ${email}.`);
    console.log(`${changed.email} is now ${changed.role} (${database.describe}).`);
  } finally {
    await database.close();
  }
});
