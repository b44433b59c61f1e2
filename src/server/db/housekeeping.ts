/**
 * Deletes rows that can no longer matter, so tables stay small. Each feature declares what
 * expires (idle sessions, old links, stale rate-limit buckets) as a PruneTask; the server
 * entry runs them all now and hourly.
 */
import type { Client, InStatement } from '@libsql/client';

export interface PruneTask {
  /** The key under which `pruneExpired` reports how many rows went. */
  name: string;
  statement: (now: number) => InStatement;
}

/** Runs every task in one write batch; answers rows deleted per task. */
export async function pruneExpired(
  client: Client,
  tasks: readonly PruneTask[],
  now = Date.now(),
): Promise<Record<string, number>> {
  const results = await client.batch(
    tasks.map((task) => task.statement(now)),
    'write',
  );
  return Object.fromEntries(tasks.map((task, i) => [task.name, results[i]?.rowsAffected ?? 0]));
}

/** Prunes now and then hourly until stopped. */
export function startHousekeeping(
  client: Client,
  tasks: readonly PruneTask[],
  error: (obj: object, msg: string) => void = () => {},
) {
  const run = () => pruneExpired(client, tasks).catch((cause) => error({ err: String(cause) }, 'housekeeping failed'));
  void run();
  const timer = setInterval(run, 60 * 60_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
