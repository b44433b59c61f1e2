/**
 * Refunds at Stripe: an order paid through Checkout is refunded in full through the payment
 * intent of its Checkout Session. Invoice-mode orders have nothing to call (the agency pays the
 * money back itself and the admin records it).
 */
import { stripeClient, stripeSettings } from './stripe-client.ts';

export type RefundResult = { ok: true; refundId: string; amountCents: number } | { ok: false; reason: 'no-payment' };

export async function refundCheckoutPayment({
  orderId,
  sessionId,
}: {
  orderId: string;
  sessionId: string | null;
}): Promise<RefundResult> {
  const settings = stripeSettings();
  if (!settings) throw new Error('Stripe is not configured: cannot refund a Stripe order');
  if (!sessionId) return { ok: false, reason: 'no-payment' };
  const stripe = stripeClient(settings);
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  // A subscription-mode session has no payment intent of its own (its invoices do): the
  // admin refunds those invoices in the Stripe Dashboard.
  if (!intent) return { ok: false, reason: 'no-payment' };
  // One refund per order, even when the admin's click (or the SDK) repeats.
  const refund = await stripe.refunds.create(
    { payment_intent: intent, metadata: { order_id: orderId } },
    { idempotencyKey: `order-${orderId}-refund` },
  );
  return { ok: true, refundId: refund.id, amountCents: refund.amount };
}

/**
 * Part of a card payment back (the admin's credit note on an invoice paid through a Checkout
 * Session): `cents` refunded through the session's payment intent. `idempotencyKey` names this
 * credit (the invoice, what was credited before it, the amount), so a repeated click makes one
 * refund; Stripe itself refuses more than the charge has left.
 */
export async function refundSessionPart({
  invoiceId,
  sessionId,
  cents,
  idempotencyKey,
}: {
  invoiceId: string;
  sessionId: string;
  cents: number;
  idempotencyKey: string;
}): Promise<RefundResult> {
  const settings = stripeSettings();
  if (!settings) throw new Error('Stripe is not configured: cannot refund a card payment');
  const stripe = stripeClient(settings);
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  if (!intent) return { ok: false, reason: 'no-payment' };
  const refund = await stripe.refunds.create(
    { payment_intent: intent, amount: cents, metadata: { invoice_id: invoiceId } },
    { idempotencyKey },
  );
  return { ok: true, refundId: refund.id, amountCents: refund.amount };
}
