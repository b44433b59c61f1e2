// `npm run billing:run [-- --at 2027-01-05T15:00:00Z] [--subscription <id>]`: runs the billing part of the hourly
// housekeeping once (monthly plan invoices that fell due, then invoice reminders) and prints
// what it did. The server does this every hour; this is for catching up by hand after a long
// outage, and, with --at, for trying a billing date ahead of time on a test database
// (--subscription bills that one plan only, so other plans there keep their dates).
import { parseArgs } from 'node:util';
import { openDatabase } from '#server/db/client.ts';
import { appDatabase } from '#server/db/index.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { serverEnv } from '#server/env.ts';
import { sendInvoiceReminders } from '#features/invoices/reminders.server.ts';
import { billDuePlans } from '#features/subscriptions/plan-billing.server.ts';

const { values } = parseArgs({ options: { at: { type: 'string' }, subscription: { type: 'string' } } });
const now = values.at ? Date.parse(values.at) : Date.now();
if (!Number.isFinite(now)) {
  console.error('usage: npm run billing:run [-- --at 2027-01-05T15:00:00Z] [--subscription <id>]');
  process.exit(2);
}
const env = serverEnv();
const database = appDatabase(await openDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN));
await migrateDatabase(database);
const invoices = await billDuePlans(database, now, values.subscription);
const reminders = await sendInvoiceReminders(database, now);
console.log(JSON.stringify({ at: new Date(now).toISOString(), planInvoices: invoices, reminders }));
database.client.close();
