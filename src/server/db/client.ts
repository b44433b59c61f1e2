/**
 * Opening the database: a local libSQL file (the embedded default, created with its
 * folder on first use) or a libSQL server (sqld, Turso) at a libsql://, http(s):// or
 * ws(s):// URL.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createClient, type Client } from '@libsql/client';
import { DEFAULT_DATABASE_URL } from '../env.ts';
import { keepStatementsPrepared } from './local-statements.ts';

/** How long a write waits for a busy local file (the client pools connections, so this is not a PRAGMA). */
const BUSY_TIMEOUT_MS = 5000;

/**
 * How long one request to a remote libSQL server may take. The HTTP client has no deadline of
 * its own: a server that accepts and never answers would hold every request that needs the
 * database (and, through the write queue, every write behind it) until a proxy gave up. A
 * healthy server answers in milliseconds; past this the request fails and is answered 503.
 */
export const REMOTE_REQUEST_TIMEOUT_MS = 5000;

export interface Database {
  client: Client;
  local: boolean;
  url: string;
}

export async function openDatabase(
  url: string = DEFAULT_DATABASE_URL,
  authToken?: string,
  { remoteTimeoutMs = REMOTE_REQUEST_TIMEOUT_MS }: { remoteTimeoutMs?: number } = {},
): Promise<Database> {
  const local = url.startsWith('file:');
  const path = local ? (url.slice('file:'.length).split('?')[0] ?? '') : '';
  const file = local && path !== '' && path !== ':memory:' && !url.includes('?');
  if (local && path && path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  const opened = createClient({
    url,
    authToken: authToken || undefined,
    timeout: BUSY_TIMEOUT_MS,
    // http(s):// and libsql:// go through fetch (ws:// URLs keep their socket's own behaviour).
    fetch: (input: Request, init?: RequestInit) =>
      fetch(input, { ...init, signal: AbortSignal.timeout(remoteTimeoutMs) }),
  });
  // A file's statements stay prepared (a second connection: an in-memory database would be another one).
  const client = file ? keepStatementsPrepared(opened, path, BUSY_TIMEOUT_MS) : opened;
  if (local) {
    // WAL persists in the file once set. synchronous stays FULL (the default) so a commit
    // survives power loss, and foreign keys are on by default in libSQL.
    await client.execute('PRAGMA journal_mode = WAL');
  }
  return { client, local, url };
}

/** true when the database answers a trivial query. */
export async function isReachable(database: Pick<Database, 'client'>): Promise<boolean> {
  try {
    await database.client.execute('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

/** Network failures, timeouts and a busy or failing server: the database is unavailable, not our request wrong. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  // @libsql/client's names for an HTTP error status, a closed stream or socket, and a local file busy past its timeout.
  'SERVER_ERROR',
  'HRANA_CLOSED_ERROR',
  'HRANA_WEBSOCKET_ERROR',
  'SQLITE_BUSY',
]);

/**
 * true when `error` (or an error it wraps: drizzle and fetch wrap theirs in `cause`) says the
 * database could not be reached or did not answer in time: the caller answers 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    if (typeof current !== 'object') return false;
    const { name, code, cause } = current as { name?: unknown; code?: unknown; cause?: unknown };
    if (name === 'TimeoutError' || name === 'AbortError') return true;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    current = cause;
  }
  return false;
}
