/**
 * Issue 10 with Stripe: a customer accepts a subscription the agency offered, pays on Stripe's
 * page, and the offer starts when Stripe says it is paid (success redirect or webhook, whichever
 * comes first), once. Against the fake (src/features/payments/testing/stripe-fake.ts).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { site } from '#data/site.ts';
import { getDatabase } from '#server/db/index.ts';
import { auditLog, outbox, stripeEvents, subscriptions, users } from '#server/db/schema.ts';
import { unseal } from '#server/email/sealed.ts';
import { serverEnv } from '#server/env.ts';
import { formOutcomeOf } from '#server/http/testing/call-route.ts';
import { randomId } from '#server/security/tokens.ts';
import type { SessionUser } from '#features/accounts/session.server.ts';
import { SUBSCRIPTION_NOTICES, SUBSCRIPTIONS } from '#features/subscriptions/copy.ts';
import {
  SUBSCRIPTION_PROCESSING_PATH,
  SUBSCRIPTION_NOT_PAID_PATH,
  SUBSCRIPTION_ACCEPTED_PATH,
} from './return-paths.ts';
import { stripeClient, stripeSettings } from './stripe-client.ts';
import { postSubscriptionPrice } from '#features/subscriptions/admin/handlers/subscriptions.ts';
import { postAs } from '#features/admin/handlers/admin-test-kit.ts';
import {
  acceptOfferAs,
  deliver,
  placeOrder,
  returnFromStripe,
  setStripeEnv,
  stripeFakeForSuite,
} from './testing/stripe-test-kit.ts';

const { db } = await getDatabase();
const AGENCY = serverEnv().AGENCY_INBOX ?? site.email;
const DAY = 24 * 3600;

const fake = stripeFakeForSuite();

async function customer(): Promise<SessionUser> {
  const id = crypto.randomUUID();
  const now = new Date();
  const email = `offer-${id}@example.com`;
  await db
    .insert(users)
    .values({ id, name: 'Off Erta', email, role: 'customer', status: 'active', createdAt: now, updatedAt: now });
  return { id, name: 'Off Erta', email, role: 'customer' };
}

/** A subscription the agency offered `user`, waiting for acceptance. */
async function offerTo(
  user: SessionUser,
  { priceCents = 8765, interval = 'month' }: { priceCents?: number; interval?: 'month' | 'year' | 'once' } = {},
) {
  const id = randomId();
  const now = new Date();
  await db.insert(subscriptions).values({
    id,
    userId: user.id,
    description: 'SEO retainer',
    priceCents,
    interval,
    status: 'pending',
    createdBy: 'admin',
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

const rowOf = async (id: string) => (await db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const agencyMails = (user: SessionUser, kind = 'subscription-accepted') =>
  db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, kind), eq(outbox.replyTo, user.email)));
const creationsFor = (id: string) =>
  fake.requests.filter(
    (r) =>
      r.method === 'POST' &&
      r.path === '/v1/checkout/sessions' &&
      (r.params.metadata as Record<string, unknown> | undefined)?.subscription_id === id,
  );
const seconds = () => Math.floor(Date.now() / 1000);
const changePriceAs = (admin: SessionUser, id: string, body: Record<string, string>) =>
  postAs(postSubscriptionPrice, `/api/admin/subscriptions/${id}/price`, { id }, body, admin);

/** The customer accepts `id` with a plain form: 303 to Stripe's page; the session id is in its URL. */
async function accept(user: SessionUser, id: string) {
  const res = await acceptOfferAs(user, id, { form: true });
  expect(res.status).toBe(303);
  const location = res.headers.get('location') ?? '';
  expect(location.startsWith(`${fake.url}/pay/cs_test_`)).toBe(true);
  return location.slice(`${fake.url}/pay/`.length);
}

describe('accepting an offer with Stripe', () => {
  it('opens a subscription session at the offer’s price and interval; the offer stays pending until paid', async () => {
    const owner = await customer();
    const id = await offerTo(owner, { priceCents: 120_000, interval: 'year' });
    const sessionId = await accept(owner, id);

    const session = fake.sessions.get(sessionId)!;
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: null,
      metadata: { subscription_id: id },
      customer_email: owner.email,
      amount_total: 120_000,
      currency: 'usd',
      success_url: 'http://localhost:4321/checkout/complete?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: `http://localhost:4321${SUBSCRIPTION_NOT_PAID_PATH}`,
    });
    expect(fake.lineItems.get(sessionId)).toEqual([
      { name: 'SEO retainer', quantity: 1, unitAmount: 120_000, currency: 'usd', interval: 'year' },
    ]);
    const [request] = creationsFor(id);
    // The Stripe subscription names the offer too, so its own events find the row.
    expect(request?.params.subscription_data).toEqual({ metadata: { subscription_id: id } });
    expect(request?.idempotencyKey).toBe(`subscription-${id}-checkout`);

    expect(await rowOf(id)).toMatchObject({ status: 'pending', acceptedAt: null, paymentReference: null });
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.map((a) => [a.action, a.actorId, a.after])).toEqual([
      ['subscription.accept', owner.id, { status: 'pending', paymentReference: sessionId }],
    ]);
    expect(await agencyMails(owner)).toHaveLength(0);

    // A second click (fetch this time) reopens the same page instead of a second session.
    const again = await acceptOfferAs(owner, id);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ id, status: 'pending', redirect: `${fake.url}/pay/${sessionId}` });
    expect(creationsFor(id)).toHaveLength(1);
  });

  it('an expired session is replaced; leaving Stripe’s page without paying comes back to the offer', async () => {
    const owner = await customer();
    const id = await offerTo(owner);
    const first = await accept(owner, id);
    expect((await returnFromStripe(first)).headers.get('location')).toBe(SUBSCRIPTION_NOT_PAID_PATH);
    expect(SUBSCRIPTION_NOTICES.get('subscription-not-paid')?.text).toBe(SUBSCRIPTIONS.notPaid);

    fake.expireSession(first);
    const second = await accept(owner, id);
    expect(second).not.toBe(first);
    expect(creationsFor(id).map((r) => r.idempotencyKey)).toEqual([
      `subscription-${id}-checkout`,
      `subscription-${id}-checkout-after-${first}`,
    ]);
    expect((await rowOf(id)).status).toBe('pending');
  });

  it('another customer’s offer is 404; a one-off offer cannot be paid by card (409); Stripe down is 502', async () => {
    const owner = await customer();
    const id = await offerTo(owner);
    const stranger = await customer();
    const res = await acceptOfferAs(stranger, id);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: SUBSCRIPTIONS.notFound });

    const once = await offerTo(owner, { interval: 'once' });
    const refused = await acceptOfferAs(owner, once, { form: true });
    expect(refused.headers.get('location')).toBe('/account#subscriptions');
    expect((await formOutcomeOf(refused))?.notice).toBe('subscription-not-payable');

    const restore = setStripeEnv({
      STRIPE_SECRET_KEY: 'sk_test_palmetto_fake',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_palmetto_fake',
      // Nothing listens on port 9 (discard) here: the connection is refused.
      STRIPE_API_URL: 'http://127.0.0.1:9',
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const down = await acceptOfferAs(owner, id);
      expect(down.status).toBe(502);
      expect(await down.json()).toEqual({ error: SUBSCRIPTIONS.providerDown });
    } finally {
      logged.mockRestore();
      restore();
    }
    expect(await db.select().from(auditLog).where(eq(auditLog.entityId, id))).toEqual([]);
    expect((await rowOf(id)).status).toBe('pending');
  });
});

