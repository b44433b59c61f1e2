/**
 * Orders: the statements that record a new one (committed with its customer, mails and
 * subscription by checkout), reads for the customer and the admin, and the one way an
 * order's status changes (`moveOrder`), with its history row, in one transaction.
 */
import { and, asc, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { insertionOrder } from '#server/db/expressions.ts';
import { build, type AppDatabase, type Db, type Tx, type WriteQuery } from '#server/db/index.ts';
import {
  intakes,
  orderEvents,
  orderItems,
  orders,
  subscriptions,
  users,
  type AttachmentRef,
  type OrderStatus,
} from '#server/db/schema.ts';
import { outboxInsert } from '#server/email/enqueue.ts';
import { serverEnv } from '#server/env.ts';
import { auditStatement } from '#server/security/audit.ts';
import { randomId } from '#server/security/tokens.ts';
import type { Quote } from './priced-items.ts';
import type { PaymentProviderName } from '#server/db/schema.ts';
import { leadPaidStatements } from '#features/leads/leads.server.ts';
import { ownsOrder } from '#features/accounts/ownership.server.ts';
import { paymentReceiptMail, type MailOrder } from './mail.ts';
import { canMove } from './status.ts';

/** An order's columns but phone_digits (the database's own search key: nothing here reads it). */
const { phoneDigits: _searchKey, ...orderColumns } = getTableColumns(orders);

export type Order = Omit<typeof orders.$inferSelect, 'phoneDigits'>;
export type OrderItem = typeof orderItems.$inferSelect;
export type OrderEvent = typeof orderEvents.$inferSelect;
export type OrderWithItems = Order & { items: OrderItem[] };

export interface NewOrder {
  userId: string;
  name: string;
  email: string;
  phone: string;
  businessName: string;
  quote: Quote;
  provider: PaymentProviderName;
  idempotencyKey: string | null;
  /** Placed signed out with an existing account's address: held until the address owner confirms it. */
  held?: boolean;
  /** The address it reached the account through, while that account has not proven it (address-proof.ts). */
  unprovenEmail?: string | null;
  /** The lead whose prefilled checkout link placed it. */
  leadId?: string | null;
}

/** The order, its items, its first history row and (with a monthly plan) a pending subscription. */
export function newOrderStatements(order: NewOrder, now = Date.now()): { id: string; statements: WriteQuery[] } {
  const id = randomId();
  const at = new Date(now);
  const statements: WriteQuery[] = [
    build.insert(orders).values({
      id,
      userId: order.userId,
      name: order.name,
      email: order.email,
      phone: order.phone,
      businessName: order.businessName,
      status: 'pending_payment',
      totalCents: order.quote.totalCents,
      paymentProvider: order.provider,
      idempotencyKey: order.idempotencyKey,
      heldAt: order.held ? at : null,
      unprovenEmail: order.unprovenEmail ?? null,
      leadId: order.leadId ?? null,
      createdAt: at,
      updatedAt: at,
    }),
    build
      .insert(orderItems)
      .values(order.quote.items.map((item, position) => ({ id: crypto.randomUUID(), orderId: id, position, ...item }))),
    build.insert(orderEvents).values({
      id: crypto.randomUUID(),
      orderId: id,
      at,
      actorId: null,
      fromStatus: null,
      toStatus: 'pending_payment',
      note: 'Order placed at checkout',
      customerNote: 'Order placed at checkout',
    }),
  ];
  const monthly = order.quote.monthly;
  if (monthly) {
    statements.push(
      build.insert(subscriptions).values({
        id: randomId(),
        userId: order.userId,
        orderId: id,
        description: monthly.plan.name,
        priceCents: monthly.cents,
        interval: 'month',
        status: 'pending',
        createdBy: 'checkout',
        unprovenEmail: order.unprovenEmail ?? null,
        createdAt: at,
        updatedAt: at,
      }),
    );
  }
  return { id, statements };
}

export async function findOrder(db: Db, id: string): Promise<Order | null> {
  const [row] = await db.select(orderColumns).from(orders).where(eq(orders.id, id));
  return row ?? null;
}

export async function findOrderByIdempotencyKey(db: Db, key: string): Promise<Order | null> {
  const [row] = await db.select(orderColumns).from(orders).where(eq(orders.idempotencyKey, key));
  return row ?? null;
}

export async function itemsOf(db: Db, orderId: string): Promise<OrderItem[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position));
}

