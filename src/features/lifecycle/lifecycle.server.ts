/**
 * The one writer of the project's states: an order's status, an invoice's status and paid
 * amount, and (with plans.server.ts) a plan's status. Every way in comes here (the admin's status form,
 * Mark paid on the order or the invoice, Stripe's webhook and success redirect, cancel, refund,
 * the preview, the customer's answers, the intake, launch, void), and each move's consequences
 * commit with it in one write-queue transaction: the history row, the payment record, the
 * invoice's state, voiding or crediting what is no longer owed, ending the plan, the lead's
 * stage, the customer's e-mail and the audit entry. The rules themselves are pure (moves.ts).
 *
 * Invariants this module keeps (checked by `npm run db:check`, invariants.ts):
 * - no open invoice on a canceled or refunded order;
 * - no running plan on a canceled or refunded order;
 * - an invoice's paid_cents is the sum of its payments, never more than its total;
 * - an order is past pending payment only once its build invoice is paid;
 * - credit notes never exceed what was paid; every status change has its audit entry.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { build, type AppDatabase, type Tx, type WriteQuery } from '#server/db/index.ts';
import {
  intakes,
  invoices,
  orderEvents,
  orders,
  payments,
  subscriptions,
  type AttachmentRef,
  type OrderStatus,
  type PaymentMethod,
} from '#server/db/schema.ts';
import { outboxInsert } from '#server/email/enqueue.ts';
import { auditStatement } from '#server/security/audit.ts';
import { formatPrice } from '#data/pricing.ts';
import { leadCanceledStatements, leadPaidStatements } from '#features/leads/leads.server.ts';
import { invoiceAttachment } from '#features/invoices/attachment.server.ts';
import { buildInvoiceStatements, customerInvoiceUrl } from '#features/invoices/build-invoice.ts';
import { creditableCentsIn, creditInvoiceIn } from '#features/invoices/credit-notes.server.ts';
import { paymentReceiptMail } from '#features/orders/mail.ts';
import { orderNumber } from '#features/orders/order-number.ts';
import { accountOrderUrl, findOrder, readOrderIn } from '#features/orders/orders.server.ts';
import { statusChangeMail } from '#features/orders/admin/status-change-mail.ts';
import { paymentProvider } from '#features/payments/provider.ts';
import { refundCheckoutPayment, refundSessionPart } from '#features/payments/refunds.ts';
import { LIFECYCLE } from './copy.ts';
import { canMove, checkPayment, invoiceState, LIVE_PLAN, movesByHand } from './moves.ts';
import { planStatusStatement } from './plans.server.ts';
import { issueBalanceIn, paidBuildInvoicesIn, paysOrder, refundBalancesByCard } from './schedule.server.ts';

/* ---------- Orders ---------- */

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
  /** Only move from these statuses. */
  onlyFrom?: readonly OrderStatus[];
  /**
   * The order's version the admin's form was rendered with: a different current version means
   * someone else changed the order meanwhile, and the move is refused ('stale') rather than
   * applied over their change. Undefined (a payment provider, the customer) skips the check.
   */
  expectedVersion?: number;
}

/** What only a recorded payment carries into the order's move to paid. */
interface PaidMove extends Move {
  to: 'paid';
  /** The payment's reference, recorded on the order (a Stripe Checkout Session). */
  paymentReference?: string;
  /** The document that records this payment: the receipt mail attaches and links it. */
  receipt?: { attachment: AttachmentRef; url: string };
}

export type MoveResult =
  | { moved: true; from: OrderStatus }
  | { moved: false; reason: 'not-found' | 'not-allowed' | 'stale'; status?: OrderStatus };

/**
 * A move without money consequences (the intake, a preview, the customer's answers, the step
 * back from intake received to paid when the intake is reopened), inside the caller's
 * transaction. Paying a pending order, canceling and refunding are refused here: a payment is
 * recorded (recordPaymentIn), an order is ended (endOrder).
 */
