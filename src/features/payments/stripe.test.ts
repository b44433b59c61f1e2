import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { pricing } from '#data/pricing.ts';
import { getDatabase } from '#server/db/index.ts';
import { orderItems, orders, outbox } from '#server/db/schema.ts';
import { unseal } from '#server/email/sealed.ts';
import { endBilling } from '#features/subscriptions/personal-data.server.ts';
import { CHECKOUT } from '#features/checkout/copy.ts';
import { stripeProvider } from './stripe.ts';
import {
  checkoutBody,
  launchSite,
  placeOrder,
  postOrder,
  returnFromStripe,
  setStripeEnv,
  stripeFakeForSuite,
  useFake,
} from './testing/stripe-test-kit.ts';

// The route's own database: the temp libSQL file src/server/db/vitest-database.ts points DATABASE_URL at for this test file.
const { db } = await getDatabase();

const fake = stripeFakeForSuite();

const orderOf = async (id: string) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!;

/** A monthly order paid by card and launched: the Stripe subscription that now bills its plan. */
async function launchedPlan(): Promise<string> {
  const { orderId, sessionId } = await placeOrder(fake, { monthly: true });
  fake.completeSession(sessionId);
  await returnFromStripe(sessionId);
  await launchSite(orderId);
  const plan = [...fake.subscriptions.values()].find((s) => s.metadata.order_id === orderId);
  if (!plan) throw new Error(`no Stripe subscription for ${orderId}`);
  return plan.id;
}
const creations = (orderId: string) =>
  fake.requests.filter(
    (r) => r.method === 'POST' && r.path === '/v1/checkout/sessions' && r.params.client_reference_id === orderId,
  );

describe('POST /api/checkout with Stripe', () => {
  it('a one-time order opens a payment session priced from the order, and the order keeps its id', async () => {
    const { orderId, redirect, sessionId, body } = await placeOrder(fake, { extraPages: 2 });
    expect(redirect).toBe(`${fake.url}/pay/${sessionId}`);
    const order = await orderOf(orderId);
    expect(order).toMatchObject({ status: 'pending_payment', paymentProvider: 'stripe', paymentReference: sessionId });

    const session = fake.sessions.get(sessionId)!;
    expect(session).toMatchObject({
      mode: 'payment',
      currency: 'usd',
      client_reference_id: orderId,
      metadata: { order_id: orderId },
      customer_email: body.email,
      success_url: 'http://localhost:4321/checkout/complete?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:4321/checkout?canceled=1',
    });
    expect(session.amount_total).toBe(order.totalCents);
    expect(order.totalCents).toBe(pricing.checkout.base.priceCents + 2 * pricing.checkout.extraPage!.priceCents);
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(fake.lineItems.get(sessionId)).toEqual(
      items
        .sort((a, b) => a.position - b.position)
        .map((i) => ({
          name: i.description,
          quantity: i.quantity,
          unitAmount: i.unitCents,
          currency: 'usd',
          interval: null,
        })),
    );
    // The session is keyed by the order, so a retried request cannot open a second one.
    expect(creations(orderId).map((r) => r.idempotencyKey)).toEqual([`order-${orderId}-checkout`]);
  });

  it('with the monthly plan: the session pays the build only and keeps the card for the plan, from launch', async () => {
    const { orderId, sessionId } = await placeOrder(fake, { monthly: true });
    const order = await orderOf(orderId);
    const session = fake.sessions.get(sessionId)!;
    expect(session.mode).toBe('payment');
    expect(session.amount_total).toBe(order.totalCents);
    expect(order.totalCents).toBe(pricing.checkout.base.priceCents);
    expect(fake.lineItems.get(sessionId)).toEqual([
      expect.objectContaining({ unitAmount: pricing.checkout.base.priceCents, interval: null }),
    ]);
    const [request] = creations(orderId);
    expect(request?.params.payment_intent_data).toEqual({
      metadata: { order_id: orderId },
      setup_future_usage: 'off_session',
    });
    expect(request?.params.customer_creation).toBe('always');
    expect(request?.params.subscription_data).toBeUndefined();
  });

  it('a repeated submit (double click, back button) gets the same session; an expired one is replaced', async () => {
    const body = checkoutBody();
    const first = (await (await postOrder(body)).json()) as { orderId: string; redirect: string };
    const again = await postOrder(body);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { redirect: string }).redirect).toBe(first.redirect);
    expect(creations(first.orderId)).toHaveLength(1);

    const firstSession = first.redirect.split('/').pop()!;
    fake.expireSession(firstSession);
    const later = (await (await postOrder(body)).json()) as { orderId: string; redirect: string };
    expect(later.orderId).toBe(first.orderId);
    expect(later.redirect).not.toBe(first.redirect);
    const secondSession = later.redirect.split('/').pop()!;
    expect((await orderOf(first.orderId)).paymentReference).toBe(secondSession);
    expect(creations(first.orderId).map((r) => r.idempotencyKey)).toEqual([
      `order-${first.orderId}-checkout`,
      `order-${first.orderId}-checkout-after-${firstSession}`,
    ]);
  });

  it('a submit after paying goes to the success page, not to a second payment', async () => {
    const body = checkoutBody();
    const { orderId, redirect } = (await (await postOrder(body)).json()) as { orderId: string; redirect: string };
    const sessionId = redirect.split('/').pop()!;
    fake.completeSession(sessionId);
    const again = (await (await postOrder(body)).json()) as { redirect: string };
    expect(again.redirect).toBe(`/checkout/complete?session_id=${sessionId}`);
    expect(creations(orderId)).toHaveLength(1);
  });

  it('a plain form post answers 303 to Stripe’s page', async () => {
    const res = await postOrder(checkoutBody(), { form: true });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(new RegExp(`^${fake.url}/pay/cs_test_`));
  });

  it('Stripe unreachable: 502 with the provider message, and the order is kept for a retry', async () => {
    const restore = setStripeEnv({
      STRIPE_SECRET_KEY: 'sk_test_palmetto_fake',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_palmetto_fake',
      // Nothing listens on port 9 (discard) here: the connection is refused.
      STRIPE_API_URL: 'http://127.0.0.1:9',
    });
    const body = checkoutBody();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await postOrder(body);
      expect(res.status).toBe(502);
      expect(((await res.json()) as { error: string }).error).toBe(CHECKOUT.providerDown);
      expect(logged).toHaveBeenCalled();
    } finally {
      logged.mockRestore();
      restore();
    }
    const [order] = await db.select().from(orders).where(eq(orders.email, body.email));
    expect(order).toMatchObject({ status: 'pending_payment', paymentReference: null });
    // Stripe is back: the same form finds the order and opens its session.
    const retry = await postOrder(body);
    expect(retry.status).toBe(200);
    expect((await orderOf(order!.id)).paymentReference).toMatch(/^cs_test_/);
  });
});

