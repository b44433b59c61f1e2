/**
 * Stripe Checkout (with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET). The session is built
 * from the server's order items, or from an offer the agency made, only; what the customer
 * pays is recorded when Stripe says so (src/features/payments/stripe-fulfilment.server.ts, from the
 * webhook or the success redirect).
 */
import type Stripe from 'stripe';
import { scheduleInvoiceLine, scheduleOf, splitBuild } from '#data/payment-schedule.ts';
import { serverEnv } from '#server/env.ts';
import { SUBSCRIPTION_NOT_PAID_PATH } from './return-paths.ts';
import type { PaymentProvider, PaymentStart, SubscriptionToPay, OrderToPay, PayableItem } from './provider-contract.ts';
import { isMissingObject, stripeClient, stripeSettings } from './stripe-client.ts';
import { idOf, stripeSubscriptionSchema, subscriptionStateOf } from './stripe-objects.ts';

/** Where Stripe sends the customer back: the success page reconciles before the webhook arrives. */
export const COMPLETE_PATH = '/checkout/complete';

const recurring = (item: PayableItem): { interval: 'month' | 'year' } | undefined =>
  item.interval === 'once' ? undefined : { interval: item.interval };

/**
 * The session Stripe shows: every amount is the order's, priced by our server. It pays the build
 * (the one-time lines) only; a monthly plan chosen with it starts at launch, so the session keeps
 * the card for it (a customer, and the payment method saved for charges made off-session), and
 * `startPlan` subscribes that card when the admin marks the site launched.
 */
export function sessionParams(order: OrderToPay, siteUrl: string): Stripe.Checkout.SessionCreateParams {
  const plan = order.items.some((item) => item.interval !== 'once');
  const schedule = scheduleOf({
    depositPercent: order.depositPercent ?? null,
    balanceStage: order.balanceStage ?? null,
  });
  // Under a payment schedule the order's session pays the deposit only, as one line; the balance
  // is its own invoice, issued at its stage and payable online (invoices/pay-online.server.ts).
  const lines =
    schedule.kind === 'deposit'
      ? [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: splitBuild(order.totalCents, schedule).depositCents,
              product_data: { name: scheduleInvoiceLine(schedule, 'deposit', order.totalCents) },
            },
          },
        ]
      : order.items
          .filter((item) => !recurring(item))
          .map((item) => ({
            quantity: item.quantity,
            price_data: { currency: 'usd', unit_amount: item.unitCents, product_data: { name: item.description } },
          }));
  return {
    mode: 'payment',
    line_items: lines,
    client_reference_id: order.id,
    metadata: { order_id: order.id },
    customer_email: order.email,
    payment_intent_data: {
      metadata: { order_id: order.id },
      ...(plan ? { setup_future_usage: 'off_session' as const } : {}),
    },
    ...(plan ? { customer_creation: 'always' as const } : {}),
    success_url: `${siteUrl}${COMPLETE_PATH}?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${siteUrl}/checkout?canceled=1`,
  };
}

/**
 * The session for an offer the agency made: one recurring line at the agency's price. It names
 * our subscription (not an order) on the session and on the Stripe subscription it creates, so
 * both the session's events and the subscription's own find the row.
 */
export function subscriptionSessionParams(
  offer: SubscriptionToPay,
  siteUrl: string,
): Stripe.Checkout.SessionCreateParams {
  const metadata = { subscription_id: offer.id };
  return {
    mode: 'subscription',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: offer.priceCents,
          product_data: { name: offer.description },
          recurring: { interval: offer.interval },
        },
      },
    ],
    // No client_reference_id: that field names orders (orderIdOf), and this session pays none.
    metadata,
    subscription_data: { metadata },
    customer_email: offer.email,
    success_url: `${siteUrl}${COMPLETE_PATH}?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${siteUrl}${SUBSCRIPTION_NOT_PAID_PATH}`,
  };
}

function requireStripe() {
  const settings = stripeSettings();
  if (!settings) throw new Error('Stripe is not configured (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET)');
  return stripeClient(settings);
}

/**
 * The payment page for one order or offer: the earlier session while it still serves, else a
 * new one under an idempotency key derived from what is paid for (and the expired session it
 * replaces), so a repeated click, or the SDK's own retry, gets the same session from Stripe.
 */