export async function withItems(db: Db, order: Order): Promise<OrderWithItems> {
  return { ...order, items: await itemsOf(db, order.id) };
}

/** The order if it belongs to `userId`; null otherwise (callers answer 404 either way). */
export async function findCustomerOrder(db: Db, id: string, userId: string): Promise<OrderWithItems | null> {
  const [row] = await db
    .select(orderColumns)
    .from(orders)
    .where(and(eq(orders.id, id), ownsOrder(userId)));
  return row ? withItems(db, row) : null;
}

export async function ordersOfCustomer(db: Db, userId: string): Promise<Order[]> {
  return db
    .select(orderColumns)
    .from(orders)
    .where(ownsOrder(userId))
    .orderBy(desc(orders.createdAt), desc(insertionOrder));
}

export async function historyOf(db: Db, orderId: string): Promise<OrderEvent[]> {
  return db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.at), asc(insertionOrder));
}

export async function customerOf(db: Db, order: Order) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, status: users.status })
    .from(users)
    .where(eq(users.id, order.userId));
  return row ?? null;
}

/** Links in e-mails: the run-time public origin. */
export const accountOrderUrl = (id: string) => `${serverEnv().SITE_URL}/account/orders/${id}`;
export const adminOrderUrl = (id: string) => `${serverEnv().SITE_URL}/admin/orders/${id}`;

export interface Move {
  orderId: string;
  to: OrderStatus;
  /** Who moved it: a user id, or null for the system (a payment provider). */
  actorId: string | null;
  ip: string | null;
  /** The agency's internal note on this step: never shown or sent to the customer. */
  note?: string;
  /** What the customer is told about this step (their order page, export and status e-mail). */
  customerNote?: string;
  /** The payment's reference, recorded when the order becomes paid. */
  paymentReference?: string;
  /** Only move from these statuses (a provider's 'paid' applies to a pending order only). */
  onlyFrom?: readonly OrderStatus[];
  /**
   * The order's version the admin's form was rendered with: a different current version means
   * someone else changed the order meanwhile, and the move is refused ('stale') rather than
   * applied over their change. Undefined (a payment provider) skips the check.
   */
  expectedVersion?: number;
  /**
   * The document that records this payment (an invoice now paid, or a card payment's receipt):
   * the receipt mail attaches it and links it. Made by the invoices feature; orders only carries it.
   */
  receipt?: { attachment: AttachmentRef; url: string };
}

export type MoveResult =
  | { moved: true; from: OrderStatus }
  | { moved: false; reason: 'not-found' | 'not-allowed' | 'stale'; status?: OrderStatus };

/**
 * Moves an order inside `tx` (a write transaction the caller owns, so a webhook can record
 * its event id in the same commit): checks the move, updates the order, writes the history
 * row, and on payment queues the receipt. An admin
 * move is audited.
 */
