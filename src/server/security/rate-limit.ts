import { sql } from 'drizzle-orm';
import { build, type WriteQuery } from '../db/index.ts';
import { rateLimits } from '../db/schema.ts';
import { serverEnv } from '../env.ts';
import type { PruneTask } from '../db/housekeeping.ts';
import { returnTokenStatement, staleBucketsStatement, takeTokenStatements } from '../db/token-bucket.ts';
import type { WriteQueue } from '../db/write-queue.ts';
import { signal } from '../signals.ts';

/** A token bucket: `capacity` requests at once, refilled evenly over `windowMs`. */
export interface RateLimitRule {
  name: string;
  capacity: number;
  windowMs: number;
}

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/** false only with RATE_LIMITS=off (benchmarks and test harnesses). */
export const rateLimitsEnabled = () => serverEnv().RATE_LIMITS !== 'off';

/**
 * Takes one token from the bucket `rule.name:key`, atomically in one statement, in the
 * database so that restarts and several server processes share the limit.
 */
export async function consumeToken(
  writes: WriteQueue,
  rule: RateLimitRule,
  key: string,
  now = Date.now(),
  enabled = rateLimitsEnabled(),
): Promise<RateLimitResult> {
  if (!enabled) return { ok: true };
  const refillPerMs = rule.capacity / rule.windowMs;
  const [taken, current] = await writes.run(
    takeTokenStatements(`${rule.name}:${key}`, rule.capacity, refillPerMs, now),
  );
  if (taken.length > 0) return { ok: true };
  const tokens = current[0]?.tokens ?? 0;
  const missing = Math.max(0, 1 - tokens);
  signal('rateLimitRefusal', rule.name);
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(missing / refillPerMs / 1000)) };
}

/** Gives a token back (a login that succeeded should not count against the e-mail). */
export async function returnToken(writes: WriteQueue, rule: RateLimitRule, key: string, enabled = rateLimitsEnabled()) {
  if (!enabled) return;
  await writes.run([returnTokenStatement(`${rule.name}:${key}`, rule.capacity)]);
}

export const rateLimitPruning: PruneTask = { name: 'rateLimits', statement: staleBucketsStatement };

/**
 * Forgets the buckets keyed by an address (`rule:address`, or `rule:address|client` for one
 * account from one client), so a deleted account's address is not kept in rate_limits.
 */
export function forgetAddressLimitsStatement(address: string): WriteQuery {
  const keyed = sql`substr(${rateLimits.key}, instr(${rateLimits.key}, ':') + 1)`;
  const lowered = address.trim().toLowerCase();
  return build
    .delete(rateLimits)
    .where(sql`${keyed} = ${lowered} OR substr(${keyed}, 1, ${lowered.length + 1}) = ${`${lowered}|`}`);
}
