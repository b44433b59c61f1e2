// `npm run admin:reset-two-factor -- --email ada@example.com`: for an admin (or a customer) who
// lost both the authenticator app and the recovery codes. Removes the account's two-factor key and
// recovery codes and signs it out everywhere, audited (admin.two-factor-reset); the next sign-in
// with the password leads an admin to set two-factor sign-in up again before the back office opens.
// Check who is asking before running it: it is the one way past the second factor.
import { parseArgs } from 'node:util';
import { resetTwoFactor } from '#features/accounts/two-factor/two-factor.server.ts';
import { findUserByEmail, normalizeEmail } from '#features/accounts/users.server.ts';
import { openDatabase } from '#server/db/client.ts';
import { appDatabase } from '#server/db/index.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { serverEnv } from '#server/env.ts';

const { values } = parseArgs({ options: { email: { type: 'string' } } });
if (!values.email) {
  console.error('usage: npm run admin:reset-two-factor -- --email admin@example.com');
  process.exit(2);
}
const env = serverEnv();
const database = appDatabase(await openDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN));
await migrateDatabase(database);
const email = normalizeEmail(values.email);
const user = await findUserByEmail(database.db, email);
if (!user) {
  database.client.close();
  console.error(`No account for ${email}: nothing changed.`);
  process.exit(1);
}
const reset = await resetTwoFactor(database, user.id);
database.client.close();
if (!reset) {
  console.log(`${email} has no two-factor sign-in: nothing changed.`);
} else {
  const next =
    user.role === 'admin'
      ? 'Their next sign-in with the password leads to setting it up again; the back office opens once it is on.'
      : 'They sign in with the password alone until they set it up again.';
  console.log(`Two-factor sign-in of ${email} removed, and every session of the account ended (audited). ${next}`);
}
