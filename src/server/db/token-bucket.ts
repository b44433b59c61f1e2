/**
 * The storage half of rate limiting (src/server/security/rate-limit.ts): token buckets in
 * the rate_limits table, taken and refilled atomically by one upsert, so restarts and
 * several server processes share every limit.
 */
import { eq, lt, sql } from 'drizzle-orm';
import { build, type WriteQuery } from './index.ts';
import { rateLimits } from './schema.ts';

const refilled = (capacity: number, refillPerMs: number, now: number) =>
  sql<number>`min(${capacity}, ${rateLimits.tokens} + max(0, ${now} - ${rateLimits.updatedAt}) * ${refillPerMs})`;

/**
 * Two statements for one unit: the upsert takes a token only if, after refilling for the
 * time elapsed, one is there (it returns a row when it did); the select reads the level.
 */
export function takeTokenStatements(bucket: string, capacity: number, refillPerMs: number, now: number) {
  const level = refilled(capacity, refillPerMs, now);
  return [
    build
      .insert(rateLimits)
      .values({ key: bucket, tokens: capacity - 1, updatedAt: new Date(now) })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: { tokens: sql`${level} - 1`, updatedAt: new Date(now) },
        setWhere: sql`${level} >= 1`,
      })
      .returning({ tokens: rateLimits.tokens }),
    build
      .select({ tokens: refilled(capacity, refillPerMs, now).as('tokens') })
      .from(rateLimits)
      .where(eq(rateLimits.key, bucket)),
  ] as const;
}

/** Gives one token back to a bucket. */
export const returnTokenStatement = (bucket: string, capacity: number): WriteQuery =>
  build
    .update(rateLimits)
    .set({ tokens: sql`min(${capacity}, ${rateLimits.tokens} + 1)` })
    .where(eq(rateLimits.key, bucket));

/** Buckets untouched for a day are full (every window is shorter): the same as no row. */
export const staleBucketsStatement = (now: number): WriteQuery =>
  build.delete(rateLimits).where(lt(rateLimits.updatedAt, new Date(now - 24 * 60 * 60_000)));
