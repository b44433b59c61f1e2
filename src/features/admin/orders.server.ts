/** What the admin's order screens read: an order with its customer, items, history and subscription. */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/index.ts';
import { subscriptions, users } from '../../server/db/schema.ts';
import { customerOf, findOrder, historyOf, withItems } from '../orders/orders.server.ts';

export async function adminOrderPage(db: Db, id: string) {
  const order = await findOrder(db, id);
  if (!order) return null;
  const [full, customer, history, subscription] = await Promise.all([
    withItems(db, order),
    customerOf(db, order),
    historyOf(db, id),
    db.select().from(subscriptions).where(eq(subscriptions.orderId, id)).orderBy(asc(subscriptions.createdAt)),
  ]);
  const actorIds = [...new Set(history.map((e) => e.actorId).filter((a): a is string => a !== null))];
  const actors = new Map<string, string>();
  for (const actorId of actorIds) {
    const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, actorId));
    if (row) actors.set(actorId, row.name);
  }
  return { order: full, customer, history, subscriptions: subscription, actors };
}