async function openSession(
  stripe: Stripe,
  {
    previous,
    key,
    params,
  }: { previous: string | null; key: string; params: () => Stripe.Checkout.SessionCreateParams },
): Promise<PaymentStart> {
  if (previous) {
    try {
      const existing = await stripe.checkout.sessions.retrieve(previous);
      // A repeated submit while the first payment page is still valid: the same page.
      if (existing.status === 'open' && existing.url) return { redirect: existing.url, reference: existing.id };
      // Already paid (or paying): the success page reconciles and says so.
      if (existing.status === 'complete') {
        return {
          redirect: `${COMPLETE_PATH}?session_id=${encodeURIComponent(existing.id)}`,
          reference: existing.id,
        };
      }
    } catch (error) {
      // A session Stripe no longer knows (another account, test data): start a new one.
      if (!isMissingObject(error)) throw error;
    }
  }
  const idempotencyKey = previous ? `${key}-after-${previous}` : key;
  const session = await stripe.checkout.sessions.create(params(), { idempotencyKey });
  if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
  return { redirect: session.url, reference: session.id };
}

export function stripeProvider(): PaymentProvider {
  return {
    name: 'stripe',
    async begin(order) {
      return openSession(requireStripe(), {
        previous: order.paymentReference,
        key: `order-${order.id}-checkout`,
        params: () => sessionParams(order, serverEnv().SITE_URL),
      });
    },
    async beginSubscription(offer) {
      return openSession(requireStripe(), {
        previous: offer.previousAttempt,
        key: `subscription-${offer.id}-checkout`,
        params: () => subscriptionSessionParams(offer, serverEnv().SITE_URL),
      });
    },
    async startPlan(plan) {
      const stripe = requireStripe();
      if (!plan.paidWith) throw new Error(`plan ${plan.id}: no Checkout Session paid its order, so no card is saved`);
      const session = await stripe.checkout.sessions.retrieve(plan.paidWith, { expand: ['payment_intent'] });
      const customer = session.customer ? idOf(session.customer) : null;
      const intent = session.payment_intent;
      const method = intent && typeof intent !== 'string' && intent.payment_method ? idOf(intent.payment_method) : null;
      if (!customer || !method) throw new Error(`plan ${plan.id}: session ${session.id} saved no card`);
      // Subscription items take a product id, not inline product data: one product per plan.
      const product = await stripe.products.create(
        { name: plan.description, metadata: { subscription_id: plan.id } },
        { idempotencyKey: `plan-${plan.id}-product` },
      );
      const subscription = await stripe.subscriptions.create(
        {
          customer,
          default_payment_method: method,
          items: [
            {
              price_data: {
                currency: 'usd',
                product: product.id,
                unit_amount: plan.priceCents,
                recurring: { interval: plan.interval },
              },
            },
          ],
          // Renewals and their invoices name the order, as checkout's subscriptions always did.
          metadata: { order_id: plan.orderId },
          off_session: true,
        },
        { idempotencyKey: `plan-${plan.id}-start` },
      );
      const state = subscriptionStateOf(stripeSubscriptionSchema.parse(subscription));
      return { reference: subscription.id, status: state.status, currentPeriodEnd: state.currentPeriodEnd };
    },
    async scheduleCancel(subscription, cancelAt) {
      // Subscriptions Stripe does not bill (made by an admin, never paid by card) have nothing to tell it.
      if (!subscription.paymentReference) return;
      const stripe = requireStripe();
      await stripe.subscriptions.update(subscription.paymentReference, {
        // Stripe ends it at that second; '' withdraws a scheduled end.
        cancel_at: cancelAt ? Math.floor(cancelAt.getTime() / 1000) : '',
      });
    },
    async cancelNow(subscription) {
      if (!subscription.paymentReference) return;
      try {
        await requireStripe().subscriptions.cancel(subscription.paymentReference);
      } catch (error) {
        // Already canceled or deleted at Stripe: the end we wanted.
        if (!isMissingObject(error)) throw error;
      }
    },
    async changePrice(subscription, priceCents, key) {
      if (!subscription.paymentReference) return;
      const stripe = requireStripe();
      const current = await stripe.subscriptions.retrieve(subscription.paymentReference);
      const item = current.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${current.id} has no item to reprice`);
      const product = typeof item.price.product === 'string' ? item.price.product : item.price.product.id;
      await stripe.subscriptions.update(
        current.id,
        {
          // The same product at the new amount; 'none': nothing is charged or credited now, and
          // the next invoice (the next period) carries the new price.
          items: [
            {
              id: item.id,
              price_data: {
                currency: item.price.currency,
                product,
                unit_amount: priceCents,
                recurring: { interval: subscription.interval },
              },
            },
          ],
          proration_behavior: 'none',
        },
        { idempotencyKey: key },
      );
    },
  };
}
