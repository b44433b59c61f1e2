/**
 * Payment schedules in the lifecycle: under a deposit schedule (src/data/payment-schedule.ts, kept
 * on the order when it was placed) the order's first invoice is the deposit, and paying it pays
 * the order as a build invoice does; when the order reaches the balance's stage (approved, or
 * launched), the balance invoice is issued and e-mailed in the same commit as that move. An order
 * launched without passing approval has passed that stage too, so launch issues a balance due at
 * approval. Issuing is idempotent: an order has at most one balance invoice ever (a voided one is
 * replaced by the owner's corrected invoice, not by a second pass through the stage), and the
 * write queue runs one transaction at a time, so a retry or a race finds the first and issues none.
 */
import { and, eq, inArray, like } from 'drizzle-orm';
import type { AppDatabase, Tx } from '#server/db/index.ts';
import { invoices, orders, payments, type OrderStatus } from '#server/db/schema.ts';
import { serverEnv } from '#server/env.ts';
import { scheduleInvoiceLine, scheduleOf, splitBuild, type BalanceStage } from '#data/payment-schedule.ts';
import { issueStatements, type InvoiceDraft } from '#features/invoices/invoices.server.ts';
import { creditableCentsIn } from '#features/invoices/credit-notes.server.ts';
import { issuedInvoiceMailStatement } from '#features/invoices/mail.ts';
import { refundSessionPart } from '#features/payments/refunds.ts';

/** The invoices that bill an order's build: paying the first of them ('build' or 'deposit') pays the order. */
export const BUILD_INVOICE_PURPOSES = ['build', 'deposit', 'balance'] as const;
export const ORDER_PAYING_PURPOSES = ['build', 'deposit'] as const;

/** Whether an invoice of `purpose` pays its order when settled (the build in full, or its deposit). */
export const paysOrder = (purpose: string) => (ORDER_PAYING_PURPOSES as readonly string[]).includes(purpose);

/** Whether an order moving to `to` has reached (or passed) `stage`: launch passes approval too. */
export const reachesStage = (to: OrderStatus, stage: BalanceStage) => to === stage || to === 'launched';

/**
 * Inside the move's transaction: issues and e-mails the balance invoice of `orderId` when its
 * schedule bills one at the stage `to` reaches. Answers the new invoice's id, or null (billed in
 * full, not its stage yet, or issued before).
 */
export async function issueBalanceIn(
  tx: Tx,
  orderId: string,
  to: OrderStatus,
  now = Date.now(),
): Promise<string | null> {
  const [order] = await tx
    .select({
      userId: orders.userId,
      name: orders.name,
      businessName: orders.businessName,
      email: orders.email,
      totalCents: orders.totalCents,
      depositPercent: orders.depositPercent,
      balanceStage: orders.balanceStage,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const schedule = scheduleOf(order);
  if (schedule.kind !== 'deposit' || !reachesStage(to, schedule.balanceAt)) return null;
  const [earlier] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.purpose, 'balance')));
  if (earlier) return null;
  const { balanceCents } = splitBuild(order.totalCents, schedule);
  if (balanceCents <= 0) return null;
  const draft: InvoiceDraft = {
    purpose: 'balance',
    userId: order.userId,
    orderId,
    customer: { name: order.name, business: order.businessName, email: order.email },
    lines: [
      { description: scheduleInvoiceLine(schedule, 'balance', order.totalCents), quantity: 1, unitCents: balanceCents },
    ],
    dueDays: serverEnv().INVOICE_DUE_DAYS,
  };
  const issued = issueStatements(draft, now);
  // Like every invoice to pay: its own e-mail, with how to pay (and 'Pay online' with Stripe).
  await tx.batch([...issued.statements, issuedInvoiceMailStatement(draft, issued.id, 'invoice', now)]);
  return issued.id;
}

/** The order's build invoices (build, deposit, balance) that are paid: what a refund credits. */
export async function paidBuildInvoicesIn(tx: Pick<Tx, 'select'>, orderId: string) {
  return tx
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.orderId, orderId),
        eq(invoices.kind, 'invoice'),
        inArray(invoices.purpose, [...BUILD_INVOICE_PURPOSES]),
        eq(invoices.status, 'paid'),
      ),
    );
}

/**
 * Before a refund's commit: a schedule's balance paid online (its own Checkout Session, not the
 * order's) is refunded at Stripe for what can still be credited, idempotent per invoice and
 * amount, so a retried refund returns it once. Answers each refunded invoice's Stripe refund id.
 * A provider refusal throws: the refund is not committed (endOrder answers 'provider').
 */
export async function refundBalancesByCard(database: AppDatabase, orderId: string): Promise<Map<string, string>> {
  const refunds = new Map<string, string>();
  for (const invoice of await paidBuildInvoicesIn(database.db, orderId)) {
    if (invoice.purpose !== 'balance') continue;
    const [card] = await database.db
      .select({ reference: payments.providerReference })
      .from(payments)
      .where(and(eq(payments.invoiceId, invoice.id), like(payments.providerReference, 'cs_%')));
    const cents = await creditableCentsIn(database.db, invoice);
    if (!card?.reference || cents <= 0) continue;
    const refunded = await refundSessionPart({
      invoiceId: invoice.id,
      sessionId: card.reference,
      cents,
      idempotencyKey: `invoice-${invoice.id}-refund-balance-${cents}`,
    });
    if (!refunded.ok) throw new Error(`Stripe refused to refund the balance invoice ${invoice.number}`);
    refunds.set(invoice.id, refunded.refundId);
  }
  return refunds;
}
