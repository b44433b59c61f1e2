import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { getDatabase } from '#server/db/index.ts';
import { formOutcomeOf } from '#server/http/testing/call-route.ts';
import { isCrossSiteRequest } from '#server/security/cross-site.ts';
import { guardFor } from '#features/accounts/guards.ts';
import { invoices, orderEvents, orders, outbox, stripeEvents, subscriptions } from '#server/db/schema.ts';
import { orderNumber } from '#features/orders/order-number.ts';
import { STRIPE_MESSAGES } from './copy.ts';
import { stripeClient, stripeSettings } from './stripe-client.ts';
import {
  deliver,
  launchSite,
  placeOrder,
  returnFromStripe,
  setStripeEnv,
  stripeFakeForSuite,
} from './testing/stripe-test-kit.ts';

// The route's own database: the temp libSQL file src/server/db/vitest-database.ts points DATABASE_URL at for this test file.
const { db } = await getDatabase();

const fake = stripeFakeForSuite();

const orderOf = async (id: string) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
const historyOf = async (id: string) =>
  (await db.select().from(orderEvents).where(eq(orderEvents.orderId, id))).map((e) => [e.fromStatus, e.toStatus]);
const mailsTo = async (email: string, kind: string) =>
  db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.kind, kind)));
const subscriptionOf = async (orderId: string) =>
  (await db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId)))[0]!;
const recorded = async (eventId: string) =>
  (await db.select().from(stripeEvents).where(eq(stripeEvents.id, eventId))).length;
const seconds = () => Math.floor(Date.now() / 1000);

const thankYou = (orderId: string, payment: string) => `/thank-you?order=${orderNumber(orderId)}&payment=${payment}`;

