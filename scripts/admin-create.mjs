// `npm run admin:create -- --email ada@example.com --name "Ada Admin"`: creates (or promotes)
// an admin without a password and prints a single-use activation link (48 hours).
import { parseArgs } from 'node:util';
import { ACTIVATION_TTL_MS, newAccountToken } from '../src/server/auth/account-tokens.mjs';
import { ensureAdmin } from '../src/server/auth/bootstrap-admin.mjs';
import { DEFAULT_DATABASE_URL, openDatabase } from '../src/server/db/client.mjs';
import { migrateDatabase } from '../src/server/db/migrate.mjs';

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
if (!values.email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) {
  console.error('usage: npm run admin:create -- --email admin@example.com --name "Admin Name"');
  process.exit(2);
}
const database = await openDatabase(process.env.DATABASE_URL || DEFAULT_DATABASE_URL, process.env.DATABASE_AUTH_TOKEN);
await migrateDatabase(database);
const { id } = await ensureAdmin(database.client, {
  email: values.email,
  name: values.name?.trim() || 'Administrator',
});
const { token, statement } = newAccountToken(id, 'activation');
await database.client.execute(statement);
database.client.close();
const origin = (process.env.SITE_URL || 'http://localhost:4321').replace(/\/$/, '');
console.log(
  `Admin ${values.email.toLowerCase()} is ready. Activation link (single use, ${ACTIVATION_TTL_MS / 3_600_000} hours):`,
);
console.log(`${origin}/activate-account?token=${encodeURIComponent(token)}`);
