/**
 * What the admin's order screens read (an order with its customer, items, history, notes and
 * subscriptions) and the admin's own changes to an order: internal notes, a status change that
 * may e-mail the customer, cancel and refund. Each change checks the order's version inside its
 * write transaction, bumps it, and commits its audit entry (and mail) in the same transaction.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { insertionOrder } from '#server/db/expressions.ts';
import type { AppDatabase, Db, WriteQuery, Tx } from '#server/db/index.ts';
import { intakes, orderNotes, orders, subscriptions, users, type OrderStatus } from '#server/db/schema.ts';
import { outboxInsert } from '#server/email/enqueue.ts';
import type { RenderedMail } from '#server/email/layout.ts';
import { lines, link, p, quote, renderMail } from '#server/email/template.ts';
import { auditStatement } from '#server/security/audit.ts';
import { auditTrail } from '#features/admin/audit-trail.server.ts';
import { ADMIN_ORDERS } from '#features/admin/copy.ts';
import { orderNumber } from '../order-number.ts';
import {
  accountOrderUrl,
  customerOf,
  findOrder,
  historyOf,
  moveOrderIn,
  withItems,
  type Move,
  type MoveResult,
} from '../orders.server.ts';
import { canMove, ORDER_STATUS_LABELS } from '../status.ts';
import { reviewsOf } from '../reviews/reviews.server.ts';
import { paymentProvider } from '#features/payments/provider.ts';
import { refundCheckoutPayment } from '#features/payments/refunds.ts';
import { invoicesOfOrder } from '#features/invoices/admin/invoices-admin.server.ts';
import type { PayOrder } from '#features/invoices/admin/invoice-actions.server.ts';

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

/**
 * What the customer reads when the admin ticks "E-mail the customer" on a status change: the
 * new status and the message written for them, if any. The internal note is not a parameter,
 * so it cannot end up here.
 */
