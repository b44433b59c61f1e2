/**
 * Orders: the statements that record a new one (committed with its customer, mails and
 * subscription by checkout) and reads for the customer and the admin. Its status changes only
 * through the lifecycle (src/features/lifecycle/lifecycle.server.ts).
 */
import { and, asc, desc, eq, getTableColumns } from 'drizzle-orm';
import { insertionOrder } from '#server/db/expressions.ts';
import { build, type Db, type Tx, type WriteQuery } from '#server/db/index.ts';
import { orderEvents, orderItems, orders, subscriptions, users } from '#server/db/schema.ts';
import { serverEnv } from '#server/env.ts';
import { randomId } from '#server/security/tokens.ts';
import type { Quote } from './priced-items.ts';
import type { PaymentProviderName } from '#server/db/schema.ts';
import type { MailOrder } from './mail.ts';
import { scheduleColumns, scheduleOf, type PaymentSchedule } from '#data/payment-schedule.ts';
import { ownsOrder } from '#features/accounts/ownership.server.ts';

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
  /** How its build is billed (pricing.ts at the time of the order); absent: in full at order. */
  schedule?: PaymentSchedule;
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
      ...(order.schedule ? scheduleColumns(order.schedule) : {}),
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
      depositPercent: orders.depositPercent,
      balanceStage: orders.balanceStage,
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
  const { heldAt, depositPercent, balanceStage, ...mailOrder } = order;
  return { ...mailOrder, schedule: scheduleOf({ depositPercent, balanceStage }), held: heldAt !== null, items };
}
