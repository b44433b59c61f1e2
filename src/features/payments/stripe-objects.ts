/**
 * The parts of Stripe's objects we act on, checked with zod before use: a webhook payload is
 * signed but otherwise just parsed JSON, and an API version change must fail loudly here
 * rather than mark the wrong order paid.
 */
import * as z from 'zod/mini';
import type { SubscriptionStatus } from '#server/db/schema.ts';

const id = z.string().check(z.minLength(1), z.maxLength(255));
const metadata = z.nullish(z.record(z.string(), z.string()));
/** Stripe times are Unix seconds. */
const seconds = z.int().check(z.nonnegative());

export const stripeSubscriptionSchema = z.object({
  id,
  object: z.literal('subscription'),
  status: z.string(),
  cancel_at: z.nullish(seconds),
  cancel_at_period_end: z.nullish(z.boolean()),
  metadata,
  // The billing period lives on each item (API 2025-03-31 and later).
  items: z.optional(z.object({ data: z.array(z.object({ current_period_end: z.nullish(seconds) })) })),
});
export type StripeSubscription = z.output<typeof stripeSubscriptionSchema>;

export const checkoutSessionSchema = z.object({
  id,
  object: z.literal('checkout.session'),
  mode: z.string(),
  status: z.nullish(z.string()),
  payment_status: z.string(),
  client_reference_id: z.nullish(z.string()),
  metadata,
  amount_total: z.nullish(z.number()),
  currency: z.nullish(z.string()),
  created: seconds,
  url: z.nullish(z.string()),
  /** An id, or the object when the request expanded it. */
  subscription: z.nullish(z.union([id, stripeSubscriptionSchema])),
});
export type CheckoutSession = z.output<typeof checkoutSessionSchema>;

const idOrObject = z.union([id, z.object({ id })]);

export const invoiceSchema = z.object({
  id,
  object: z.literal('invoice'),
  parent: z.nullish(
    z.object({
      subscription_details: z.nullish(z.object({ subscription: idOrObject, metadata })),
    }),
  ),
  lines: z.optional(
    z.object({
      data: z.array(z.object({ period: z.nullish(z.object({ start: z.optional(seconds), end: seconds })) })),
    }),
  ),
  /** 'subscription_create' (the first period), 'subscription_cycle' (a renewal), ... */
  billing_reason: z.nullish(z.string()),
  /** How many times Stripe has tried to take this invoice's payment (its retries count up). */
  attempt_count: z.nullish(z.int().check(z.nonnegative())),
  amount_paid: z.nullish(z.int().check(z.nonnegative())),
  currency: z.nullish(z.string()),
});
export type StripeInvoice = z.output<typeof invoiceSchema>;

export const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

/** Our order named by a session: client_reference_id and metadata.order_id must agree. */
export function orderIdOf(session: CheckoutSession): string | null {
  const fromReference = session.client_reference_id ?? null;
  const fromMetadata = session.metadata?.order_id ?? null;
  if (fromReference && fromMetadata && fromReference !== fromMetadata) return null;
  return fromReference ?? fromMetadata;
}

/**
 * Our subscription offer named by a session (metadata.subscription_id), when it names no order:
 * an order's session is the order's, whatever else its metadata says.
 */
export function offerIdOf(session: CheckoutSession): string | null {
  if (session.client_reference_id || session.metadata?.order_id) return null;
  return session.metadata?.subscription_id || null;
}

/** Our invoice named by a session (metadata.invoice_id, its 'Pay online'), when it names no order nor offer. */
export function invoiceIdOf(session: CheckoutSession): string | null {
  if (session.client_reference_id || session.metadata?.order_id || session.metadata?.subscription_id) return null;
  return session.metadata?.invoice_id || null;
}

/** The payment is in: card payments at once, bank debits later (async_payment_succeeded). */
export const isPaidSession = (session: CheckoutSession) =>
  session.status === 'complete' &&
  (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');

const fromSeconds = (value: number) => new Date(value * 1000);

/** The end of the paid period: the latest of the subscription's items. */
export function periodEndOf(subscription: StripeSubscription): Date | null {
  const ends = (subscription.items?.data ?? []).map((item) => item.current_period_end ?? 0).filter((end) => end > 0);
  return ends.length > 0 ? fromSeconds(Math.max(...ends)) : null;
}

export interface SubscriptionState {
  /** null: nothing to say about the status (Stripe's 'incomplete': the first payment is still open). */
  status: SubscriptionStatus | null;
  cancelAt: Date | null;
  currentPeriodEnd: Date | null;
}

/** Stripe's subscription status in our words. */
export function subscriptionStateOf(subscription: StripeSubscription): SubscriptionState {
  const currentPeriodEnd = periodEndOf(subscription);
  const cancelAt =
    subscription.cancel_at != null
      ? fromSeconds(subscription.cancel_at)
      : subscription.cancel_at_period_end
        ? currentPeriodEnd
        : null;
  switch (subscription.status) {
    case 'active':
    case 'trialing':
      return { status: cancelAt ? 'canceling' : 'active', cancelAt, currentPeriodEnd };
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return { status: 'past_due', cancelAt, currentPeriodEnd };
    case 'canceled':
    case 'incomplete_expired':
      return { status: 'canceled', cancelAt, currentPeriodEnd };
    default:
      return { status: null, cancelAt, currentPeriodEnd };
  }
}

/** What a Stripe subscription's metadata says it pays for: an order, or an offer (our subscription id). */
export function ownerOf(metadata: Record<string, string> | null | undefined): {
  orderId: string | null;
  subscriptionId: string | null;
} {
  return { orderId: metadata?.order_id || null, subscriptionId: metadata?.subscription_id || null };
}

/** The Stripe subscription an invoice bills, and the order or offer it pays for (from its metadata). */
export function invoiceSubscription(
  invoice: StripeInvoice,
): { id: string; orderId: string | null; subscriptionId: string | null } | null {
  const details = invoice.parent?.subscription_details;
  if (!details) return null;
  return { id: idOf(details.subscription), ...ownerOf(details.metadata) };
}

/** The period an invoice bills: its earliest line's start to its latest line's end. */
export function invoicePeriod(invoice: StripeInvoice): { start: Date; end: Date } | null {
  const periods = (invoice.lines?.data ?? []).flatMap((line) => (line.period ? [line.period] : []));
  const starts = periods.map((period) => period.start ?? 0).filter((start) => start > 0);
  const end = invoicePeriodEnd(invoice);
  return starts.length > 0 && end ? { start: fromSeconds(Math.min(...starts)), end } : null;
}

/** The end of the period an invoice paid for: its latest line. */
export function invoicePeriodEnd(invoice: StripeInvoice): Date | null {
  const ends = (invoice.lines?.data ?? []).map((line) => line.period?.end ?? 0).filter((end) => end > 0);
  return ends.length > 0 ? fromSeconds(Math.max(...ends)) : null;
}