export async function moveOrderIn(tx: Tx, move: Move, now = Date.now()): Promise<MoveResult> {
  const ending = move.to === 'canceled' || move.to === 'refunded';
  const paying = move.to === 'paid';
  if (ending || paying) {
    const [found] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, move.orderId));
    if (!found) return { moved: false, reason: 'not-found' };
    if (ending || found.status === 'pending_payment')
      return { moved: false, reason: 'not-allowed', status: found.status };
  }
  return applyMoveIn(tx, move, now);
}

/** `moveOrderIn` in a transaction of its own. */
export function moveOrder(database: AppDatabase, move: Move, now = Date.now()): Promise<MoveResult> {
  return database.writes.transaction((tx) => moveOrderIn(tx, move, now));
}

/**
 * The admin's status form: only the moves movesByHand() offers from where the order is (no
 * money consequence; 'Paid' is refused: it is recorded as a payment), with the customer's e-mail
 * and its 'order.email-customer' entry in the same transaction when asked.
 */
export function changeOrderStatus(
  database: AppDatabase,
  move: Move & { expectedVersion: number; actorId: string },
  notify: boolean,
  now = Date.now(),
): Promise<MoveResult> {
  return database.writes.transaction(async (tx) => {
    const [found] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, move.orderId));
    if (!found) return { moved: false, reason: 'not-found' };
    if (!movesByHand(found.status).includes(move.to)) {
      return { moved: false, reason: 'not-allowed', status: found.status };
    }
    const result = await applyMoveIn(tx, move, now);
    if (!result.moved || !notify) return result;
    await mailStatusIn(tx, move.orderId, move.to, move.customerNote, move.actorId, move.ip, now);
    return result;
  });
}

/** The customer's status e-mail, audited 'order.email-customer' when an admin sent it. */
async function mailStatusIn(
  tx: Tx,
  orderId: string,
  to: OrderStatus,
  customerNote: string | undefined,
  actorId: string | null,
  ip: string | null,
  now: number,
) {
  const [order] = await tx
    .select({ name: orders.name, email: orders.email, heldAt: orders.heldAt })
    .from(orders)
    .where(eq(orders.id, orderId));
  // A held order's address owner has not confirmed it: nothing with its words goes there.
  if (!order || order.heldAt !== null) return;
  const mail = statusChangeMail({ id: orderId, name: order.name }, to, customerNote);
  const statements: WriteQuery[] = [outboxInsert({ ...mail, kind: 'order-status', to: order.email }, now)];
  if (actorId) {
    statements.push(
      auditStatement(
        {
          actorId,
          action: 'order.email-customer',
          entityType: 'order',
          entityId: orderId,
          after: { to: order.email, subject: mail.subject },
          ip,
        },
        now,
      ),
    );
  }
  await tx.batch(statements);
}

/**
 * Checks and applies a move: updates the order, writes the history row, audits it (any actor);
 * a move to paid also records its receipt mail and wins the order's leads.
 */
