/**
 * GET /healthz for load balancers, container health checks and uptime monitors: 200 when the
 * database answers and the outbox worker keeps up; 503 with a `reason` otherwise. It is a
 * Fastify route, so it answers even while Astro is busy rendering. docs/operations.md: Health and metrics.
 */
import { and, count, eq, lte, min } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Database, isReachable } from '../db/client.ts';
import type { Db } from '../db/index.ts';
import { outbox } from '../db/schema.ts';
import { HEALTH } from './copy.ts';

/** A load balancer waits a few seconds at most: past this the database counts as unreachable. */
export const HEALTH_DEADLINE_MS = 2_000;

export interface HealthOptions {
  database: Pick<Database, 'client'> & { db: Db };
  /** The outbox is stuck when the oldest due mail has waited longer than this; undefined: never. */
  outboxStuckAfterMs: number | undefined;
  now?: () => number;
  deadlineMs?: number;
}

export type Health =
  | { status: 'ok'; database: 'reachable'; outbox: { due: number; oldestDueSeconds: number } }
  | {
      status: 'unavailable';
      reason: string;
      database: 'reachable' | 'unreachable';
      outbox?: { due: number; oldestDueSeconds: number };
    };

/** Mail due for delivery at `at` (pending, its next attempt reached): how many, and how long the oldest has waited. */
export async function outboxDueNow(db: Db, at: number): Promise<{ count: number; oldestSeconds: number }> {
  const [row] = await db
    .select({ n: count(), oldest: min(outbox.nextAttemptAt) })
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, new Date(at))));
  const oldest = row?.oldest;
  return { count: row?.n ?? 0, oldestSeconds: oldest ? Math.max(0, Math.round((at - oldest.getTime()) / 1000)) : 0 };
}

/** `promise`, or `fallback` once `ms` have passed (the slow call is left to finish on its own). */
async function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<T>((resolve) => {
        timer = setTimeout(() => resolve(fallback), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export async function checkHealth({
  database,
  outboxStuckAfterMs,
  now = () => Date.now(),
  deadlineMs = HEALTH_DEADLINE_MS,
}: HealthOptions): Promise<Health> {
  const unreachable = { status: 'unavailable', reason: HEALTH.databaseUnreachable, database: 'unreachable' } as const;
  const check = async (): Promise<Health> => {
    if (!(await isReachable(database))) return unreachable;
    const at = now();
    const due = await outboxDueNow(database.db, at);
    const outboxState = { due: due.count, oldestDueSeconds: due.oldestSeconds };
    if (outboxStuckAfterMs !== undefined && due.oldestSeconds * 1000 > outboxStuckAfterMs) {
      return {
        status: 'unavailable',
        reason: HEALTH.outboxStuck(due.oldestSeconds, Math.round(outboxStuckAfterMs / 1000)),
        database: 'reachable',
        outbox: outboxState,
      };
    }
    return { status: 'ok', database: 'reachable', outbox: outboxState };
  };
  return within(
    check().catch(() => unreachable),
    deadlineMs,
    unreachable,
  );
}

export function registerHealth(app: FastifyInstance, options: HealthOptions) {
  app.get('/healthz', async (_request, reply) => {
    const health = await checkHealth(options);
    return reply
      .code(health.status === 'ok' ? 200 : 503)
      .headers({ 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
      .send(JSON.stringify(health));
  });
}
