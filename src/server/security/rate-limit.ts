import type { InStatement } from '@libsql/client';
import { RATE_LIMITS } from 'astro:env/server';
import type { WriteQueue } from '../db/write-queue';

/** A token bucket: `capacity` requests at once, refilled evenly over `windowMs`. */
export interface RateLimitRule {
  name: string;
  capacity: number;
  windowMs: number;
}

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Takes one token from the bucket `rule.name:key`, atomically in one statement, in the
 * database so that restarts and several server processes share the limit.
 */
export async function consumeToken(
  writes: WriteQueue,
  rule: RateLimitRule,
  key: string,
  now = Date.now(),
  enabled = RATE_LIMITS !== 'off',
): Promise<RateLimitResult> {
  if (!enabled) return { ok: true };
  const bucket = `${rule.name}:${key}`;
  const refillPerMs = rule.capacity / rule.windowMs;
  const [taken, current] = await writes.run(takeTokenStatements(bucket, rule.capacity, refillPerMs, now));
  if (taken && taken.rows.length > 0) return { ok: true };
  const row = current?.rows[0];
  const tokens = row ? Number(row.tokens) : 0;
  const missing = Math.max(0, 1 - tokens);
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(missing / refillPerMs / 1000)) };
}

/** The upsert takes a token only if, after refilling for the time elapsed, one is there. */
function takeTokenStatements(bucket: string, capacity: number, refillPerMs: number, now: number): InStatement[] {
  const refilled = `min(:capacity, tokens + max(0, :now - updated_at) * :refill)`;
  return [
    {
      sql: `INSERT INTO rate_limits (key, tokens, updated_at) VALUES (:key, :capacity - 1, :now)
            ON CONFLICT(key) DO UPDATE SET tokens = ${refilled} - 1, updated_at = :now
            WHERE ${refilled} >= 1
            RETURNING tokens`,
      args: { key: bucket, capacity, now, refill: refillPerMs },
    },
    {
      sql: `SELECT ${refilled} AS tokens FROM rate_limits WHERE key = :key`,
      args: { key: bucket, capacity, now, refill: refillPerMs },
    },
  ];
}

/** Gives a token back (a login that succeeded should not count against the e-mail). */
export async function returnToken(
  writes: WriteQueue,
  rule: RateLimitRule,
  key: string,
  enabled = RATE_LIMITS !== 'off',
) {
  if (!enabled) return;
  await writes.run([
    {
      sql: 'UPDATE rate_limits SET tokens = min(?, tokens + 1) WHERE key = ?',
      args: [rule.capacity, `${rule.name}:${key}`],
    },
  ]);
}

const MINUTE = 60_000;
/** The limits of endpoints that hash passwords or send e-mail. */
export const AUTH_LIMITS = {
  /** Failed logins per e-mail. */
  loginEmail: { name: 'login-email', capacity: 5, windowMs: 15 * MINUTE },
  /** Login attempts per client address (each costs a hash). */
  loginIp: { name: 'login-ip', capacity: 20, windowMs: 15 * MINUTE },
  register: { name: 'register-ip', capacity: 5, windowMs: 60 * MINUTE },
  linkRequestIp: { name: 'link-ip', capacity: 5, windowMs: 60 * MINUTE },
  linkRequestEmail: { name: 'link-email', capacity: 3, windowMs: 60 * MINUTE },
  setPassword: { name: 'set-password-ip', capacity: 10, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimitRule>;