async function applyMoveIn(tx: Tx, move: Move | PaidMove, now: number): Promise<MoveResult> {
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
  const paid = move.to === 'paid' && from === 'pending_payment';
  const reference = 'paymentReference' in move ? move.paymentReference : undefined;
  await tx
    .update(orders)
    .set({
      status: move.to,
      updatedAt: at,
      // Every change bumps it, a provider's too: a form rendered before it is stale.
      version: sql`${orders.version} + 1`,
      ...(paid ? { paidAt: at } : {}),
      ...(reference ? { paymentReference: reference } : {}),
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
  if (paid) await paidConsequencesIn(tx, move as PaidMove, now);
  // A payment schedule's balance falls due at approval or launch: issued with the move.
  if (move.to === 'approved' || move.to === 'launched') await issueBalanceIn(tx, move.orderId, move.to, now);
  // Every move is audited, the system's too (a card payment by webhook, the intake's advance):
  // the trail must show how an order got where it is, with a null actor where no person acted.
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
  return { moved: true, from };
}

const INTAKE_ALREADY_IN = 'Intake received before payment';

/** An order just paid: intake already in, leads won, the receipt mailed (a held order's waits). */
async function paidConsequencesIn(tx: Tx, move: PaidMove, now: number) {
  const at = new Date(now);
  // A monthly plan bought with the order stays pending: it starts at launch.
  const [submitted] = await tx
    .select({ status: intakes.status })
    .from(intakes)
    .where(and(eq(intakes.orderId, move.orderId), eq(intakes.status, 'submitted')));
  const intakeReceived = submitted !== undefined;
  // The intake may have come first: the project is then at 'Intake received' the moment it is paid.
  if (intakeReceived) {
    await tx
      .update(orders)
      .set({ status: 'intake_received', updatedAt: at, version: sql`${orders.version} + 1` })
      .where(and(eq(orders.id, move.orderId), eq(orders.status, 'paid')));
    await tx.insert(orderEvents).values({
      id: crypto.randomUUID(),
      orderId: move.orderId,
      at,
      actorId: null,
      fromStatus: 'paid',
      toStatus: 'intake_received',
      note: INTAKE_ALREADY_IN,
      customerNote: INTAKE_ALREADY_IN,
    });
  }
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

/* ---------- Payments ---------- */

export interface PaymentRecord {
  invoiceId: string;
  /** Cents received, above zero, at most the balance due. */
  cents: number;
  /** When the money arrived (the day the admin gave, or now for the provider). */
  paidAt: Date;
  /** How it was paid; null when not known. */
  method: PaymentMethod | null;
  /** The admin who recorded it, or null for the payment provider. */
  actorId: string | null;
  ip: string | null;
  /** The provider's id for an online payment (a Stripe Checkout Session): unique on the invoice. */
  providerReference?: string;
}

export type PaymentResult =
  | { ok: true; orderMoved: boolean; settled: boolean; balanceCents: number }
  | { ok: false; reason: 'not-found' | 'not-open'; balanceCents?: number }
  | { ok: false; reason: 'over-balance'; balanceCents: number };

/**
 * Records a payment against an open invoice: the payment row, the invoice's paid sum (and Paid
 * once the sum reaches the total), and, when that settles an order's build invoice, the order's
 * move to paid with its receipt. More than the balance is refused ('over-balance'). The paid sum
 * is claimed with a conditional UPDATE on the sum read, so of two payments racing one is refused.
 */
export async function recordPaymentIn(tx: Tx, payment: PaymentRecord, now = Date.now()): Promise<PaymentResult> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, payment.invoiceId));
  if (invoice?.kind !== 'invoice') return { ok: false, reason: 'not-found' };
  const check = checkPayment(invoice, payment.cents);
  if (!check.ok) return check;
  const changed = await tx
    .update(invoices)
    .set({
      paidCents: check.paidCents,
      paidAt: payment.paidAt,
      paidMethod: payment.method,
      ...(check.settled ? { status: 'paid' as const } : {}),
      ...(payment.providerReference ? { providerReference: payment.providerReference } : {}),
    })
    .where(
      and(
        eq(invoices.id, invoice.id),
        eq(invoices.status, 'open'),
        invoice.paidCents === null ? sql`${invoices.paidCents} IS NULL` : eq(invoices.paidCents, invoice.paidCents),
      ),
    )
    .returning({ id: invoices.id });
  if (changed.length === 0) return { ok: false, reason: 'not-open' };
  const balanceCents = invoice.totalCents - check.paidCents;
  await tx.batch([
    build.insert(payments).values({
      id: crypto.randomUUID(),
      invoiceId: invoice.id,
      amountCents: payment.cents,
      receivedAt: payment.paidAt,
      method: payment.method,
      recordedBy: payment.actorId,
      providerReference: payment.providerReference ?? null,
      createdAt: new Date(now),
    }),
  ]);
  let orderMoved = false;
  // The build invoice, or a schedule's deposit, pays its order; a schedule's balance does not move it.
  if (paysOrder(invoice.purpose) && invoice.orderId) {
    if (check.settled) {
      const moved = await applyMoveIn(
        tx,
        {
          orderId: invoice.orderId,
          to: 'paid',
          onlyFrom: ['pending_payment'],
          actorId: payment.actorId,
          ip: payment.ip,
          note: LIFECYCLE.invoicePaidNote,
          customerNote: LIFECYCLE.invoicePaidNote,
          // The payment mail carries the invoice, now marked paid.
          receipt: { attachment: invoiceAttachment(invoice.id), url: customerInvoiceUrl(invoice.id) },
        } satisfies PaidMove,
        now,
      );
      orderMoved = moved.moved;
    } else {
      // The order stays pending; its history says what came in and what is still due.
      await tx.insert(orderEvents).values({
        id: crypto.randomUUID(),
        orderId: invoice.orderId,
        at: new Date(now),
        actorId: payment.actorId,
        fromStatus: 'pending_payment',
        toStatus: 'pending_payment',
        note: LIFECYCLE.partPaidNote(formatPrice(payment.cents), formatPrice(balanceCents)),
        customerNote: null,
      });
    }
  }
  await tx.batch([
    auditStatement(
      {
        actorId: payment.actorId,
        ip: payment.ip,
        action: 'invoice.mark-paid',
        entityType: 'invoice',
        entityId: invoice.id,
        before: { status: invoiceState(invoice, now), paidCents: invoice.paidCents ?? 0 },
        after: {
          status: check.settled ? 'paid' : 'partly_paid',
          number: invoice.number,
          amountCents: payment.cents,
          paidCents: check.paidCents,
          balanceCents,
          paidAt: payment.paidAt.toISOString(),
          method: payment.method,
          ...(payment.providerReference ? { providerReference: payment.providerReference } : {}),
          orderMoved,
        },
      },
      now,
    ),
  ]);
  return { ok: true, orderMoved, settled: check.settled, balanceCents };
}

