/**
 * What an admin does to an issued invoice: record its payment, void it, send it again. Each is
 * one write transaction with its audit entry (and, for a payment, the order's move to paid with
 * its history, receipt and subscription, through the same moveOrderIn that the order's own
 * 'Mark paid' uses). A transition is a conditional UPDATE (WHERE status = 'open'): of two admins
 * acting at once, or two servers, exactly one changes the row and the other is told it is no
 * longer open.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { AppDatabase, Tx } from '#server/db/index.ts';
import { invoiceLines, invoices, type AttachmentRef, type PaymentMethod } from '#server/db/schema.ts';
import { outboxInsert } from '#server/email/enqueue.ts';
import { auditStatement } from '#server/security/audit.ts';
import { invoiceAttachment } from '../attachment.server.ts';
import { customerInvoiceUrl } from '../build-invoice.ts';
import { invoiceState, type Invoice } from '../invoices.server.ts';
import { invoiceMail } from '../mail.ts';

export type InvoiceActionResult<Extra = object> =
  ({ ok: true } & Extra) | { ok: false; reason: 'not-found' | 'not-open' | 'void' };

interface Actor {
  invoiceId: string;
  actorId: string;
  ip: string | null;
}

/** Who recorded a payment: an admin, or (null) the payment provider that took it online. */
interface Recorder {
  invoiceId: string;
  actorId: string | null;
  ip: string | null;
}

async function readIn(tx: Tx, id: string): Promise<Invoice | null> {
  const [found] = await tx.select().from(invoices).where(eq(invoices.id, id));
  return found ?? null;
}

/** Sets `change` on the invoice only while it is still open; true when it did. */
async function whileOpen(tx: Tx, id: string, change: Partial<typeof invoices.$inferInsert>): Promise<boolean> {
  const changed = await tx
    .update(invoices)
    .set(change)
    .where(and(eq(invoices.id, id), eq(invoices.status, 'open')))
    .returning({ id: invoices.id });
  return changed.length === 1;
}

/**
 * What paying an order's build invoice does to the order: the orders feature's move to paid
 * (history, subscription, the payment mail carrying `receipt`), given by the route that
 * composes the two features: orders bill through invoices, so invoices never import orders.
 * Answers whether the order moved.
 */
export type PayOrder = (
  tx: Tx,
  payment: {
    orderId: string;
    actorId: string | null;
    ip: string | null;
    receipt: { attachment: AttachmentRef; url: string };
  },
  now: number,
) => Promise<boolean>;

export interface Payment extends Recorder {
  cents: number;
  /** When the money arrived (the day the admin gave). */
  paidAt: Date;
  /** How it was paid; null when the admin did not say (the order page's Mark paid). */
  method: PaymentMethod | null;
  /** Moves a build invoice's order to paid in the same commit (without it, the order stays). */
  payOrder?: PayOrder;
  /** The provider's id for an online payment (a Stripe Checkout Session): recorded, unique. */
  providerReference?: string;
}

/**
 * Records the payment of an open (or overdue) invoice. A website build's invoice whose order
 * still awaits payment moves that order to paid in the same commit, exactly as the order's
 * 'Mark paid' does (history, subscription, receipt, 'order.status' audit).
 */
export function markInvoicePaid(
  database: AppDatabase,
  payment: Payment,
  now = Date.now(),
): Promise<InvoiceActionResult<{ orderMoved: boolean }>> {
  return database.writes.transaction((tx) => markInvoicePaidIn(tx, payment, now));
}

/** `markInvoicePaid` inside a transaction the caller owns (a Stripe webhook's, with its event id). */
export async function markInvoicePaidIn(
  tx: Tx,
  payment: Payment,
  now = Date.now(),
): Promise<InvoiceActionResult<{ orderMoved: boolean }>> {
  const invoice = await readIn(tx, payment.invoiceId);
  if (!invoice) return { ok: false, reason: 'not-found' };
  const changed = await whileOpen(tx, invoice.id, {
    status: 'paid',
    paidAt: payment.paidAt,
    paidCents: payment.cents,
    paidMethod: payment.method,
    ...(payment.providerReference ? { providerReference: payment.providerReference } : {}),
  });
  if (!changed) return { ok: false, reason: 'not-open' };
  let orderMoved = false;
  if (invoice.purpose === 'build' && invoice.orderId && payment.payOrder) {
    orderMoved = await payment.payOrder(
      tx,
      {
        orderId: invoice.orderId,
        actorId: payment.actorId,
        ip: payment.ip,
        // The payment mail carries the invoice, now marked paid.
        receipt: { attachment: invoiceAttachment(invoice.id), url: customerInvoiceUrl(invoice.id) },
      },
      now,
    );
  }
  await tx.batch([
    auditStatement(
      {
        actorId: payment.actorId,
        ip: payment.ip,
        action: 'invoice.mark-paid',
        entityType: 'invoice',
        entityId: invoice.id,
        before: { status: invoiceState(invoice, now) },
        after: {
          status: 'paid',
          number: invoice.number,
          paidCents: payment.cents,
          paidAt: payment.paidAt.toISOString(),
          method: payment.method,
          ...(payment.providerReference ? { providerReference: payment.providerReference } : {}),
          orderMoved,
        },
      },
      now,
    ),
  ]);
  return { ok: true, orderMoved };
}

/** Voids an open (or overdue) invoice with the admin's reason: it is never payable again. */
export function voidInvoice(
  database: AppDatabase,
  action: Actor & { reason: string },
  now = Date.now(),
): Promise<InvoiceActionResult> {
  return database.writes.transaction(async (tx) => {
    const invoice = await readIn(tx, action.invoiceId);
    if (!invoice) return { ok: false, reason: 'not-found' };
    const at = new Date(now);
    if (!(await whileOpen(tx, invoice.id, { status: 'void', voidReason: action.reason, voidedAt: at }))) {
      return { ok: false, reason: 'not-open' };
    }
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
  });
}

/**
 * Queues the invoice e-mail again, the PDF attached by reference (made when the mail goes, so it
 * shows the invoice as it is then). A void invoice is not sent: it asks for nothing.
 */
export function sendInvoiceAgain(database: AppDatabase, action: Actor, now = Date.now()): Promise<InvoiceActionResult> {
  return database.writes.transaction(async (tx) => {
    const found = await readIn(tx, action.invoiceId);
    if (!found) return { ok: false, reason: 'not-found' };
    if (found.status === 'void') return { ok: false, reason: 'void' };
    const lines = await tx
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, found.id))
      .orderBy(asc(invoiceLines.position));
    const invoice = { ...found, lines };
    const mail = invoiceMail(invoice, { invoiceUrl: customerInvoiceUrl(invoice.id) }, now);
    await tx.batch([
      outboxInsert(
        { ...mail, kind: 'invoice', to: invoice.customerEmail, attachments: [invoiceAttachment(invoice.id)] },
        now,
      ),
      auditStatement(
        {
          actorId: action.actorId,
          ip: action.ip,
          action: 'invoice.send',
          entityType: 'invoice',
          entityId: invoice.id,
          after: { number: invoice.number, to: invoice.customerEmail },
        },
        now,
      ),
    ]);
    return { ok: true };
  });
}
