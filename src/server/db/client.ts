import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createClient, type Client } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';

export const DEFAULT_DATABASE_URL = 'file:./data/app.db';
/** How long a write waits for a busy local file before failing (the client pools connections, so not a PRAGMA). */
const BUSY_TIMEOUT_MS = 5000;

export interface Database {
  client: Client;
  db: LibSQLDatabase;
  /** true for an embedded file, false for a libSQL server (sqld, Turso). */
  local: boolean;
}

/**
 * Opens the database at `url`: a local libSQL file (created with its folder on first
 * use) or a remote libSQL server. The same code serves both.
 */
export async function openDatabase(url: string = DEFAULT_DATABASE_URL, authToken?: string): Promise<Database> {
  const local = url.startsWith('file:');
  if (local) {
    const path = url.slice('file:'.length).split('?')[0] ?? '';
    if (path && path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  }
  const client = createClient({ url, authToken, timeout: BUSY_TIMEOUT_MS });
  if (local) {
    // WAL persists in the file once set; synchronous stays FULL (the default) for power-loss safety.
    await client.execute('PRAGMA journal_mode = WAL');
  }
  return { client, db: drizzle(client), local };
}

/** true when the database answers a trivial query. */
export async function isReachable(database: Database): Promise<boolean> {
  try {
    await database.client.execute('SELECT 1');
    return true;
  } catch {
    return false;
  }
}
