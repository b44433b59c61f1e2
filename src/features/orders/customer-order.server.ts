import type { Db } from '#server/db/index.ts';
import type { OrderStatus } from '#server/db/schema.ts';
import { findCustomerOrder, historyOf } from './orders.server.ts';
import { customerHistory } from './progress.ts';
import { reviewsOf } from './reviews/reviews.server.ts';

/**
 * The order part of /account/orders/{id}, if the order is `userId`'s; null otherwise (the page answers
 * 404). The route adds the intake's state: orders does not reach into intake, which builds on orders.
 */
export async function customerOrderPage(db: Db, id: string, userId: string) {
  const order = await findCustomerOrder(db, id, userId);
  if (!order) return null;
  const [history, reviews] = await Promise.all([historyOf(db, id), reviewsOf(db, id)]);
  const reached = new Set<OrderStatus>(history.map((event) => event.toStatus));
  // Only what the customer may read leaves here: internal notes stay behind.
  return { order, history: customerHistory(history), reached, reviews };
}
