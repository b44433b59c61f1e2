/**
 * The optimistic version check of every admin change to a subscription: each form carries the
 * version it was rendered at, so a change made meanwhile (another admin, a provider webhook) is
 * refused as 'stale' instead of overwritten. Checked when the subscription is read, and again
 * in the write transaction, which bumps the version.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AppDatabase, Db, WriteQuery } from '#server/db/index.ts';
import { subscriptions } from '#server/db/schema.ts';
import type { Subscription } from '../subscriptions.server.ts';
import { planStatusStatement } from '#features/lifecycle/plans.server.ts';

type VersionRefusal = { ok: false; reason: 'not-found' | 'stale' };

/** The subscription if it is still at `version`. */
export async function subscriptionAtVersion(
  db: Db,
  id: string,
  version: number,
): Promise<{ ok: true; subscription: Subscription } | VersionRefusal> {
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!subscription) return { ok: false, reason: 'not-found' };
  if (subscription.version !== version) return { ok: false, reason: 'stale' };
  return { ok: true, subscription };
}

/**
 * Applies `set` to `read` (as subscriptionAtVersion returned it) only if its version has not
 * moved since, bumping it, and commits `audit` with it; 'stale' otherwise.
 */
export async function writeAtVersion(
  database: AppDatabase,
  read: Subscription,
  set: Partial<typeof subscriptions.$inferInsert>,
  audit: WriteQuery,
  now: number,
): Promise<{ ok: true; subscription: Subscription } | VersionRefusal> {
  const written = await database.writes.transaction(async (tx) => {
    const { status, ...columns } = set;
    const bumped = { ...columns, version: sql`${subscriptions.version} + 1` };
    const atVersion = eq(subscriptions.version, read.version);
    // A change of state is the lifecycle's statement; a price or a note alone is this row's own.
    const [result] = status
      ? await tx.batch([planStatusStatement(read.id, status, bumped, now, atVersion)])
      : [
          await tx
            .update(subscriptions)
            .set({ ...bumped, updatedAt: new Date(now) })
            .where(and(eq(subscriptions.id, read.id), atVersion)),
        ];
    if (result?.rowsAffected !== 1) return false;
    await tx.batch([audit]);
    return true;
  });
  if (!written) return { ok: false, reason: 'stale' };
  return { ok: true, subscription: { ...read, ...set, version: read.version + 1 } };
}