export async function moveOrderIn(tx: Tx, move: Move, now = Date.now()): Promise<MoveResult> {
  const [found] = await tx
    .select({ status: orders.status, version: orders.version })
    .from(orders)
    .where(eq(orders.id, move.orderId));
  if (!found) return { moved: false, reason: 'not-found' };
  const from = found.status;
  if (move.expectedVersion !== undefined && found.version !== move.expectedVersion) {
    return { moved: false, reason: 'stale', status: from };
  }
  if (!canMove(from, move.to) || (move.onlyFrom && !move.onlyFrom.includes(from))) {
    return { moved: false, reason: 'not-allowed', status: from };
  }
  const at = new Date(now);
  const paid = move.to === 'paid';
  await tx
    .update(orders)
    .set({
      status: move.to,
      updatedAt: at,
      // Every change bumps it, a provider's too: a form rendered before it is stale.
      version: sql`${orders.version} + 1`,
      ...(paid && from === 'pending_payment' ? { paidAt: at } : {}),
      ...(move.paymentReference ? { paymentReference: move.paymentReference } : {}),
    })
    .where(eq(orders.id, move.orderId));
  await tx.insert(orderEvents).values({
    id: crypto.randomUUID(),
    orderId: move.orderId,
    at,
    actorId: move.actorId,
    fromStatus: from,
    toStatus: move.to,
    note: move.note ?? null,
    customerNote: move.customerNote ?? null,
  });
  // A monthly plan bought with the order stays pending: it starts at launch (subscriptions/plan-start.server.ts).
  if (paid && from === 'pending_payment') {
    // The intake may have come first: the project is then at 'Intake received' the moment it is paid.
    const intakeReceived = await intakeSubmittedIn(tx, move.orderId);
    if (intakeReceived) await advanceIn(tx, move.orderId, 'paid', 'intake_received', INTAKE_ALREADY_IN, at);
    // Its leads are won, in this commit.
    const [owner] = await tx
      .select({ leadId: orders.leadId, email: orders.email, heldAt: orders.heldAt })
      .from(orders)
      .where(eq(orders.id, move.orderId));
    if (owner) {
      const statements = leadPaidStatements({ ...owner, held: owner.heldAt !== null }, now);
      if (statements.length > 0) await tx.batch(statements);
    }
    const order = await readOrderIn(tx, move.orderId);
    // A held order's address owner has not confirmed it: no mail with its words goes there yet
    // (confirming it sends the receipt: held-orders.ts).
    if (order && !order.held) {
      const mail = paymentReceiptMail(order, {
        accountUrl: accountOrderUrl(order.id),
        paidAt: at,
        receiptUrl: move.receipt?.url,
        intakeReceived,
      });
      const attachments = move.receipt ? [move.receipt.attachment] : [];
      await tx.batch([outboxInsert({ ...mail, kind: 'payment-receipt', to: order.email, attachments }, now)]);
    }
  }
  if (move.actorId) {
    await tx.batch([
      auditStatement(
        {
          actorId: move.actorId,
          action: 'order.status',
          entityType: 'order',
          entityId: move.orderId,
          before: { status: from },
          after: { status: move.to, note: move.note ?? null, customerNote: move.customerNote ?? null },
          ip: move.ip,
        },
        now,
      ),
    ]);
  }
  return { moved: true, from };
}

const INTAKE_ALREADY_IN = 'Intake received before payment';

async function intakeSubmittedIn(tx: Tx, orderId: string): Promise<boolean> {
  const [row] = await tx
    .select({ status: intakes.status })
    .from(intakes)
    .where(and(eq(intakes.orderId, orderId), eq(intakes.status, 'submitted')));
  return row !== undefined;
}

/**
 * A step the system takes because of an event already recorded (no actor, no audit entry: the
 * event that caused it was audited), with its history row; the note is the customer's too.
 */
async function advanceIn(tx: Tx, orderId: string, from: OrderStatus, to: OrderStatus, note: string, at: Date) {
  await tx
    .update(orders)
    .set({ status: to, updatedAt: at, version: sql`${orders.version} + 1` })
    .where(and(eq(orders.id, orderId), eq(orders.status, from)));
  await tx.insert(orderEvents).values({
    id: crypto.randomUUID(),
    orderId,
    at,
    actorId: null,
    fromStatus: from,
    toStatus: to,
    note,
    customerNote: note,
  });
}

/** `moveOrderIn` in a transaction of its own. */
export function moveOrder(database: AppDatabase, move: Move, now = Date.now()): Promise<MoveResult> {
  return database.writes.transaction((tx) => moveOrderIn(tx, move, now));
}

export async function readOrderIn(
  tx: Tx,
  id: string,
): Promise<
  (MailOrder & { held: boolean; userId: string; items: (MailOrder['items'][number] & { unitCents: number })[] }) | null
> {
  const [order] = await tx
    .select({
      id: orders.id,
      name: orders.name,
      email: orders.email,
      phone: orders.phone,
      businessName: orders.businessName,
      totalCents: orders.totalCents,
      heldAt: orders.heldAt,
      userId: orders.userId,
    })
    .from(orders)
    .where(eq(orders.id, id));
  if (!order) return null;
  const items = await tx
    .select({
      description: orderItems.description,
      quantity: orderItems.quantity,
      unitCents: orderItems.unitCents,
      amountCents: orderItems.amountCents,
      interval: orderItems.interval,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, id))
    .orderBy(asc(orderItems.position));
  const { heldAt, ...mailOrder } = order;
  return { ...mailOrder, held: heldAt !== null, items };
}