/** `recordPaymentIn` in a transaction of its own (the admin's Mark paid on an invoice). */
export function recordPayment(database: AppDatabase, payment: PaymentRecord, now = Date.now()): Promise<PaymentResult> {
  return database.writes.transaction((tx) => recordPaymentIn(tx, payment, now));
}

export type OrderPaymentResult = PaymentResult | { ok: false; reason: 'stale' | 'not-allowed' | 'voided' };

/**
 * The order page's Mark paid: a payment against the order's open build invoice (`cents`, or the
 * balance when not given). An order awaiting payment without an invoice (a Stripe order paid
 * some other way) gets its build invoice issued in the same commit, so a payment is always
 * recorded against an invoice. One whose build invoice was voided is refused ('voided'): the
 * void said nothing is owed on it, so the owner writes a corrected invoice and it is paid there.
 */
export function recordOrderPayment(
  database: AppDatabase,
  payment: Omit<PaymentRecord, 'invoiceId' | 'cents'> & { orderId: string; cents?: number; expectedVersion?: number },
  now = Date.now(),
): Promise<OrderPaymentResult> {
  return database.writes.transaction(async (tx): Promise<OrderPaymentResult> => {
    const [order] = await tx
      .select({ status: orders.status, version: orders.version })
      .from(orders)
      .where(eq(orders.id, payment.orderId));
    if (!order) return { ok: false, reason: 'not-found' };
    if (payment.expectedVersion !== undefined && order.version !== payment.expectedVersion) {
      return { ok: false, reason: 'stale' };
    }
    if (order.status !== 'pending_payment') return { ok: false, reason: 'not-allowed' };
    let [invoice] = await tx
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.orderId, payment.orderId),
          inArray(invoices.purpose, ['build', 'deposit']),
          sql`${invoices.status} <> 'void'`,
        ),
      );
    if (!invoice) {
      const [voided] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.orderId, payment.orderId), eq(invoices.purpose, 'build'), eq(invoices.status, 'void')));
      if (voided) return { ok: false, reason: 'voided' };
      const billed = await readOrderIn(tx, payment.orderId);
      if (!billed) return { ok: false, reason: 'not-found' };
      const issued = buildInvoiceStatements(billed, now);
      await tx.batch(issued.statements);
      [invoice] = await tx.select().from(invoices).where(eq(invoices.id, issued.id));
      if (!invoice) throw new Error(`build invoice ${issued.id} was not written`);
    }
    const { orderId: _order, expectedVersion: _version, ...rest } = payment;
    const cents = payment.cents ?? invoice.totalCents - (invoice.paidCents ?? 0);
    return recordPaymentIn(tx, { ...rest, invoiceId: invoice.id, cents }, now);
  });
}

