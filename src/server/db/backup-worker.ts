/**
 * The slow halves of a backup, off the main thread. The local libSQL client runs SQLite
 * synchronously on the calling thread, so a `VACUUM INTO` or an `integrity_check` of a large
 * file run by the server itself would stall every request for its whole duration. In this
 * worker they run on a connection of their own: `VACUUM INTO` reads one snapshot (a WAL read
 * transaction) while the server keeps reading and committing beside it.
 * Started by backup.ts only; plain Node runs it (type stripping), so it imports nothing of ours.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createClient } from '@libsql/client';

export type WorkerTask = { task: 'copy'; source: string; target: string } | { task: 'verify'; file: string };

export type Verdict = { ok: true; migrations: number } | { ok: false; problem: string };

export type WorkerMessage =
  | { kind: 'copying' }
  | { kind: 'copied' }
  | { kind: 'verdict'; verdict: Verdict }
  | { kind: 'failed'; message: string; code?: string };

/** How long the copy waits for a lock (only WAL recovery by another connection can hold it up). */
const BUSY_TIMEOUT_MS = 5000;

const open = (file: string) => createClient({ url: `file:${file}`, timeout: BUSY_TIMEOUT_MS });

async function copy(source: string, target: string): Promise<void> {
  const client = open(source);
  try {
    post({ kind: 'copying' });
    await client.execute({ sql: 'VACUUM INTO ?', args: [target] });
  } finally {
    client.close();
  }
}

async function verify(file: string): Promise<Verdict> {
  const client = open(file);
  try {
    const rows = (await client.execute('PRAGMA integrity_check')).rows.map((row) => String(row[0]));
    if (rows.length !== 1 || rows[0] !== 'ok') {
      return { ok: false, problem: `integrity_check failed: ${rows.slice(0, 5).join('; ')}` };
    }
    const table = await client.execute(
      "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'",
    );
    if (table.rows.length === 0) {
      return { ok: false, problem: 'it has no migrations table (__drizzle_migrations): not a database of this app' };
    }
    const applied = await client.execute('SELECT count(*) FROM __drizzle_migrations');
    return { ok: true, migrations: Number(applied.rows[0]?.[0] ?? 0) };
  } catch (error) {
    // A damaged file often fails to open or to read at all (SQLITE_CORRUPT, SQLITE_NOTADB).
    return { ok: false, problem: error instanceof Error ? error.message : String(error) };
  } finally {
    client.close();
  }
}

function post(message: WorkerMessage) {
  parentPort?.postMessage(message);
}

if (parentPort) {
  const job = workerData as WorkerTask;
  try {
    if (job.task === 'copy') {
      await copy(job.source, job.target);
      post({ kind: 'copied' });
    } else {
      post({ kind: 'verdict', verdict: await verify(job.file) });
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    post({
      kind: 'failed',
      message: error instanceof Error ? error.message : String(error),
      code: typeof code === 'string' ? code : undefined,
    });
  }
}
