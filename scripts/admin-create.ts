// `npm run admin:create -- --email ada@example.com --name "Ada Admin"`: creates (or promotes)
// an admin without a password and prints a single-use activation link (48 hours). It says
// what actually happened: an existing customer with a password of their own is not promoted.
// The back office needs two-factor sign-in: activating leads the admin to set it up.
import { parseArgs } from 'node:util';
import { ACTIVATION_TTL_MS, newAccountToken } from '#features/accounts/account-links.server.ts';
import { accountLink } from '#features/accounts/accounts.server.ts';
import { ensureAdmin } from '#features/accounts/bootstrap-admin.server.ts';
import { findUserById } from '#features/accounts/users.server.ts';
import { openDatabase } from '#server/db/client.ts';
import { appDatabase } from '#server/db/index.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { serverEnv } from '#server/env.ts';

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
if (!values.email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) {
  console.error('usage: npm run admin:create -- --email admin@example.com --name "Admin Name"');
  process.exit(2);
}
const env = serverEnv();
const database = appDatabase(await openDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN));
await migrateDatabase(database);
const email = values.email.toLowerCase();
const result = await ensureAdmin(database, { email, name: values.name?.trim() || 'Administrator' });
if (!result.created && !result.promoted) {
  // Either already an admin, or a customer's own account that must not be handed the admin area.
  if ((await findUserById(database.db, result.id))?.role !== 'admin') {
    console.error(
      `${email} belongs to a customer account with its own password: not promoted. Use another e-mail, or start the server with ADMIN_EMAIL=${email} and ADMIN_PASSWORD set to that account's password.`,
    );
    database.client.close();
    process.exit(1);
  }
}
const { token, statement } = newAccountToken(result.id, 'activation');
await database.writes.run([statement]);
database.client.close();
const what = result.created ? 'created' : result.promoted ? 'promoted to admin' : 'already an admin';
console.log(`Admin ${email}: ${what}. Activation link (single use, ${ACTIVATION_TTL_MS / 3_600_000} hours):`);
console.log(accountLink('/activate-account', token));
console.log(
  'Open it to choose a password, then set up two-factor sign-in with an authenticator app (the page it leads to): the back office opens once it is on.',
);
