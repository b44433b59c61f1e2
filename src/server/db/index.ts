import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import { serverEnv } from '../env.ts';
import { openDatabase, type Database } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import * as schema from './schema.ts';
import { WriteQueue } from './write-queue.ts';

export type { Tx, WriteQuery } from './write-queue.ts';

export type Db = LibSQLDatabase<typeof schema>;

export interface AppDatabase extends Database {
  /** Typed queries (reads, and building statements for the write queue). */
  db: Db;
  /** Durable, group-committed writes. */
  writes: WriteQueue;
}

/** Wraps an opened database with our query and write helpers (tests pass their own temp file). */
export function appDatabase(database: Database): AppDatabase {
  return { ...database, db: drizzle(database.client, { schema }), writes: new WriteQueue(database.client) };
}

/**
 * Builds typed queries where no database is at hand (the audit entry, an outbox mail, a
 * feature's write helpers): hand them to `writes.run([...])` or, inside a transaction, to
 * `tx.batch([...])`. It has no connection, so never await its queries directly.
 */
export const build = drizzle.mock({ schema });

let current: Promise<AppDatabase> | undefined;

/**
 * The app's database, opened once per process from DATABASE_URL. Migrations normally ran
 * when the server started (src/main.ts); running them again is a cheap no-op
 * that also covers `astro dev`.
 */
export function getDatabase(): Promise<AppDatabase> {
  current ??= (async () => {
    const env = serverEnv();
    const database = await openDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN);
    await migrateDatabase(database);
    return appDatabase(database);
  })().catch((error: unknown) => {
    current = undefined;
    throw error;
  });
  return current;
}