describe('paying for an offer: success redirect and webhook, whichever comes first', () => {
  it('the redirect first activates it with the Stripe subscription; the webhook after changes nothing', async () => {
    const owner = await customer();
    const id = await offerTo(owner);
    const sessionId = await accept(owner, id);
    const periodEnd = seconds() + 31 * DAY;
    const paid = fake.completeSession(sessionId, { periodEnd });
    const stripeId = paid.subscription!;

    const back = await returnFromStripe(sessionId);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(SUBSCRIPTION_ACCEPTED_PATH);
    const active = await rowOf(id);
    expect(active).toMatchObject({
      status: 'active',
      paymentReference: stripeId,
      currentPeriodEnd: new Date(periodEnd * 1000),
    });
    expect(active.acceptedAt).toBeInstanceOf(Date);
    expect(active.providerUpdatedAt).toBeInstanceOf(Date);
    const mails = await agencyMails(owner);
    expect(mails.map((m) => m.to)).toEqual([AGENCY]);
    expect(unseal(mails[0]!.text)).toContain(stripeId);

    const event = fake.event('checkout.session.completed', paid);
    const res = await deliver(fake, event);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    expect(
      await db
        .select()
        .from(stripeEvents)
        .where(eq(stripeEvents.id, String(event.id))),
    ).toHaveLength(1);
    expect(await rowOf(id)).toEqual(active);
    expect(await agencyMails(owner)).toHaveLength(1);

    // Reloading the success page, or accepting again, changes nothing either.
    expect((await returnFromStripe(sessionId)).headers.get('location')).toBe(SUBSCRIPTION_ACCEPTED_PATH);
    expect((await acceptOfferAs(owner, id)).status).toBe(409);
    expect(await rowOf(id)).toEqual(active);
    expect(await agencyMails(owner)).toHaveLength(1);
  });

  it('the webhook first activates it; the redirect afterwards shows it active and repeats nothing', async () => {
    const owner = await customer();
    const id = await offerTo(owner);
    const sessionId = await accept(owner, id);
    const paid = fake.completeSession(sessionId);

    expect((await deliver(fake, fake.event('checkout.session.completed', paid))).status).toBe(200);
    const active = await rowOf(id);
    expect(active).toMatchObject({ status: 'active', paymentReference: paid.subscription });
    expect(active.currentPeriodEnd).toEqual(
      new Date(fake.subscriptions.get(paid.subscription!)!.items.data[0]!.current_period_end * 1000),
    );

    expect((await returnFromStripe(sessionId)).headers.get('location')).toBe(SUBSCRIPTION_ACCEPTED_PATH);
    expect(await rowOf(id)).toEqual(active);
    expect(await agencyMails(owner)).toHaveLength(1);
  });

  it('a bank debit still clearing: pending and told so; async_payment_succeeded starts it', async () => {
    const owner = await customer();
    const id = await offerTo(owner);
    const sessionId = await accept(owner, id);
    const processing = fake.completeSession(sessionId, { paymentStatus: 'unpaid' });

    expect((await returnFromStripe(sessionId)).headers.get('location')).toBe(SUBSCRIPTION_PROCESSING_PATH);
    expect(SUBSCRIPTION_NOTICES.has('subscription-processing')).toBe(true);
    await deliver(fake, fake.event('checkout.session.completed', processing));
    expect(await rowOf(id)).toMatchObject({ status: 'pending', acceptedAt: null });

    const settled = { ...processing, payment_status: 'paid' };
    expect((await deliver(fake, fake.event('checkout.session.async_payment_succeeded', settled))).status).toBe(200);
    expect(await rowOf(id)).toMatchObject({ status: 'active', paymentReference: processing.subscription });
    expect(await agencyMails(owner)).toHaveLength(1);
  });
});