describe('success redirect and webhook: whichever comes first', () => {
  it('the customer returns before the webhook: paid by the redirect; the webhook then changes nothing', async () => {
    const { orderId, sessionId, body } = await placeOrder(fake, { monthly: true });
    const paidSession = fake.completeSession(sessionId);

    const back = await returnFromStripe(sessionId);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(thankYou(orderId, 'stripe'));
    const paid = await orderOf(orderId);
    expect(paid).toMatchObject({ status: 'paid', paymentReference: sessionId });
    expect(paid.paidAt).toBeInstanceOf(Date);
    expect(await historyOf(orderId)).toEqual([
      [null, 'pending_payment'],
      ['pending_payment', 'paid'],
    ]);
    expect(await mailsTo(body.email, 'payment-receipt')).toHaveLength(1);
    // The plan waits for launch: the session paid the build and saved the card for it.
    expect(await subscriptionOf(orderId)).toMatchObject({ status: 'pending', paymentReference: null, startedAt: null });
    expect(paidSession).toMatchObject({ mode: 'payment', customer: expect.stringMatching(/^cus_/) });

    const event = fake.event('checkout.session.completed', paidSession);
    const res = await deliver(fake, event);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    expect(await recorded(String(event.id))).toBe(1);
    expect(await orderOf(orderId)).toEqual(paid);
    expect(await historyOf(orderId)).toHaveLength(2);
    expect(await mailsTo(body.email, 'payment-receipt')).toHaveLength(1);
    expect(await subscriptionOf(orderId)).toMatchObject({ status: 'pending', paymentReference: null });

    // Reloading the success page changes nothing either.
    expect((await returnFromStripe(sessionId)).headers.get('location')).toBe(thankYou(orderId, 'stripe'));
    expect(await historyOf(orderId)).toHaveLength(2);

    // One receipt, from the invoices' numbering: paid by card, the session its reference, mailed with the receipt.
    const receipts = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({
      status: 'paid',
      paidMethod: 'card',
      paidCents: paid.totalCents,
      totalCents: paid.totalCents,
      providerReference: sessionId,
    });
    expect(receipts[0]!.number).toMatch(/^INV-\d{4}-\d{4,}$/);
    const [receiptMail] = await mailsTo(body.email, 'payment-receipt');
    expect(receiptMail?.attachments).toEqual([{ kind: 'invoice-pdf', ref: receipts[0]!.id }]);
  });

  it('the webhook arrives first; the redirect afterwards does not undo or repeat it', async () => {
    const { orderId, sessionId, body } = await placeOrder(fake);
    const res = await deliver(fake, fake.event('checkout.session.completed', fake.completeSession(sessionId)));
    expect(res.status).toBe(200);
    const paid = await orderOf(orderId);
    expect(paid).toMatchObject({ status: 'paid', paymentReference: sessionId });

    const back = await returnFromStripe(sessionId);
    expect(back.headers.get('location')).toBe(thankYou(orderId, 'stripe'));
    expect(await orderOf(orderId)).toEqual(paid);
    expect(await historyOf(orderId)).toEqual([
      [null, 'pending_payment'],
      ['pending_payment', 'paid'],
    ]);
    expect(await mailsTo(body.email, 'payment-receipt')).toHaveLength(1);
  });

  it('the same event delivered twice (even at once) is applied once: one receipt, one history row', async () => {
    const { orderId, sessionId, body } = await placeOrder(fake);
    const event = fake.event('checkout.session.completed', fake.completeSession(sessionId));
    const [a, b] = await Promise.all([deliver(fake, event), deliver(fake, event)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const again = await deliver(fake, event);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(await recorded(String(event.id))).toBe(1);
    expect(await historyOf(orderId)).toEqual([
      [null, 'pending_payment'],
      ['pending_payment', 'paid'],
    ]);
    expect(await mailsTo(body.email, 'payment-receipt')).toHaveLength(1);
  });
});

describe('POST /api/stripe/webhook: verification', () => {
  it('a bad, missing or stale signature, or a body changed after signing: 400 and nothing recorded', async () => {
    const { orderId, sessionId } = await placeOrder(fake);
    const event = fake.event('checkout.session.completed', fake.completeSession(sessionId));

    const wrongSecret = await deliver(fake, event, { secret: 'whsec_someone_else' });
    expect(wrongSecret.status).toBe(400);
    expect(await wrongSecret.json()).toEqual({ error: STRIPE_MESSAGES.badSignature });

    const missing = await deliver(fake, event, { signature: null });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: STRIPE_MESSAGES.missingSignature });

    // A signature for other bytes: what a re-serialised (or tampered) body would carry.
    const other = fake.sign({ ...event, livemode: true }, 'whsec_test_palmetto_fake');
    const tampered = await deliver(fake, event, { signature: other.signature });
    expect(tampered.status).toBe(400);

    const old = `t=${seconds() - 3600},v1=${'0'.repeat(64)}`;
    expect((await deliver(fake, event, { signature: old })).status).toBe(400);

    expect(await recorded(String(event.id))).toBe(0);
    expect((await orderOf(orderId)).status).toBe('pending_payment');
  });

  it('Stripe’s delivery passes the middleware’s cross-site refusal and guards; an oversized body is 413', async () => {
    // What Stripe sends: no cookie, no Origin, no Sec-Fetch-Site (src/middleware.ts lets it through).
    const url = new URL('https://palmetto.example/api/stripe/webhook');
    const request = new Request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': 't=1,v1=x' },
      body: '{}',
    });
    expect(isCrossSiteRequest(request, url)).toBe(false);
    expect(guardFor(url.pathname)).toBeNull();

    const huge = fake.event('invoice.updated', { id: 'in_test_huge', object: 'invoice', pad: 'x'.repeat(300_000) });
    const res = await deliver(fake, huge);
    expect(res.status).toBe(413);
    expect(await recorded(String(huge.id))).toBe(0);
  });

  it('an event type we do not use: 200 and recorded, so it is never processed twice', async () => {
    const event = fake.event('charge.refund.updated', { id: 're_test_1', object: 'refund' });
    const res = await deliver(fake, event);
    expect(res.status).toBe(200);
    expect(await recorded(String(event.id))).toBe(1);
  });

  it('an event that fails inside: 500 and not recorded, so Stripe sends it again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    // Not a session as our code knows it (an API change, say): nothing may be half applied.
    const event = fake.event('checkout.session.completed', { object: 'checkout.session', id: 'cs_test_broken' });
    const res = await deliver(fake, event);
    logged.mockRestore();
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: expect.any(String) });
    expect(await recorded(String(event.id))).toBe(0);
  });

  it('without Stripe settings: the webhook answers 503 and the success page sends the visitor to /checkout', async () => {
    const restore = setStripeEnv({});
    try {
      const res = await deliver(fake, fake.event('checkout.session.completed', {}));
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: STRIPE_MESSAGES.notConfigured });
      const back = await returnFromStripe('cs_test_anything');
      expect(back.status).toBe(303);
      expect(back.headers.get('location')).toBe('/checkout');
    } finally {
      restore();
    }
  });
});

