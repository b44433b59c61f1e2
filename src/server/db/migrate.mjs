// @ts-check
/**
 * Applies the committed drizzle-kit migrations (./drizzle). Idempotent: run at every
 * server start, by `npm run db:migrate`, and by tests on their temp database.
 */
import { resolve } from 'node:path';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';

/** The committed migrations folder (MIGRATIONS_DIR overrides; the default is relative to the working directory). */
export const migrationsFolder = () => resolve(process.env.MIGRATIONS_DIR ?? 'drizzle');

/**
 * @param {import('./client.mjs').Database} database
 * @param {string} [folder]
 */
export async function migrateDatabase(database, folder = migrationsFolder()) {
  await migrate(drizzle(database.client), { migrationsFolder: folder });
}