describe('the Stripe subscription of an accepted offer', () => {
  async function paidOffer() {
    const owner = await customer();
    const id = await offerTo(owner);
    const sessionId = await accept(owner, id);
    const start = seconds();
    const paid = fake.completeSession(sessionId);
    await deliver(fake, fake.event('checkout.session.completed', paid, { created: start }));
    return { owner, id, start, stripeId: paid.subscription! };
  }

  it('a later customer.subscription.deleted cancels it; invoice.paid before that renews it', async () => {
    const { id, start, stripeId } = await paidOffer();
    const periodEnd = start + 62 * DAY;
    const renewal = fake.invoice(stripeId, { periodEnd });
    expect((await deliver(fake, fake.event('invoice.paid', renewal, { created: start + 10 }))).status).toBe(200);
    expect(await rowOf(id)).toMatchObject({ status: 'active', currentPeriodEnd: new Date(periodEnd * 1000) });

    const ended = { ...fake.subscriptions.get(stripeId)!, status: 'canceled' };
    const res = await deliver(fake, fake.event('customer.subscription.deleted', ended, { created: start + 20 }));
    expect(res.status).toBe(200);
    expect((await rowOf(id)).status).toBe('canceled');
  });

  it('news before the session’s own event finds the offer through its metadata but does not start it', async () => {
    const owner = await customer();
    const id = await offerTo(owner);
    const sessionId = await accept(owner, id);
    const paid = fake.completeSession(sessionId);
    const stripeId = paid.subscription!;
    const start = seconds();

    const invoice = fake.invoice(stripeId, { periodEnd: start + 30 * DAY });
    expect((await deliver(fake, fake.event('invoice.paid', invoice, { created: start }))).status).toBe(200);
    // Linked, so later news finds it; started only by the paid session (accepted, the agency told).
    expect(await rowOf(id)).toMatchObject({ status: 'pending', acceptedAt: null, paymentReference: stripeId });
    expect(await agencyMails(owner)).toHaveLength(0);

    await deliver(fake, fake.event('checkout.session.completed', paid, { created: start }));
    expect(await rowOf(id)).toMatchObject({ status: 'active', paymentReference: stripeId });
    expect((await rowOf(id)).acceptedAt).toBeInstanceOf(Date);
    expect(await agencyMails(owner)).toHaveLength(1);
  });

  it('the end of a payment attempt that never paid leaves the offer there to accept', async () => {
    const owner = await customer();
    const id = await offerTo(owner);
    const sessionId = await accept(owner, id);
    const stripeId = fake.completeSession(sessionId, { paymentStatus: 'unpaid' }).subscription!;
    const start = seconds();
    const created = { ...fake.subscriptions.get(stripeId)!, status: 'incomplete' };
    await deliver(fake, fake.event('customer.subscription.created', created, { created: start }));
    const expired = { ...created, status: 'incomplete_expired' };
    await deliver(fake, fake.event('customer.subscription.updated', expired, { created: start + 60 }));
    expect(await rowOf(id)).toMatchObject({ status: 'pending', acceptedAt: null });
  });
});