/** Back on /checkout, its general notice in the form outcome. */
async function expectNotOurs(res: Response) {
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe('/checkout');
  expect((await formOutcomeOf(res))?.notice).toBe('error');
}

describe('GET /checkout/complete: sessions that are not (yet) paid', () => {
  it('a malformed, unknown or foreign session id: back to /checkout with a notice, never a 500', async () => {
    for (const id of [null, '', 'not-a-session', 'cs_test_<script>']) {
      const res = await returnFromStripe(id);
      expect(res.status).toBe(303);
      await expectNotOurs(res);
    }
    await expectNotOurs(await returnFromStripe('cs_test_doesnotexist'));

    // A session on the same Stripe account that is not one of our orders.
    const settings = stripeSettings()!;
    const foreign = await stripeClient(settings).checkout.sessions.create({
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 500, product_data: { name: 'Mug' } } }],
      success_url: 'https://elsewhere.example/done',
    });
    fake.completeSession(foreign.id);
    await expectNotOurs(await returnFromStripe(foreign.id));
  });

  it('back from Stripe without paying (the session is still open): the checkout form', async () => {
    const { orderId, sessionId } = await placeOrder(fake);
    const res = await returnFromStripe(sessionId);
    expect(res.headers.get('location')).toBe('/checkout?canceled=1');
    expect((await orderOf(orderId)).status).toBe('pending_payment');
  });
});

describe('delayed (bank) payments', () => {
  it('completed but processing: pending; a failure keeps it pending and tells the customer; a success pays it', async () => {
    const { orderId, sessionId, body } = await placeOrder(fake);
    const processing = fake.completeSession(sessionId, { paymentStatus: 'unpaid' });

    const back = await returnFromStripe(sessionId);
    expect(back.headers.get('location')).toBe(thankYou(orderId, 'pending'));
    expect((await deliver(fake, fake.event('checkout.session.completed', processing))).status).toBe(200);
    expect((await orderOf(orderId)).status).toBe('pending_payment');

    const failed = await deliver(fake, fake.event('checkout.session.async_payment_failed', processing));
    expect(failed.status).toBe(200);
    expect((await orderOf(orderId)).status).toBe('pending_payment');
    const history = await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(history.map((e) => [e.fromStatus, e.toStatus, e.note])).toEqual([
      [null, 'pending_payment', 'Order placed at checkout'],
      ['pending_payment', 'pending_payment', STRIPE_MESSAGES.paymentFailedNote],
    ]);
    expect(await mailsTo(body.email, 'payment-failed')).toHaveLength(1);
    expect(await mailsTo(body.email, 'payment-receipt')).toHaveLength(0);

    // The customer retried with their bank and it went through this time.
    const settled = { ...processing, payment_status: 'paid' };
    expect((await deliver(fake, fake.event('checkout.session.async_payment_succeeded', settled))).status).toBe(200);
    expect(await orderOf(orderId)).toMatchObject({ status: 'paid', paymentReference: sessionId });
    expect(await mailsTo(body.email, 'payment-receipt')).toHaveLength(1);
  });

  it('a session whose amount is not the order’s is not taken as payment, and the agency is told', async () => {
    const { orderId, body } = await placeOrder(fake);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const odd = await stripeClient(stripeSettings()!).checkout.sessions.create({
      mode: 'payment',
      client_reference_id: orderId,
      metadata: { order_id: orderId },
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 100, product_data: { name: 'Cheap' } } }],
      success_url: 'http://localhost:4321/checkout/complete?session_id={CHECKOUT_SESSION_ID}',
    });
    const res = await deliver(fake, fake.event('checkout.session.completed', fake.completeSession(odd.id)));
    logged.mockRestore();
    expect(res.status).toBe(200);
    expect((await orderOf(orderId)).status).toBe('pending_payment');
    const [, note] = await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(note?.note).toContain(odd.id);
    expect(await mailsTo(body.email, 'payment-receipt')).toHaveLength(0);
  });
});