/**
 * A card payment the provider confirmed for a whole order (a paid Stripe Checkout Session): the
 * receipt (an invoice issued paid, with its payment row) and the order's move to paid, in the
 * caller's transaction. Answers whether this call moved the order; a session that comes after
 * the order was paid or ended issues nothing.
 */
export async function recordProviderOrderPaymentIn(
  tx: Tx,
  payment: { orderId: string; cents: number; reference: string; note: string },
  now = Date.now(),
): Promise<MoveResult> {
  const billed = await readOrderIn(tx, payment.orderId);
  const receipt = billed
    ? buildInvoiceStatements(billed, now, { cents: payment.cents, reference: payment.reference })
    : null;
  const move = await applyMoveIn(
    tx,
    {
      orderId: payment.orderId,
      to: 'paid',
      onlyFrom: ['pending_payment'],
      actorId: null,
      ip: null,
      paymentReference: payment.reference,
      note: payment.note,
      receipt: receipt ? { attachment: receipt.attachment, url: receipt.url } : undefined,
    } satisfies PaidMove,
    now,
  );
  if (move.moved && receipt) await tx.batch(receipt.statements);
  return move;
}

/* ---------- Invoices ---------- */

export type VoidResult = { ok: true } | { ok: false; reason: 'not-found' | 'not-open' | 'has-payments' };

/**
 * Voids an open (or overdue) invoice with `reason`: it is never payable or reminded again. One
 * with payments against it is refused: money came in, so it is credited (refund, cancel).
 */
export async function voidInvoiceIn(
  tx: Tx,
  action: { invoiceId: string; actorId: string | null; ip: string | null; reason: string },
  now = Date.now(),
): Promise<VoidResult> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, action.invoiceId));
  if (!invoice) return { ok: false, reason: 'not-found' };
  if (invoice.status === 'open' && (invoice.paidCents ?? 0) > 0) return { ok: false, reason: 'has-payments' };
  const changed = await tx
    .update(invoices)
    .set({ status: 'void', voidReason: action.reason, voidedAt: new Date(now) })
    .where(and(eq(invoices.id, invoice.id), eq(invoices.status, 'open'), sql`coalesce(${invoices.paidCents}, 0) = 0`))
    .returning({ id: invoices.id });
  if (changed.length === 0) return { ok: false, reason: 'not-open' };
  await tx.batch([
    auditStatement(
      {
        actorId: action.actorId,
        ip: action.ip,
        action: 'invoice.void',
        entityType: 'invoice',
        entityId: invoice.id,
        before: { status: invoiceState(invoice, now) },
        after: { status: 'void', number: invoice.number, reason: action.reason },
      },
      now,
    ),
  ]);
  return { ok: true };
}

/** The admin's Void on an invoice page. */
export function voidInvoice(
  database: AppDatabase,
  action: { invoiceId: string; actorId: string; ip: string | null; reason: string },
  now = Date.now(),
): Promise<VoidResult> {
  return database.writes.transaction((tx) => voidInvoiceIn(tx, action, now));
}

/* ---------- Crediting part of what was paid ---------- */

export interface CreditAction {
  invoiceId: string;
  /** Cents returned, above zero, at most what can still be credited. */
  cents: number;
  /** Why: on the credit note, its PDF and e-mail. */
  reason: string;
  actorId: string;
  ip: string | null;
}

export type CreditResult =
  | { ok: true; creditNoteId: string; refundId: string | null; creditableCents: number }
  | { ok: false; reason: 'not-found' | 'not-paid' | 'provider' | 'stripe-dashboard' }
  | { ok: false; reason: 'over-credit'; creditableCents: number };

/** The Checkout Session a card payment on `invoiceId` came through (null: not paid through one). */
async function cardSessionOf(database: AppDatabase, invoiceId: string): Promise<string | null | undefined> {
  const card = await database.db
    .select({ reference: payments.providerReference })
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), sql`${payments.providerReference} IS NOT NULL`));
  if (card.length === 0) return undefined;
  // A Checkout Session (cs_…) is refundable through its payment intent; a subscription invoice's
  // payment (in_…) is refunded in the Stripe Dashboard (docs/payments.md).
  return card.map((c) => c.reference).find((r) => r?.startsWith('cs_')) ?? null;
}

