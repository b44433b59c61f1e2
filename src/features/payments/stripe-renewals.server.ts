/**
 * What a Stripe subscription's invoices mean for our records, inside the webhook's transaction:
 * each paid one is a receipt (a paid plan invoice from our numbering, mailed with its PDF), and
 * a failed renewal tells the customer and the agency, once per fall into arrears.
 */
import { and, eq } from 'drizzle-orm';
import { site } from '#data/site.ts';
import type { Tx } from '#server/db/index.ts';
import { invoices, orders, subscriptions, users } from '#server/db/schema.ts';
import { outboxInsert } from '#server/email/enqueue.ts';
import { serverEnv } from '#server/env.ts';
import { planInvoiceStatements } from '#features/invoices/plan-invoice.ts';
import { renewalFailedMails } from './stripe-mail.ts';
import { invoicePeriod, type StripeInvoice } from './stripe-objects.ts';

export type PlanRow = typeof subscriptions.$inferSelect;

/** Our subscription the Stripe subscription `stripeId` is, as it is before this event applies. */
export async function planRowIn(
  tx: Tx,
  stripeId: string,
  { orderId, subscriptionId }: { orderId: string | null; subscriptionId: string | null },
): Promise<PlanRow | null> {
  const [linked] = await tx.select().from(subscriptions).where(eq(subscriptions.paymentReference, stripeId)).limit(1);
  if (linked) return linked;
  if (!orderId) {
    // An offer the agency made names itself; its first invoice can come before its session's event.
    if (!subscriptionId) return null;
    const [offer] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).limit(1);
    return offer ?? null;
  }
  // Started at launch, its first invoice can arrive before the launch commit links it.
  const [waiting] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.orderId, orderId), eq(subscriptions.status, 'pending')))
    .limit(1);
  return waiting ?? null;
}

async function customerIn(tx: Tx, plan: PlanRow) {
  const [person] = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, plan.userId));
  const [order] = plan.orderId
    ? await tx.select({ business: orders.businessName }).from(orders).where(eq(orders.id, plan.orderId))
    : [];
  return person ? { ...person, business: order?.business ?? '' } : null;
}

/**
 * The receipt for a paid Stripe invoice of `plan`: once per Stripe invoice (looked up first, and
 * a unique index besides). A checkout subscription from before plans started at launch had its
 * first period paid in the Checkout Session, whose receipt already counts it: not twice.
 */
export async function renewalPaidIn(tx: Tx, plan: PlanRow, invoice: StripeInvoice, now: number): Promise<boolean> {
  const cents = invoice.amount_paid ?? 0;
  const period = invoicePeriod(invoice);
  if (cents <= 0 || !period) return false;
  const paidInCheckout =
    invoice.billing_reason === 'subscription_create' &&
    plan.createdBy === 'checkout' &&
    plan.startedAt === null &&
    plan.status !== 'pending';
  if (paidInCheckout) return false;
  const earlier = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.providerReference, invoice.id))
    .limit(1);
  if (earlier.length > 0) return false;
  const customer = await customerIn(tx, plan);
  if (!customer) return false;
  const receipt = planInvoiceStatements(
    {
      subscriptionId: plan.id,
      userId: plan.userId,
      description: plan.description,
      priceCents: cents,
      period: { start: period.start.getTime(), end: period.end.getTime() },
      customer: { name: customer.name, business: customer.business, email: customer.email },
    },
    now,
    { cents, reference: invoice.id },
  );
  await tx.batch(receipt.statements);
  return true;
}

/** A plan's charge Stripe could not take (a renewal, or the first month at launch): the customer and the agency are told. */
export async function renewalFailedIn(tx: Tx, plan: PlanRow, invoice: StripeInvoice, now: number): Promise<void> {
  if (plan.status === 'canceled') return;
  // An offer still being paid through Checkout: a failure there is the checkout's to tell
  // (paymentFailedIn). A plan bought at checkout is charged first at launch, and that charge
  // failing is told like any other (it may fail before the launch has recorded the start).
  if (plan.status === 'pending' && plan.createdBy !== 'checkout') return;
  // Once per invoice: Stripe retries the same invoice a few times (attempt 2, 3, ...), and those
  // say nothing new. Without a count, a plan already behind was told at its first failure.
  const firstAttempt = invoice.attempt_count != null ? invoice.attempt_count <= 1 : plan.status !== 'past_due';
  if (!firstAttempt) return;
  const customer = await customerIn(tx, plan);
  if (!customer) return;
  const mails = renewalFailedMails(plan, customer);
  await tx.batch([
    outboxInsert({ ...mails.toCustomer, kind: 'renewal-failed', to: customer.email }, now),
    outboxInsert(
      {
        ...mails.toAgency,
        kind: 'renewal-failed-notice',
        to: serverEnv().AGENCY_INBOX ?? site.email,
        replyTo: customer.email,
      },
      now,
    ),
  ]);
}
