/**
 * npm run user:create -- <email> admin|editor|staff|customer
 * Creates the account, or gives an existing one the role, on the configured database
 * (DATABASE_URL, else PGlite in DATA_DIR), and prints a link where that person chooses the
 * password (valid 24 hours, once). `npm run user:role` is the same command under its old name.
 * Problems: one line (scripts/lib/cli.ts); a running PGlite shop is named, with what to do.
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import { ROLES, isRole } from '../src/lib/rules/roles';
import { config } from '../src/server/config';
import { openConfiguredDatabase } from '../src/server/db/seed/open';
import { FIRST_PASSWORD_LINK_HOURS, createUserWithLink } from '../src/server/services/admin/roles/user-create.server';
import { CliError, runScript, usageError } from './lib/cli';

const spec = {
  name: 'user:create',
  usage: `npm run user:create -- <email> ${[...ROLES].reverse().join('|')}`,
  positionals: [2, 2] as [number, number],
};
const email = z.email().max(254);

async function open() {
  try {
    return await openConfiguredDatabase();
  } catch (error) {
    // PGlite lets one process open DATA_DIR: a running shop holds it (its lock says so).
    if ((error as Error).name !== 'DataDirLockedError') throw error;
    const pid = /\(pid (\d+)\)/.exec((error as Error).message)?.[1];
    throw new CliError(
      `The shop is running on ${resolve(config().DATA_DIR)}${pid ? ` (pid ${pid})` : ''} and PGlite lets one process open it: stop the shop, run npm run user:create again, then start the shop.`,
    );
  }
}

await runScript(spec, async ({ positionals: [address, role] }) => {
  if (!email.safeParse(address!.trim()).success) throw usageError(spec, `Not an email address: ${address}.`);
  if (!isRole(role!)) throw usageError(spec, `Unknown role: ${role}.`);
  const database = await open();
  try {
    const user = await createUserWithLink(database.db, address!, role);
    console.log(`${user.email} ${user.created ? 'was created as' : 'is now'} ${user.role} (${database.describe}).`);
    console.log(`Open this link within ${FIRST_PASSWORD_LINK_HOURS} hours to choose the password (it works once):`);
    console.log(`  ${user.link}`);
  } finally {
    await database.close();
  }
});
