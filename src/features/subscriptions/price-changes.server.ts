/**
 * A new price an admin set (nextPriceCents) becomes the price on its date (nextPriceFrom): a
 * housekeeping task, so it happens whether or not anyone opens the page. The audit entries are
 * written by the same batch, before the rows change, from the rows that change.
 */
import { and, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { build } from '#server/db/index.ts';
import type { PruneTask } from '#server/db/housekeeping.ts';
import { auditLog, subscriptions } from '#server/db/schema.ts';

const due = (now: number) =>
  and(
    isNotNull(subscriptions.nextPriceCents),
    lte(subscriptions.nextPriceFrom, new Date(now)),
    ne(subscriptions.status, 'canceled'),
  );

export const duePriceChanges: PruneTask = {
  name: 'subscription-prices',
  statement: (now) => [
    build.insert(auditLog).select(
      build
        .select({
          id: sql<string>`lower(hex(randomblob(16)))`.as('id'),
          at: sql<number>`${now}`.as('at'),
          actorId: sql<null>`null`.as('actor_id'),
          action: sql<'subscription.price-applied'>`'subscription.price-applied'`.as('action'),
          entityType: sql<string>`'subscription'`.as('entity_type'),
          entityId: subscriptions.id,
          before: sql<string>`json_object('priceCents', ${subscriptions.priceCents})`.as('before'),
          after: sql<string>`json_object('priceCents', ${subscriptions.nextPriceCents})`.as('after'),
          ip: sql<null>`null`.as('ip'),
        })
        .from(subscriptions)
        .where(due(now)),
    ),
    build
      .update(subscriptions)
      .set({
        priceCents: sql`${subscriptions.nextPriceCents}`,
        nextPriceCents: null,
        nextPriceFrom: null,
        version: sql`${subscriptions.version} + 1`,
        updatedAt: new Date(now),
      })
      .where(due(now)),
  ],
};
