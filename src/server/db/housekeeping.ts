/**
 * Deletes rows that can no longer matter, so tables stay small, and applies what fell due.
 * Each feature declares what expires (idle sessions, old links, stale rate-limit buckets) or
 * takes effect on a date (a subscription's new price) as a PruneTask; the server entry runs
 * them all now and hourly.
 */
import type { Client } from '@libsql/client';
import { toStatement, type WriteQuery } from './write-queue.ts';

export interface PruneTask {
  /** The key under which `pruneExpired` reports how many rows went. */
  name: string;
  /** One statement, or several that belong together (the last one's rows are reported). */
  statement: (now: number) => WriteQuery | readonly WriteQuery[];
}

/** Runs every task in one write batch; answers rows deleted per task. */
export async function pruneExpired(
  client: Client,
  tasks: readonly PruneTask[],
  now = Date.now(),
): Promise<Record<string, number>> {
  const groups = tasks.map((task) => [task.statement(now)].flat());
  const results = await client.batch(groups.flat().map(toStatement), 'write');
  let end = 0;
  return Object.fromEntries(
    tasks.map((task, i) => {
      end += groups[i]?.length ?? 0;
      return [task.name, results[end - 1]?.rowsAffected ?? 0];
    }),
  );
}

/**
 * Work that falls due and needs more than one statement (a reminder mail rendered per invoice):
 * each job claims what it does itself, so two servers running it at once do it once.
 */
export type DueJob = (now: number) => Promise<unknown>;

/** Prunes (and runs the due jobs) now and then hourly until stopped. */
export function startHousekeeping(
  client: Client,
  tasks: readonly PruneTask[],
  error: (obj: object, msg: string) => void = () => {},
  jobs: readonly DueJob[] = [],
) {
  const run = async () => {
    const now = Date.now();
    await pruneExpired(client, tasks, now).catch((cause) => error({ err: String(cause) }, 'housekeeping failed'));
    for (const job of jobs) await job(now).catch((cause) => error({ err: String(cause) }, 'housekeeping job failed'));
  };
  void run();
  const timer = setInterval(run, 60 * 60_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
