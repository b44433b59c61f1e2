// @ts-check
/**
 * Opening the database: a local libSQL file (the embedded default, created with its
 * folder on first use) or a libSQL server (sqld, Turso) at a libsql://, http(s):// or
 * ws(s):// URL. Plain JS so the server entry and scripts can use it without a build.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createClient } from '@libsql/client';

export const DEFAULT_DATABASE_URL = 'file:./data/app.db';
/** How long a write waits for a busy local file (the client pools connections, so this is not a PRAGMA). */
const BUSY_TIMEOUT_MS = 5000;

/**
 * @typedef {{ client: import('@libsql/client').Client, local: boolean, url: string }} Database
 */

/**
 * @param {string} [url]
 * @param {string} [authToken]
 * @returns {Promise<Database>}
 */
export async function openDatabase(url = DEFAULT_DATABASE_URL, authToken) {
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

/**
 * true when the database answers a trivial query.
 * @param {Database} database
 */
export async function isReachable(database) {
  try {
    await database.client.execute('SELECT 1');
    return true;
  } catch {
    return false;
  }
}
