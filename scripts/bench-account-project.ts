// What the agency adds to scripts/bench-account.ts's project before the account pages are
// measured: eight messages (two unread), three review rounds, the build paid and the site
// launched (which starts the monthly plan), and five care-plan requests, one with replies.
//
// The money and the stage go through the lifecycle, as the admin's Mark paid and Mark launched
// do: the payment recorded on the build invoice, the launch starting the plan, each with its
// order history and audit entry. An `UPDATE subscriptions SET status = 'active'` once made the
// plan active on an order still awaiting payment, a database `npm run db:check` rejects
// (live-plan-without-launched-order). Messages, rounds and requests change no status: plain rows.
import type { AppDatabase } from '#server/db/index.ts';
import { users } from '#server/db/schema.ts';
import { recordOrderPayment } from '#features/lifecycle/lifecycle.server.ts';
import { launchOrder } from '#features/orders/admin/launch.server.ts';
import { findOrder } from '#features/orders/orders.server.ts';

/** The agency's admin who writes the messages and records the payment and the launch. */
const AGENCY = 'bench-admin';
const IP = '127.0.0.1';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export async function addAgencyWork(
  database: AppDatabase,
  { orderId, userId }: { orderId: string; userId: string },
  now = Date.now(),
): Promise<void> {
  const at = now - 20 * DAY;
  const threadId = `benchthread${now}`;
  // A payment names who recorded it (a real account): the admin, made once.
  await database.db
    .insert(users)
    .values({
      id: AGENCY,
      name: 'Bench Admin',
      email: 'bench-admin@example.com',
      role: 'admin',
      status: 'active',
      createdAt: new Date(at),
      updatedAt: new Date(at),
    })
    .onConflictDoNothing();
  await database.client.batch(
    [
      {
        sql: `INSERT INTO message_threads (id, order_id, customer_id, unread_by_customer, unread_by_agency, last_message_at, created_at)
              VALUES (?, ?, ?, 2, 0, ?, ?)`,
        args: [threadId, orderId, userId, at + 8 * HOUR, at],
      },
      ...Array.from({ length: 8 }, (_, i) => ({
        sql: `INSERT INTO thread_messages (id, thread_id, author_id, side, body, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
        args: [
          `${threadId}m${i}`,
          threadId,
          i % 2 ? AGENCY : userId,
          i % 2 ? 'agency' : 'customer',
          'Could the header photo be brighter, and our new hours on the contact page?',
          at + (i + 1) * HOUR,
        ],
      })),
      ...[1, 2, 3].map((round) => ({
        sql: `INSERT INTO order_reviews (id, order_id, round, preview_url, message, posted_at, posted_by, outcome, changes, responded_at, responded_by)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        args: [
          `${threadId}r${round}`,
          orderId,
          round,
          `https://preview.example.com/bench/round-${round}`,
          'Here is the next version of your site.',
          at + round * DAY,
          AGENCY,
          round < 3 ? 'changes_requested' : null,
          round < 3 ? 'Bigger logo, please.' : null,
          round < 3 ? at + round * DAY + HOUR : null,
          round < 3 ? userId : null,
        ],
      })),
      ...Array.from({ length: 5 }, (_, i) => ({
        sql: `INSERT INTO care_requests (id, user_id, page, details, status, created_at, updated_at) VALUES (?, ?, 'Home', ?, ?, ?, ?)`,
        args: [`${threadId}q${i}`, userId, 'Please change our Saturday hours.', i ? 'done' : 'open', at + i, at + i],
      })),
      {
        sql: `INSERT INTO message_threads (id, request_id, customer_id, unread_by_customer, last_message_at, created_at)
              VALUES (?, ?, ?, 1, ?, ?)`,
        args: [`${threadId}t`, `${threadId}q0`, userId, at, at],
      },
    ],
    'write',
  );

  // Paid in full by bank transfer, then launched: the plan starts (and bills) as the lifecycle starts it.
  const paid = await recordOrderPayment(
    database,
    { orderId, paidAt: new Date(now), method: 'bank_transfer', actorId: AGENCY, ip: IP },
    now,
  );
  if (!paid.ok) throw new Error(`bench-account: could not record the payment (${paid.reason})`);
  const order = await findOrder(database.db, orderId);
  if (!order) throw new Error(`bench-account: order ${orderId} is gone`);
  const launched = await launchOrder(
    database,
    { orderId, version: order.version, liveUrl: 'https://bench-bakery.example.com', actorId: AGENCY, ip: IP },
    now,
  );
  if (!launched.ok) throw new Error(`bench-account: could not launch the order (${launched.reason})`);
}
