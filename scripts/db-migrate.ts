// `npm run db:migrate`: apply pending migrations to DATABASE_URL (the server also does this at start).
import { openDatabase } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { serverEnv } from '#server/env.ts';

const env = serverEnv();
const database = await openDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN);
await migrateDatabase(database);
database.client.close();
console.log(`migrations applied to ${database.local ? env.DATABASE_URL : 'the remote libSQL database'}`);
