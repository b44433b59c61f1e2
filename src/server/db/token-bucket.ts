/**
 * The storage half of rate limiting (src/server/security/rate-limit.ts): token buckets in
 * the rate_limits table, taken and refilled atomically by one upsert, so restarts and
 * several server processes share every limit.
 */
import type { InStatement } from '@libsql/client';
import { eq, lt, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { statement } from './index.ts';
import { rateLimits } from './schema.ts';

// A driver-less drizzle instance: it only builds statements for the write queue.
const builder = drizzle.mock();

const refilled = (capacity: number, refillPerMs: number, now: number) =>
  sql`min(${capacity}, ${rateLimits.tokens} + max(0, ${now} - ${rateLimits.updatedAt}) * ${refillPerMs})`;

/**
 * Two statements for one unit: the upsert takes a token only if, after refilling for the
 * time elapsed, one is there (it returns a row when it did); the select reads the level.
 */
export function takeTokenStatements(bucket: string, capacity: number, refillPerMs: number, now: number): InStatement[] {
  const level = refilled(capacity, refillPerMs, now);
  return [
    statement(
      builder
        .insert(rateLimits)
        .values({ key: bucket, tokens: capacity - 1, updatedAt: new Date(now) })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: { tokens: sql`${level} - 1`, updatedAt: new Date(now) },
          setWhere: sql`${level} >= 1`,
        })
        .returning({ tokens: rateLimits.tokens }),
    ),
    statement(
      builder
        .select({ tokens: refilled(capacity, refillPerMs, now).as('tokens') })
        .from(rateLimits)
        .where(eq(rateLimits.key, bucket)),
    ),
  ];
}

/** Gives one token back to a bucket. */
export const returnTokenStatement = (bucket: string, capacity: number): InStatement =>
  statement(
    builder
      .update(rateLimits)
      .set({ tokens: sql`min(${capacity}, ${rateLimits.tokens} + 1)` })
      .where(eq(rateLimits.key, bucket)),
  );

/** Buckets untouched for a day are full (every window is shorter): the same as no row. */
export const staleBucketsStatement = (now: number): InStatement =>
  statement(builder.delete(rateLimits).where(lt(rateLimits.updatedAt, new Date(now - 24 * 60 * 60_000))));
