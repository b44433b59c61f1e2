/**
 * Opening the database: a local libSQL file (the embedded default, created with its
 * folder on first use) or a libSQL server (sqld, Turso) at a libsql://, http(s):// or
 * ws(s):// URL.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createClient, type Client } from '@libsql/client';
import { DEFAULT_DATABASE_URL } from '../env.ts';

/** How long a write waits for a busy local file (the client pools connections, so this is not a PRAGMA). */
const BUSY_TIMEOUT_MS = 5000;

export interface Database {
  client: Client;
  local: boolean;
  url: string;
}

export async function openDatabase(url: string = DEFAULT_DATABASE_URL, authToken?: string): Promise<Database> {
  const local = url.startsWith('file:');
  if (local) {
    const path = url.slice('file:'.length).split('?')[0] ?? '';
    if (path && path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  }
  const client = createClient({ url, authToken: authToken || undefined, timeout: BUSY_TIMEOUT_MS });
  if (local) {
    // WAL persists in the file once set. synchronous stays FULL (the default) so a commit
    // survives power loss, and foreign keys are on by default in libSQL.
    await client.execute('PRAGMA journal_mode = WAL');
  }
  return { client, local, url };
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
