/**
 * The reminder the day before a call, run by the hourly housekeeping: a call starting within
 * the next 24 hours whose reminder has not gone gets one. Each is claimed by a conditional
 * update (reminded_at still empty, the booking still active) in the transaction that queues its
 * mail, so two runs or two servers send it once. The mail carries a manage link of its own: the
 * first link's secret is not kept, so the reminder's secret hash is stored beside it.
 */
import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';
import type { AppDatabase } from '#server/db/index.ts';
import { bookings } from '#server/db/schema.ts';
import { outboxInsert } from '#server/email/enqueue.ts';
import { createToken } from '#server/security/tokens.ts';
import { manageUrl } from './bookings.server.ts';
import { reminderMail } from './mail.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** At most this many per run: the next run (an hour later) takes the rest. */
const BATCH = 200;

/** Queues the reminders due at `now`; answers how many. */
export async function sendBookingReminders(database: AppDatabase, now = Date.now()): Promise<number> {
  const due = await database.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'active'),
        isNull(bookings.remindedAt),
        gt(bookings.startsAt, new Date(now)),
        lte(bookings.startsAt, new Date(now + DAY_MS)),
      ),
    )
    .orderBy(asc(bookings.startsAt))
    .limit(BATCH);
  let queued = 0;
  for (const { id } of due) {
    const sent = await database.writes.transaction(async (tx) => {
      const { token, secretHash } = createToken();
      // The new token must carry the booking's id: only its secret is new.
      const secret = token.slice(token.indexOf('.') + 1);
      const [booking] = await tx
        .update(bookings)
        .set({ remindedAt: new Date(now), reminderSecretHash: Buffer.from(secretHash) })
        .where(and(eq(bookings.id, id), eq(bookings.status, 'active'), isNull(bookings.remindedAt)))
        .returning();
      if (!booking) return false;
      const mail = reminderMail(booking, manageUrl(`${booking.id}.${secret}`));
      await tx.batch([outboxInsert({ ...mail, kind: 'booking-reminder', to: booking.email }, now)]);
      return true;
    });
    if (sent) queued++;
  }
  return queued;
}
