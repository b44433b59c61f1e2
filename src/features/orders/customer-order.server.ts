import type { Db } from '#server/db/index.ts';
import { findCustomerOrder, historyOf } from './orders.server.ts';
import { customerHistory } from './progress.ts';

/**
 * The order part of /account/orders/{id}, if the order is `userId`'s; null otherwise (the page answers
 * 404). The route adds the intake's state: orders does not reach into intake, which builds on orders.
 */
export async function customerOrderPage(db: Db, id: string, userId: string) {
  const order = await findCustomerOrder(db, id, userId);
  if (!order) return null;
  const history = await historyOf(db, id);
  // Only what the customer may read leaves here: internal notes stay behind.
  return { order, history: customerHistory(history) };
}
