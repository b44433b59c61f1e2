/**
 * A plan's (subscription's) status, written only here: the statement every way a plan starts,
 * is accepted, goes past due, is canceled with notice or ends builds, so the lifecycle is the one
 * writer of the column and a new way in cannot skip it. Each caller commits it with its audit
 * entry (and its guard, `where`, so a stale or raced change updates nothing; a version bump, where
 * the caller's form checks one, rides in `set`).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { build, type WriteQuery } from '#server/db/index.ts';
import { subscriptions, type SubscriptionStatus } from '#server/db/schema.ts';

/** The other columns that change with a status (never the status itself: that is `to`). */
type PlanColumns = Omit<Partial<typeof subscriptions.$inferInsert>, 'status' | 'id' | 'updatedAt' | 'version'> & {
  /** A version bump (`version + 1`), where the caller's form checks one. */
  version?: SQL | number;
};

/**
 * The statement that moves plan `id` to `to` (with `set`), only where `where` still holds. A
 * plan that ended stays ended: nothing moves a canceled plan again.
 */
export function planStatusStatement(
  id: string,
  to: SubscriptionStatus,
  set: PlanColumns = {},
  now = Date.now(),
  where?: SQL,
): WriteQuery {
  return build
    .update(subscriptions)
    .set({ ...set, status: to, updatedAt: new Date(now) })
    .where(and(eq(subscriptions.id, id), sql`${subscriptions.status} <> 'canceled'`, where));
}