describe('sessions that must not activate an offer', () => {
  it('a session paid for one customer’s offer activates that offer only, whoever brings it back', async () => {
    const owner = await customer();
    const id = await offerTo(owner);
    const other = await customer();
    const othersOffer = await offerTo(other);
    const sessionId = await accept(owner, id);
    fake.completeSession(sessionId);

    // Someone else's browser with this session id: the session decides what it paid for.
    expect((await returnFromStripe(sessionId)).headers.get('location')).toBe(SUBSCRIPTION_ACCEPTED_PATH);
    expect((await rowOf(id)).status).toBe('active');
    expect(await rowOf(othersOffer)).toMatchObject({ status: 'pending', acceptedAt: null, paymentReference: null });
  });

  it('a session naming an offer at another price is not taken as payment, and the agency is told', async () => {
    const owner = await customer();
    const id = await offerTo(owner, { priceCents: 50_000 });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const cheap = await stripeClient(stripeSettings()!).checkout.sessions.create({
      mode: 'subscription',
      metadata: { subscription_id: id },
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: 100,
            product_data: { name: 'Cheap' },
            recurring: { interval: 'month' },
          },
        },
      ],
      success_url: 'http://localhost:4321/checkout/complete?session_id={CHECKOUT_SESSION_ID}',
    });
    const paid = fake.completeSession(cheap.id);
    expect((await deliver(fake, fake.event('checkout.session.completed', paid))).status).toBe(200);
    expect((await returnFromStripe(cheap.id)).headers.get('location')).toBe(SUBSCRIPTION_PROCESSING_PATH);
    logged.mockRestore();
    expect(await rowOf(id)).toMatchObject({ status: 'pending', acceptedAt: null });
    const checks = await agencyMails(owner, 'subscription-payment-check');
    expect(checks).toHaveLength(1);
    expect(unseal(checks[0]!.text)).toContain(cheap.id);
    expect(await agencyMails(owner)).toHaveLength(0);
  });

  it('a session naming an unknown subscription, or a checkout’s own, is not ours', async () => {
    const { orderId } = await placeOrder(fake, { monthly: true });
    const [ordersOwn] = await db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
    for (const target of ['nosuchsubscription22', ordersOwn!.id]) {
      const session = await stripeClient(stripeSettings()!).checkout.sessions.create({
        mode: 'subscription',
        metadata: { subscription_id: target },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: 100,
              product_data: { name: 'X' },
              recurring: { interval: 'month' },
            },
          },
        ],
        success_url: 'http://localhost:4321/checkout/complete?session_id={CHECKOUT_SESSION_ID}',
      });
      const paid = fake.completeSession(session.id);
      const back = await returnFromStripe(session.id);
      expect(back.headers.get('location')).toBe('/checkout');
      expect((await formOutcomeOf(back))?.notice).toBe('error');
      expect((await deliver(fake, fake.event('checkout.session.completed', paid))).status).toBe(200);
    }
    expect((await db.select().from(subscriptions).where(eq(subscriptions.id, ordersOwn!.id)))[0]?.status).toBe(
      'pending',
    );
  });

  it('a second paid session for an offer already active is flagged to the agency, not applied', async () => {
    const owner = await customer();
    const id = await offerTo(owner);
    const first = await accept(owner, id);
    fake.completeSession(first);
    await returnFromStripe(first);
    const active = await rowOf(id);

    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const second = await stripeClient(stripeSettings()!).checkout.sessions.create({
      mode: 'subscription',
      metadata: { subscription_id: id },
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: 8765,
            product_data: { name: 'SEO retainer' },
            recurring: { interval: 'month' },
          },
        },
      ],
      success_url: 'http://localhost:4321/checkout/complete?session_id={CHECKOUT_SESSION_ID}',
    });
    await deliver(fake, fake.event('checkout.session.completed', fake.completeSession(second.id)));
    warned.mockRestore();
    expect(await rowOf(id)).toEqual(active);
    expect(await agencyMails(owner)).toHaveLength(1);
    expect(await agencyMails(owner, 'subscription-payment-check')).toHaveLength(1);
  });

  it('an offer withdrawn while its payment was on the way is not revived by it; the agency is told', async () => {
    const owner = await customer();
    const id = await offerTo(owner);
    const sessionId = await accept(owner, id);
    const paid = fake.completeSession(sessionId);
    // The subscription's own news arrives first and links the still pending offer ...
    await deliver(fake, fake.event('invoice.paid', fake.invoice(paid.subscription!)));
    expect(await rowOf(id)).toMatchObject({ status: 'pending', paymentReference: paid.subscription });
    // ... then the agency withdraws it, before the session's event.
    await db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.id, id));

    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await deliver(fake, fake.event('checkout.session.completed', paid));
    warned.mockRestore();
    expect(await rowOf(id)).toMatchObject({ status: 'canceled', acceptedAt: null });
    expect(await agencyMails(owner)).toHaveLength(0);
    expect(await agencyMails(owner, 'subscription-payment-check')).toHaveLength(1);
  });
});

