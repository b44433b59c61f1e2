// `npm run db:migrate`: apply pending migrations to DATABASE_URL (the server also does this at start).
import { DEFAULT_DATABASE_URL, openDatabase } from '../src/server/db/client.mjs';
import { migrateDatabase } from '../src/server/db/migrate.mjs';

const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
const database = await openDatabase(url, process.env.DATABASE_AUTH_TOKEN);
await migrateDatabase(database);
database.client.close();
console.log(`migrations applied to ${database.local ? url : 'the remote libSQL database'}`);