/**
 * The admin's credit note for part (or the rest) of what was paid on an invoice, with a reason:
 * the note, its e-mail with the PDF and its audit entry in one commit; the order's status does
 * not change (refunding the whole order is the order page's Refund). More than can still be
 * credited (paid less the live credit notes) is refused ('over-credit'). For an invoice paid by
 * card through a Checkout Session, Stripe refunds the amount first (idempotent per invoice, prior
 * credits and amount, so a repeated click refunds once), then the credit is committed with the
 * guard checked again inside the transaction.
 */
export async function creditInvoice(
  database: AppDatabase,
  action: CreditAction,
  now = Date.now(),
): Promise<CreditResult> {
  const [invoice] = await database.db.select().from(invoices).where(eq(invoices.id, action.invoiceId));
  if (invoice?.kind !== 'invoice') return { ok: false, reason: 'not-found' };
  if ((invoice.paidCents ?? 0) <= 0) return { ok: false, reason: 'not-paid' };
  const before = await creditableCentsIn(database.db, invoice);
  if (action.cents > before) return { ok: false, reason: 'over-credit', creditableCents: before };

  let refundId: string | null = null;
  const session = await cardSessionOf(database, invoice.id);
  if (session === null) return { ok: false, reason: 'stripe-dashboard' };
  if (session) {
    try {
      const credited = (invoice.paidCents ?? 0) - before;
      const refunded = await refundSessionPart({
        invoiceId: invoice.id,
        sessionId: session,
        cents: action.cents,
        idempotencyKey: `invoice-${invoice.id}-credit-${credited}-${action.cents}`,
      });
      if (!refunded.ok) return { ok: false, reason: 'provider' };
      refundId = refunded.refundId;
    } catch (error) {
      console.error(`lifecycle: the payment provider refused to refund part of invoice ${invoice.id}`, error);
      return { ok: false, reason: 'provider' };
    }
  }

  return database.writes.transaction(async (tx): Promise<CreditResult> => {
    const [fresh] = await tx.select().from(invoices).where(eq(invoices.id, invoice.id));
    if (!fresh) return { ok: false, reason: 'not-found' };
    const creditable = await creditableCentsIn(tx, fresh);
    if (refundId) {
      // A double click: both made the same Stripe refund (one idempotency key); the first credited it.
      const [same] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(eq(invoices.providerReference, refundId));
      if (same) return { ok: true, creditNoteId: same.id, refundId, creditableCents: creditable };
    }
    // A credit committed meanwhile (another admin, a refund of the order) may leave less.
    if (action.cents > creditable) {
      if (refundId)
        console.error(`lifecycle: Stripe refund ${refundId} of invoice ${invoice.id} exceeds what is left to credit`);
      return { ok: false, reason: 'over-credit', creditableCents: creditable };
    }
    const creditNoteId = await creditInvoiceIn(
      tx,
      fresh,
      { cents: action.cents, refundId, reason: action.reason, actorId: action.actorId, ip: action.ip },
      now,
    );
    if (!creditNoteId) return { ok: false, reason: 'over-credit', creditableCents: creditable };
    return { ok: true, creditNoteId, refundId, creditableCents: creditable - action.cents };
  });
}

/* ---------- Ending an order: cancel and refund ---------- */

export type EndResult =
  | { ok: true; refundId?: string | null; creditNoteId?: string | null; voided: string[]; plansEnded: string[] }
  | { ok: false; reason: 'not-found' | 'stale' | 'not-allowed' | 'no-stripe-payment' | 'provider' };

/**
 * Whether a Stripe order's card payment has anything left to return: partial credits (each
 * refunded at Stripe) may have returned all of it, and Stripe refuses a refund of nothing.
 * An order without a paid build receipt yet is left to the refund's own checks.
 */
