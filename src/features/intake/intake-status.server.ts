import type { Db } from '#server/db/index.ts';
import { intakes, type IntakeStatus } from '#server/db/schema.ts';
import { ownsIntake } from '#features/accounts/ownership.server.ts';

/** Each of the customer's intakes' status, by order id (orders without one are absent: not started). */
export async function intakeStatusesOf(db: Db, userId: string): Promise<Map<string, IntakeStatus>> {
  const rows = await db
    .select({ orderId: intakes.orderId, status: intakes.status })
    .from(intakes)
    .where(ownsIntake(userId));
  return new Map(rows.map((r) => [r.orderId, r.status]));
}