describe('subscriptions', () => {
  /** A monthly order paid through the webhook at Stripe time `created`, its site then launched (the plan starts). */
  async function paidMonthly(created = seconds()) {
    const placed = await placeOrder(fake, { monthly: true });
    const session = fake.completeSession(placed.sessionId);
    const res = await deliver(fake, fake.event('checkout.session.completed', session, { created }));
    expect(res.status).toBe(200);
    expect(await launchSite(placed.orderId)).toMatchObject({ ok: true, planStarted: true });
    const subscriptionId = (await subscriptionOf(placed.orderId)).paymentReference!;
    return { ...placed, subscriptionId };
  }
  const stripeSubscription = (id: string, changes: Record<string, unknown> = {}) => ({
    ...fake.subscriptions.get(id)!,
    ...changes,
  });

  it('an older customer.subscription.updated never overwrites newer state', async () => {
    const start = seconds();
    const { orderId, subscriptionId } = await paidMonthly(start);
    expect(await subscriptionOf(orderId)).toMatchObject({ status: 'active', paymentReference: subscriptionId });

    const cancelAt = start + 40 * 24 * 3600;
    const newer = fake.event(
      'customer.subscription.updated',
      stripeSubscription(subscriptionId, { cancel_at: cancelAt }),
      {
        created: start + 100,
      },
    );
    const older = fake.event('customer.subscription.updated', stripeSubscription(subscriptionId, { cancel_at: null }), {
      created: start + 50,
    });
    expect((await deliver(fake, newer)).status).toBe(200);
    expect((await deliver(fake, older)).status).toBe(200);
    expect(await subscriptionOf(orderId)).toMatchObject({
      status: 'canceling',
      cancelAt: new Date(cancelAt * 1000),
      providerUpdatedAt: new Date((start + 100) * 1000),
    });
    // Both were received (and neither will be applied again).
    expect(await recorded(String(older.id))).toBe(1);

    // Newer news withdrawing the end applies.
    const withdrawn = fake.event('customer.subscription.updated', stripeSubscription(subscriptionId), {
      created: start + 200,
    });
    await deliver(fake, withdrawn);
    expect(await subscriptionOf(orderId)).toMatchObject({ status: 'active', cancelAt: null });
  });

  it('invoice.payment_failed makes it past due; the next invoice.paid (a renewal) makes it active to the new period end', async () => {
    const start = seconds();
    const { orderId, subscriptionId } = await paidMonthly(start);
    const failed = fake.invoice(subscriptionId, { status: 'open' });
    expect((await deliver(fake, fake.event('invoice.payment_failed', failed, { created: start + 10 }))).status).toBe(
      200,
    );
    expect((await subscriptionOf(orderId)).status).toBe('past_due');
    // The order itself was paid at checkout and its site launched; a failed renewal does not move it.
    expect((await orderOf(orderId)).status).toBe('launched');

    const periodEnd = start + 61 * 24 * 3600;
    const paid = fake.invoice(subscriptionId, { periodEnd });
    expect((await deliver(fake, fake.event('invoice.paid', paid, { created: start + 20 }))).status).toBe(200);
    expect(await subscriptionOf(orderId)).toMatchObject({
      status: 'active',
      currentPeriodEnd: new Date(periodEnd * 1000),
    });
    // A late copy of the failure (older than the payment) changes nothing.
    await deliver(fake, fake.event('invoice.payment_failed', failed, { created: start + 15 }));
    expect((await subscriptionOf(orderId)).status).toBe('active');
  });

  it('customer.subscription.deleted cancels it for good, whatever arrives after', async () => {
    const start = seconds();
    const { orderId, subscriptionId } = await paidMonthly(start);
    const ended = stripeSubscription(subscriptionId, { status: 'canceled' });
    expect(
      (await deliver(fake, fake.event('customer.subscription.deleted', ended, { created: start + 30 }))).status,
    ).toBe(200);
    expect((await subscriptionOf(orderId)).status).toBe('canceled');
    await deliver(
      fake,
      fake.event('customer.subscription.updated', stripeSubscription(subscriptionId), { created: start + 60 }),
    );
    await deliver(fake, fake.event('invoice.paid', fake.invoice(subscriptionId), { created: start + 90 }));
    expect((await subscriptionOf(orderId)).status).toBe('canceled');
  });

  it('at launch the saved card is subscribed: Stripe bills the plan from now, and its first invoice is the receipt', async () => {
    const { orderId, sessionId, body } = await placeOrder(fake, { monthly: true });
    const session = fake.completeSession(sessionId);
    await deliver(fake, fake.event('checkout.session.completed', session));
    const intent = fake.paymentIntents.get(session.payment_intent!)!;
    expect(intent.setup_future_usage).toBe('off_session');

    const launched = await launchSite(orderId);
    expect(launched).toMatchObject({ ok: true, planStarted: true });
    const plan = await subscriptionOf(orderId);
    const stripeSub = fake.subscriptions.get(plan.paymentReference!)!;
    expect(stripeSub).toMatchObject({
      customer: session.customer,
      default_payment_method: intent.payment_method,
      metadata: { order_id: orderId },
    });
    expect(stripeSub.items.data[0]!.price.unit_amount).toBe(plan.priceCents);
    expect(plan).toMatchObject({ status: 'active', startedAt: expect.any(Date) });
    expect((await orderOf(orderId)).launchedAt).toBeInstanceOf(Date);
    // A second launch (a double click) starts nothing more.
    expect(await launchSite(orderId)).toMatchObject({ ok: true, already: true });
    expect([...fake.subscriptions.values()].filter((s) => s.metadata.order_id === orderId)).toHaveLength(1);

    // Stripe's first invoice for the plan, and then a renewal: a paid plan invoice each, mailed.
    const first = fake.invoice(stripeSub.id, { billingReason: 'subscription_create' });
    await deliver(fake, fake.event('invoice.paid', first));
    await deliver(fake, fake.event('invoice.paid', first, { id: `evt_again_${Date.now()}` }));
    const renewal = fake.invoice(stripeSub.id, { periodEnd: seconds() + 61 * 24 * 3600 });
    await deliver(fake, fake.event('invoice.paid', renewal));
    const receipts = await db.select().from(invoices).where(eq(invoices.subscriptionId, plan.id));
    expect(receipts.map((r) => [r.purpose, r.status, r.paidMethod, r.totalCents, r.providerReference])).toEqual([
      ['plan', 'paid', 'card', plan.priceCents, first.id],
      ['plan', 'paid', 'card', plan.priceCents, renewal.id],
    ]);
    expect(await mailsTo(body.email, 'plan-receipt')).toHaveLength(2);
  });

  it("the first month's charge declined at launch: past due, the customer and the agency told once", async () => {
    const { orderId, sessionId, body } = await placeOrder(fake, { monthly: true });
    await deliver(fake, fake.event('checkout.session.completed', fake.completeSession(sessionId)));
    fake.declinePlanCharges();
    try {
      expect(await launchSite(orderId)).toMatchObject({ ok: true, planStarted: true });
    } finally {
      fake.declinePlanCharges(false);
    }
    const plan = await subscriptionOf(orderId);
    expect(plan.status).toBe('past_due');
    const stripeSub = plan.paymentReference!;
    for (const attempt of [1, 2, 3]) {
      const failed = {
        ...fake.invoice(stripeSub, { status: 'open', billingReason: 'subscription_create' }),
        attempt_count: attempt,
      };
      expect((await deliver(fake, fake.event('invoice.payment_failed', failed))).status).toBe(200);
    }
    expect((await subscriptionOf(orderId)).status).toBe('past_due');
    const told = await mailsTo(body.email, 'renewal-failed');
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe(`We could not charge your card for your ${plan.description}`);
    const notices = await db.select().from(outbox).where(eq(outbox.kind, 'renewal-failed-notice'));
    expect(notices.filter((m) => m.replyTo === body.email)).toHaveLength(1);
  });

  it('a failed renewal: past due, the customer and the agency told once, however often Stripe retries', async () => {
    const start = seconds();
    const { orderId, subscriptionId, body } = await paidMonthly(start);
    for (const [i, attempt] of [1, 2].entries()) {
      const failed = { ...fake.invoice(subscriptionId, { status: 'open' }), attempt_count: attempt };
      const res = await deliver(fake, fake.event('invoice.payment_failed', failed, { created: start + 10 + i }));
      expect(res.status).toBe(200);
    }
    expect((await subscriptionOf(orderId)).status).toBe('past_due');
    expect(await mailsTo(body.email, 'renewal-failed')).toHaveLength(1);
    const notices = await db.select().from(outbox).where(eq(outbox.kind, 'renewal-failed-notice'));
    expect(notices.filter((m) => m.replyTo === body.email)).toHaveLength(1);
  });
});