describe('a new price for an offer Stripe bills', () => {
  it('reprices the Stripe item from the next period (no proration), once; housekeeping makes it the price then', async () => {
    const owner = await customer();
    const id = await offerTo(owner);
    const periodEnd = seconds() + 20 * DAY;
    const paid = fake.completeSession(await accept(owner, id), { periodEnd });
    await returnFromStripe(paid.id);
    const active = await rowOf(id);
    expect(active.status).toBe('active');
    const admin: SessionUser = { ...(await customer()), role: 'admin' };

    const res = await changePriceAs(admin, id, { price: '99.50', version: String(active.version) });
    expect(res.status).toBe(200);
    const item = fake.subscriptions.get(paid.subscription!)!.items.data[0]!;
    expect(item.price).toMatchObject({ unit_amount: 9950, currency: 'usd', recurring: { interval: 'month' } });
    const update = fake.requests.find(
      (r) => r.method === 'POST' && r.path === `/v1/subscriptions/${paid.subscription}`,
    );
    expect(update?.params).toMatchObject({ proration_behavior: 'none', items: [{ id: item.id }] });
    expect(update?.idempotencyKey).toBe(`subscription-${id}-price-v${active.version}`);
    // Charged from Stripe's next invoice: the current period's end.
    expect(await rowOf(id)).toMatchObject({
      priceCents: 8765,
      nextPriceCents: 9950,
      nextPriceFrom: new Date(periodEnd * 1000),
    });

    const { pruneExpired } = await import('#server/db/housekeeping.ts');
    const { duePriceChanges } = await import('#features/subscriptions/price-changes.server.ts');
    const { client } = await getDatabase();
    expect(await pruneExpired(client, [duePriceChanges], periodEnd * 1000 - 1)).toEqual({ 'subscription-prices': 0 });
    expect(await pruneExpired(client, [duePriceChanges], periodEnd * 1000)).toEqual({ 'subscription-prices': 1 });
    expect(await rowOf(id)).toMatchObject({ priceCents: 9950, nextPriceCents: null, nextPriceFrom: null });
    const applied = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'subscription.price-applied')));
    expect(applied.map((a) => [a.actorId, a.before, a.after])).toEqual([
      [null, { priceCents: 8765 }, { priceCents: 9950 }],
    ]);
  });

  it('Stripe refusing the new price records nothing (502)', async () => {
    const owner = await customer();
    const id = await offerTo(owner);
    const paid = fake.completeSession(await accept(owner, id));
    await returnFromStripe(paid.id);
    const before = await rowOf(id);
    fake.subscriptions.delete(paid.subscription!);
    const admin: SessionUser = { ...(await customer()), role: 'admin' };
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await changePriceAs(admin, id, { price: '99.50', version: String(before.version) });
    errors.mockRestore();
    expect(res.status).toBe(502);
    expect(await rowOf(id)).toEqual(before);
  });
});
