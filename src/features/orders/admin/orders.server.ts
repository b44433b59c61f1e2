/**
 * What the admin's order screens read (an order with its customer, items, history, notes and
 * subscriptions) and the admin's internal notes on an order. Status changes, cancel and refund
 * are the lifecycle's (src/features/lifecycle/lifecycle.server.ts).
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { insertionOrder } from '#server/db/expressions.ts';
import type { AppDatabase, Db, Tx } from '#server/db/index.ts';
import { intakes, orderNotes, orders, subscriptions, users } from '#server/db/schema.ts';
import { auditStatement } from '#server/security/audit.ts';
import { auditTrail } from '#features/admin/audit-trail.server.ts';
import { customerOf, findOrder, historyOf, withItems } from '../orders.server.ts';
import { reviewsOf } from '../reviews/reviews.server.ts';
import { invoicesOfOrder } from '#features/invoices/admin/invoices-admin.server.ts';

export async function adminOrderPage(db: Db, id: string) {
  const order = await findOrder(db, id);
  if (!order) return null;
  const [full, customer, history, subscription, notes, invoices, reviews, intake] = await Promise.all([
    withItems(db, order),
    customerOf(db, order),
    historyOf(db, id),
    db.select().from(subscriptions).where(eq(subscriptions.orderId, id)).orderBy(asc(subscriptions.createdAt)),
    notesOf(db, id),
    invoicesOfOrder(db, id),
    reviewsOf(db, id),
    db
      .select({
        id: intakes.id,
        status: intakes.status,
        submittedAt: intakes.submittedAt,
        updatedAt: intakes.updatedAt,
      })
      .from(intakes)
      .where(eq(intakes.orderId, id)),
  ]);
  const trail = await auditTrail(db, 'order', id);
  const actorIds = [
    ...new Set(
      [
        ...history.map((e) => e.actorId),
        ...notes.map((n) => n.authorId),
        ...reviews.flatMap((r) => [r.postedBy, r.respondedBy]),
      ].filter((a) => a !== null),
    ),
  ];
  const actors = new Map<string, string>();
  if (actorIds.length > 0) {
    const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, actorIds));
    for (const row of rows) actors.set(row.id, row.name);
  }
  return {
    order: full,
    customer,
    history,
    subscriptions: subscription,
    actors,
    notes,
    trail,
    invoices,
    reviews,
    intake: intake[0] ?? null,
  };
}

export type OrderNote = typeof orderNotes.$inferSelect;

/** Internal notes on an order, newest first. */
export function notesOf(db: Db, orderId: string): Promise<OrderNote[]> {
  return db
    .select()
    .from(orderNotes)
    .where(eq(orderNotes.orderId, orderId))
    .orderBy(desc(orderNotes.createdAt), desc(insertionOrder));
}

type Change = { ok: true } | { ok: false; reason: 'not-found' | 'stale' };

/** Inside `tx`: the order exists at `version`; bumps it so a form rendered before this change is stale. */
async function claimVersion(tx: Tx, orderId: string, version: number, now: number): Promise<Change> {
  const result = await tx
    .update(orders)
    .set({ version: sql`${orders.version} + 1`, updatedAt: new Date(now) })
    .where(and(eq(orders.id, orderId), eq(orders.version, version)));
  if (result.rowsAffected === 1) return { ok: true };
  return (await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId))).length === 0
    ? { ok: false, reason: 'not-found' }
    : { ok: false, reason: 'stale' };
}

/** An internal note (never shown to the customer), audited as 'order.note'. */
export function addOrderNote(
  database: AppDatabase,
  note: { orderId: string; version: number; body: string; authorId: string; ip: string },
  now = Date.now(),
): Promise<Change> {
  return database.writes.transaction(async (tx) => {
    const claimed = await claimVersion(tx, note.orderId, note.version, now);
    if (!claimed.ok) return claimed;
    const id = crypto.randomUUID();
    await tx
      .insert(orderNotes)
      .values({ id, orderId: note.orderId, authorId: note.authorId, body: note.body, createdAt: new Date(now) });
    await tx.batch([
      auditStatement(
        {
          actorId: note.authorId,
          action: 'order.note',
          entityType: 'order',
          entityId: note.orderId,
          after: { noteId: id, length: note.body.length },
          ip: note.ip,
        },
        now,
      ),
    ]);
    return { ok: true };
  });
}
