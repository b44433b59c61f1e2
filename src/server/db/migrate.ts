/**
 * Applies the committed drizzle-kit migrations (./drizzle). Idempotent: run at every
 * server start, by `npm run db:migrate`, and by tests on their temp database.
 */
import { resolve } from 'node:path';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { serverEnv } from '../env.ts';
import type { Database } from './client.ts';

/** The committed migrations folder (MIGRATIONS_DIR; the default is relative to the working directory). */
export const migrationsFolder = () => resolve(serverEnv().MIGRATIONS_DIR);

export async function migrateDatabase(database: Database, folder = migrationsFolder()) {
  await migrate(drizzle(database.client), { migrationsFolder: folder });
}
