import type { Db } from '#server/db/index.ts';
import { intakeForOrder } from '#features/intake/intake.server.ts';
import { findCustomerOrder, historyOf } from './orders.server.ts';
import { customerHistory } from './progress.ts';

/** Everything /account/orders/{id} shows, if the order is `userId`'s; null otherwise (the page answers 404). */
export async function customerOrderPage(db: Db, id: string, userId: string) {
  const order = await findCustomerOrder(db, id, userId);
  if (!order) return null;
  const [history, intake] = await Promise.all([historyOf(db, id), intakeForOrder(db, id, userId)]);
  // Only what the customer may read leaves here: internal notes stay behind.
  return { order, history: customerHistory(history), intake };
}