describe('stripeProvider().scheduleCancel', () => {
  it('sends cancel_at (Unix seconds) for a Stripe subscription, and clears it with null', async () => {
    const subscriptionId = await launchedPlan();
    const provider = stripeProvider();
    const at = new Date('2031-05-01T12:00:00Z');

    await provider.scheduleCancel({ paymentReference: subscriptionId }, at);
    expect(fake.subscriptions.get(subscriptionId)?.cancel_at).toBe(Math.floor(at.getTime() / 1000));

    await provider.scheduleCancel({ paymentReference: subscriptionId }, null);
    expect(fake.subscriptions.get(subscriptionId)?.cancel_at).toBeNull();
    const updates = fake.requests.filter((r) => r.path === `/v1/subscriptions/${subscriptionId}`);
    expect(updates.map((r) => r.params.cancel_at)).toEqual([String(Math.floor(at.getTime() / 1000)), '']);
  });

  it('does nothing for a subscription Stripe does not bill', async () => {
    const before = fake.requests.length;
    await stripeProvider().scheduleCancel({ paymentReference: null }, new Date());
    expect(fake.requests.length).toBe(before);
  });
});

describe('stripeProvider().cancelNow, and account deletion ending billing', () => {
  it('cancels at Stripe at once; a subscription already gone there is fine', async () => {
    const subscriptionId = await launchedPlan();
    await stripeProvider().cancelNow({ paymentReference: subscriptionId });
    expect(fake.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    expect(fake.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscriptionId}`)).toBe(
      true,
    );
    await expect(stripeProvider().cancelNow({ paymentReference: 'sub_never_existed' })).resolves.toBeUndefined();
  });

  it('when Stripe cannot be reached, the agency is e-mailed the subscription to cancel by hand', async () => {
    const database = await getDatabase();
    const restore = setStripeEnv({
      STRIPE_SECRET_KEY: 'sk_test_palmetto_fake',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_palmetto_fake',
      STRIPE_API_URL: 'http://127.0.0.1:9',
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await endBilling(database, [{ id: 'local-sub', paymentReference: 'sub_unreachable_1' }]);
    } finally {
      error.mockRestore();
      restore();
      useFake(fake);
    }
    const mails = await database.db.select().from(outbox).where(eq(outbox.kind, 'billing-cancel-failed'));
    expect(mails.some((m) => unseal(m.text).includes('sub_unreachable_1'))).toBe(true);
  });
});