async function stripeLeftToRefund(database: AppDatabase, orderId: string): Promise<boolean> {
  // The order's own session paid its build invoice or deposit (the receipt names the session).
  const [order] = await database.db
    .select({ reference: orders.paymentReference })
    .from(orders)
    .where(eq(orders.id, orderId));
  const paid = (await paidBuildInvoicesIn(database.db, orderId)).find(
    (invoice) =>
      paysOrder(invoice.purpose) && (!invoice.providerReference || invoice.providerReference === order?.reference),
  );
  return !paid || (await creditableCentsIn(database.db, paid)) > 0;
}

/**
 * Cancel or refund an order, with every consequence in one commit:
 * - open invoices of the order and of its plans are voided (reason: the cancel), so nothing is
 *   reminded or payable; money already received on one is credited first;
 * - a refund writes a credit note for what is returned against the paid build invoice (which
 *   stays Paid); a cancel of a paid order returns nothing and the invoice stays Paid;
 * - the order's running or waiting plans end now (at the provider too);
 * - a canceled unpaid order's leads are lost; the customer is e-mailed; everything is audited.
 *
 * Checked first outside the transaction (so the provider is not called for a stale form or a
 * move the order does not allow), then the provider acts (Stripe refund, plan canceled there),
 * then the move is committed with the version check again. A concurrent change between the two
 * leaves the provider's action done and the move refused ('stale'): the admin reloads and sees
 * it; the Stripe refund is idempotent per order.
 */
