import { DATABASE_AUTH_TOKEN, DATABASE_URL } from 'astro:env/server';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import { openDatabase, type Database } from './client.mjs';
import { migrateDatabase } from './migrate.mjs';
import { WriteQueue } from './write-queue';

export interface AppDatabase extends Database {
  /** Typed queries (reads, and writes that need no group commit). */
  db: LibSQLDatabase;
  /** Durable, group-committed writes. */
  writes: WriteQueue;
}

/** Wraps an opened database with our query and write helpers (tests pass their own temp file). */
export function appDatabase(database: Database): AppDatabase {
  return { ...database, db: drizzle(database.client), writes: new WriteQueue(database.client) };
}

let current: Promise<AppDatabase> | undefined;

/**
 * The app's database, opened once per process from DATABASE_URL. Migrations normally ran
 * when the server started (src/server/http/main.mjs); running them again is a cheap no-op
 * that also covers `astro dev`.
 */
export function getDatabase(): Promise<AppDatabase> {
  current ??= (async () => {
    const database = await openDatabase(DATABASE_URL, DATABASE_AUTH_TOKEN);
    await migrateDatabase(database);
    return appDatabase(database);
  })().catch((error: unknown) => {
    current = undefined;
    throw error;
  });
  return current;
}