export function statusChangeMail(
  order: { id: string; name: string },
  to: OrderStatus,
  customerNote?: string,
): RenderedMail {
  const label = ORDER_STATUS_LABELS[to];
  const number = orderNumber(order.id);
  return renderMail({
    subject: `Your order ${number}: ${label}`,
    audience: 'customer',
    body: [
      p`Hi ${order.name},`,
      p`Your order ${number} is now: ${label}.`,
      ...(customerNote ? [lines(p(ADMIN_ORDERS.customerNoteInMail), quote(customerNote))] : []),
      p(link('See the details in your account', accountOrderUrl(order.id))),
    ],
  });
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

/**
 * A status change by an admin (moveOrderIn checks the version and audits 'order.status'), with
 * the customer's e-mail and its 'order.email-customer' entry in the same transaction when asked.
 */
export function changeOrderStatus(
  database: AppDatabase,
  move: Move & { expectedVersion: number; actorId: string },
  notify: boolean,
  now = Date.now(),
): Promise<MoveResult> {
  return database.writes.transaction(async (tx) => {
    const result = await moveOrderIn(tx, move, now);
    if (!result.moved || !notify) return result;
    const order = await readContact(tx, move.orderId);
    if (order) {
      const mail = statusChangeMail(order, move.to, move.customerNote);
      await tx.batch([outboxInsert({ ...mail, kind: 'order-status', to: order.email }, now)]);
      await tx.batch([
        auditStatement(
          {
            actorId: move.actorId,
            action: 'order.email-customer',
            entityType: 'order',
            entityId: move.orderId,
            after: { to: order.email, subject: mail.subject },
            ip: move.ip,
          },
          now,
        ),
      ]);
    }
    return result;
  });
}

async function readContact(tx: Tx, id: string) {
  const [row] = await tx.select({ name: orders.name, email: orders.email }).from(orders).where(eq(orders.id, id));
  return row ? { id, ...row } : null;
}

export type EndResult =
  | { ok: true; refundId?: string | null }
  | { ok: false; reason: 'not-found' | 'stale' | 'not-allowed' | 'no-stripe-payment' | 'provider' };

/** Subscriptions still running (or about to) that an order's cancellation ends. */
const LIVE_SUBSCRIPTION: readonly ('pending' | 'active' | 'past_due' | 'canceling')[] = [
  'pending',
  'active',
  'past_due',
  'canceling',
];

/**
 * What a refund records beside the order's move, in the same commit: the invoices feature's
 * credit note (composed by the refund route, so orders need not know invoices).
 */
export type RecordRefund = (
  tx: Tx,
  refund: { orderId: string; cents: number; refundId: string | null; actorId: string; ip: string | null },
  now: number,
) => Promise<unknown>;

/**
 * Cancel or refund an order. Checked first outside the transaction (so the provider is not
 * called for a stale form or a move the order does not allow), then the provider acts (Stripe
 * refund, subscription canceled at Stripe), then the move is committed with the version check
 * again. A concurrent change between the two leaves the provider's action done and the move
 * refused ('stale'): the admin reloads and sees it; the Stripe refund is idempotent per order.
 */
export async function endOrder(
  database: AppDatabase,
  kind: 'cancel' | 'refund',
  {
    orderId,
    version,
    actorId,
    ip,
    recordRefund,
  }: { orderId: string; version: number; actorId: string; ip: string; recordRefund?: RecordRefund },
  now = Date.now(),
): Promise<EndResult> {
  const to: OrderStatus = kind === 'cancel' ? 'canceled' : 'refunded';
  const order = await findOrder(database.db, orderId);
  if (!order) return { ok: false, reason: 'not-found' };
  if (order.version !== version) return { ok: false, reason: 'stale' };
  if (!canMove(order.status, to)) return { ok: false, reason: 'not-allowed' };

  const live =
    kind === 'cancel'
      ? await database.db
          .select()
          .from(subscriptions)
          .where(and(eq(subscriptions.orderId, orderId), inArray(subscriptions.status, LIVE_SUBSCRIPTION)))
      : [];
  let refundId: string | null = null;
  // What goes back: Stripe's refund of the payment, or (invoice mode) the order's total.
  let refundedCents = order.totalCents;
  try {
    if (kind === 'refund' && order.paymentProvider === 'stripe') {
      const refunded = await refundCheckoutPayment({ orderId, sessionId: order.paymentReference });
      if (!refunded.ok) return { ok: false, reason: 'no-stripe-payment' };
      refundId = refunded.refundId;
      refundedCents = refunded.amountCents;
    }
    const provider = await paymentProvider();
    for (const s of live) await provider.cancelNow(s);
  } catch (error) {
    console.error(`admin: the payment provider refused to ${kind} order ${orderId}`, error);
    return { ok: false, reason: 'provider' };
  }

  return database.writes.transaction(async (tx): Promise<EndResult> => {
    const moved = await moveOrderIn(tx, { orderId, to, actorId, ip, expectedVersion: version }, now);
    if (!moved.moved) return { ok: false, reason: moved.reason };
    const at = new Date(now);
    const ended = live.map((s) => s.id);
    if (ended.length > 0) {
      await tx
        .update(subscriptions)
        .set({ status: 'canceled', updatedAt: at, version: sql`${subscriptions.version} + 1` })
        .where(inArray(subscriptions.id, ended));
    }
    const statements: WriteQuery[] = [
      auditStatement(
        {
          actorId,
          action: kind === 'cancel' ? 'order.cancel' : 'order.refund',
          entityType: 'order',
          entityId: orderId,
          before: { status: order.status },
          after: {
            status: to,
            ...(kind === 'cancel' ? { subscriptionsCanceled: ended } : {}),
            ...(kind === 'refund' ? { provider: order.paymentProvider, refundId, amountCents: refundedCents } : {}),
          },
          ip,
        },
        now,
      ),
      ...live.map((s) =>
        auditStatement(
          {
            actorId,
            action: 'subscription.cancel',
            entityType: 'subscription',
            entityId: s.id,
            before: { status: s.status },
            after: { status: 'canceled', reason: `order ${orderNumber(orderId)} canceled` },
            ip,
          },
          now,
        ),
      ),
    ];
    await tx.batch(statements);
    if (kind === 'refund' && recordRefund) {
      await recordRefund(tx, { orderId, cents: refundedCents, refundId, actorId, ip }, now);
    }
    return { ok: true, refundId };
  });
}

/**
 * A build invoice was paid (the invoices feature's Mark paid): its order, if it still awaits
 * payment, moves to paid in the invoice's commit, and the payment mail carries the invoice.
 */
export const payOrderByInvoice: PayOrder = async (tx, { orderId, actorId, ip, receipt }, now) => {
  const moved = await moveOrderIn(
    tx,
    {
      orderId,
      to: 'paid',
      onlyFrom: ['pending_payment'],
      actorId,
      ip,
      note: ADMIN_ORDERS.invoicePaidNote,
      customerNote: ADMIN_ORDERS.invoicePaidNote,
      receipt,
    },
    now,
  );
  return moved.moved;
};
