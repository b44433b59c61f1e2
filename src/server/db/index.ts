import { DATABASE_AUTH_TOKEN, DATABASE_URL } from 'astro:env/server';
import { openDatabase, type Database } from './client';

let database: Promise<Database> | undefined;

/** The app's database, opened once per process from DATABASE_URL / DATABASE_AUTH_TOKEN. */
export function getDatabase(): Promise<Database> {
  database ??= openDatabase(DATABASE_URL, DATABASE_AUTH_TOKEN).catch((error: unknown) => {
    database = undefined;
    throw error;
  });
  return database;
}