export async function endOrder(
  database: AppDatabase,
  kind: 'cancel' | 'refund',
  { orderId, version, actorId, ip }: { orderId: string; version: number; actorId: string; ip: string | null },
  now = Date.now(),
): Promise<EndResult> {
  const to: OrderStatus = kind === 'cancel' ? 'canceled' : 'refunded';
  const order = await findOrder(database.db, orderId);
  if (!order) return { ok: false, reason: 'not-found' };
  if (order.version !== version) return { ok: false, reason: 'stale' };
  if (!canMove(order.status, to)) return { ok: false, reason: 'not-allowed' };

  const live = await database.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.orderId, orderId), inArray(subscriptions.status, LIVE_PLAN)));
  let refundId: string | null = null;
  // What goes back: Stripe's refund of the payment, or (invoice mode) what the build invoice received.
  let refundedCents: number | null = null;
  // A schedule's balance paid online has its own Checkout Session: refunded there (invoice id to refund id).
  let balanceRefunds = new Map<string, string>();
  try {
    if (kind === 'refund' && order.paymentProvider === 'stripe' && (await stripeLeftToRefund(database, orderId))) {
      const refunded = await refundCheckoutPayment({ orderId, sessionId: order.paymentReference });
      if (!refunded.ok) return { ok: false, reason: 'no-stripe-payment' };
      refundId = refunded.refundId;
      refundedCents = refunded.amountCents;
    }
    if (kind === 'refund') balanceRefunds = await refundBalancesByCard(database, orderId);
    const provider = await paymentProvider();
    for (const s of live) await provider.cancelNow(s);
  } catch (error) {
    console.error(`lifecycle: the payment provider refused to ${kind} order ${orderId}`, error);
    return { ok: false, reason: 'provider' };
  }

  return database.writes.transaction(async (tx): Promise<EndResult> => {
    const moved = await applyMoveIn(tx, { orderId, to, actorId, ip, expectedVersion: version }, now);
    if (!moved.moved) return { ok: false, reason: moved.reason };
    const number = orderNumber(orderId);
    const actor = { actorId, ip };

    // The plans end now: the agency ended the order (the customer's 30-day notice is theirs to give).
    const plansEnded = live.map((s) => s.id);
    const statements: WriteQuery[] = [];
    for (const s of live) {
      statements.push(
        planStatusStatement(
          s.id,
          'canceled',
          { cancelAt: new Date(now), version: sql`${subscriptions.version} + 1` },
          now,
        ),
        auditStatement(
          {
            actorId,
            action: 'subscription.cancel',
            entityType: 'subscription',
            entityId: s.id,
            before: { status: s.status },
            after: { status: 'canceled', reason: `order ${number} ${to}` },
            ip,
          },
          now,
        ),
      );
    }
    if (statements.length > 0) await tx.batch(statements);

    // Nothing stays owed on an ended order: its open invoices and its plans' are voided; money
    // already received on one (a part payment) is credited back first.
    const open = await tx
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.kind, 'invoice'),
          eq(invoices.status, 'open'),
          plansEnded.length > 0
            ? sql`(${invoices.orderId} = ${orderId} OR ${inArray(invoices.subscriptionId, plansEnded)})`
            : eq(invoices.orderId, orderId),
        ),
      );
    const voided: string[] = [];
    for (const invoice of open) {
      if ((invoice.paidCents ?? 0) > 0) {
        await creditInvoiceIn(tx, invoice, { cents: invoice.paidCents ?? 0, refundId: null, ...actor }, now);
        await tx
          .update(invoices)
          .set({ status: 'void', voidReason: LIFECYCLE.voidedByCancel(number), voidedAt: new Date(now) })
          .where(and(eq(invoices.id, invoice.id), eq(invoices.status, 'open')));
        voided.push(invoice.id);
        continue;
      }
      const result = await voidInvoiceIn(
        tx,
        { invoiceId: invoice.id, reason: LIFECYCLE.voidedByCancel(number), ...actor },
        now,
      );
      if (result.ok) voided.push(invoice.id);
    }

    // A refund: a credit note for what goes back on each paid build invoice (the build, or a
    // schedule's deposit and balance); each stays Paid. The order's own payment is credited for what
    // Stripe refunded of it, a balance paid online for its own refund, the rest for what remains.
    let creditNoteId: string | null = null;
    if (kind === 'refund') {
      let returned = 0;
      for (const paid of await paidBuildInvoicesIn(tx, orderId)) {
        // Partial credits may have returned some of it already: only what remains is credited.
        const remaining = await creditableCentsIn(tx, paid);
        const ordersOwn = paysOrder(paid.purpose) && refundedCents !== null;
        const cents = ordersOwn ? (refundedCents ?? remaining) : remaining;
        if (cents <= 0) continue;
        const invoiceRefund = ordersOwn ? refundId : (balanceRefunds.get(paid.id) ?? null);
        const credited = await creditInvoiceIn(tx, paid, { cents, refundId: invoiceRefund, ...actor }, now);
        creditNoteId ??= credited;
        returned += cents;
      }
      refundedCents = returned;
    }

    const after: Record<string, unknown> = { status: to, subscriptionsCanceled: plansEnded, invoicesVoided: voided };
    if (kind === 'refund')
      Object.assign(after, { provider: order.paymentProvider, refundId, amountCents: refundedCents });
    const closing: WriteQuery[] = [
      auditStatement(
        {
          actorId,
          action: kind === 'cancel' ? 'order.cancel' : 'order.refund',
          entityType: 'order',
          entityId: orderId,
          before: { status: order.status },
          after,
          ip,
        },
        now,
      ),
    ];
    // An order canceled before it was paid: its leads did not become customers.
    if (kind === 'cancel' && order.status === 'pending_payment') {
      closing.push(
        ...leadCanceledStatements({ leadId: order.leadId, email: order.email, held: order.heldAt !== null }, now),
      );
    }
    await tx.batch(closing);
    await mailStatusIn(tx, orderId, to, undefined, null, ip, now);
    return { ok: true, refundId, creditNoteId, voided, plansEnded };
  });
}

/* ---------- Launch ---------- */

/**
 * The site is live: the order moves to launched (from any underway stage, or records the date of
 * one at 'Launched' from before dates were kept). The caller (launch.server.ts) commits the plan's
 * start, history, mail and audit with it. Answers false when a launch got in first.
 */
export async function claimLaunchIn(
  tx: Tx,
  { orderId, liveUrl }: { orderId: string; liveUrl: string | null },
  now = Date.now(),
): Promise<boolean> {
  const at = new Date(now);
  const claimed = await tx
    .update(orders)
    .set({ status: 'launched', launchedAt: at, liveUrl, version: sql`${orders.version} + 1`, updatedAt: at })
    .where(and(eq(orders.id, orderId), sql`${orders.launchedAt} IS NULL`));
  if (claimed.rowsAffected !== 1) return false;
  // A payment schedule's balance due at launch (or at an approval the order skipped) is issued now.
  await issueBalanceIn(tx, orderId, 'launched', now);
  return true;
}
