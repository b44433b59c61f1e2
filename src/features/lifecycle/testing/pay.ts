/** Tests' way to pay an order: a payment of the whole balance, recorded as every payment is. */
import type { AppDatabase } from '#server/db/index.ts';
import { recordOrderPayment } from '../lifecycle.server.ts';

export async function payInFull(database: AppDatabase, orderId: string, now = Date.now()): Promise<void> {
  const paid = await recordOrderPayment(
    database,
    { orderId, paidAt: new Date(now), method: 'bank_transfer', actorId: null, ip: null },
    now,
  );
  if (!paid.ok || !paid.orderMoved)
    throw new Error(`payInFull: order ${orderId} was not paid (${JSON.stringify(paid)})`);
}
