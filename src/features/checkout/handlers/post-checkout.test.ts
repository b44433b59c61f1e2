import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDatabase } from '#server/db/index.ts';
import { orderEvents, orderItems, orders, outbox, subscriptions, users } from '#server/db/schema.ts';
import { unseal } from '#server/email/sealed.ts';
import { callRoute, formOutcomeOf } from '#server/http/testing/call-route.ts';
import type { SessionUser } from '#features/accounts/session.server.ts';
import { CHECKOUT } from '../copy.ts';
import { postCheckout as POST } from './post-checkout.ts';

// The route's own database: the temp libSQL file src/server/db/vitest-database.ts points DATABASE_URL at for this test file.
const { db } = await getDatabase();

let ip = 0;
let clientIp = '';
beforeEach(() => {
  clientIp = `198.51.100.${++ip}`;
});

const unique = () => `buyer-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const key = () => `k${crypto.randomUUID().replaceAll('-', '')}`;

async function post(body: Record<string, unknown> | string, { form = false, user = null as SessionUser | null } = {}) {
  const call = await callRoute(POST, 'http://localhost:4321/api/checkout', { body, form, user, ip: clientIp });
  return call.response;
}

const valid = (email = unique()) => ({
  name: 'Maria Lopez',
  email,
  phone: '(407) 555-0199',
  businessName: 'Lopez Bakery',
  terms: true,
  idempotencyKey: key(),
});

const orderOf = async (id: string) => {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  return order!;
};

describe('POST /api/checkout (invoice mode)', () => {
  it('a new visitor: a pending account, an order pending payment at the server price, three e-mails', async () => {
    const email = unique();
    const res = await post({ ...valid(email), extraPages: 2, monthly: true });
    expect(res.status).toBe(201);
    const { orderId, redirect } = (await res.json()) as { orderId: string; redirect: string };
    expect(redirect).toMatch(/^\/thank-you\?/);
    expect(orderId).toMatch(/^[a-z2-9]{26}$/);

    const order = await orderOf(orderId);
    expect(order).toMatchObject({
      status: 'pending_payment',
      paymentProvider: 'invoice',
      email,
      businessName: 'Lopez Bakery',
    });
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    // What is due now: the one-time lines; the monthly plan's line is billed from launch.
    expect(order.totalCents).toBe(
      items.filter((i) => i.interval === 'once').reduce((sum, i) => sum + i.amountCents, 0),
    );
    expect(order.totalCents).toBe(380_000 + 2 * 15_000);

    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ status: 'pending', passwordHash: null, role: 'customer', id: order.userId });
    const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
    expect(sub).toMatchObject({ status: 'pending', priceCents: 19_900, interval: 'month', createdBy: 'checkout' });
    const history = await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(history.map((e) => [e.fromStatus, e.toStatus])).toEqual([[null, 'pending_payment']]);

    const mails = await db.select().from(outbox);
    const toCustomer = mails
      .filter((m) => m.to === email)
      .map((m) => m.kind)
      .sort();
    // The invoice in its own e-mail ('Invoice INV-… from …'), beside the order's confirmation.
    expect(toCustomer).toEqual(['account-activation', 'invoice', 'order-confirmation']);
    const activation = mails.find((m) => m.to === email && m.kind === 'account-activation')!;
    expect(unseal(activation.text)).toMatch(/\/activate-account\?token=/);
    expect(mails.some((m) => m.kind === 'order-notification' && unseal(m.text).includes(email))).toBe(true);
  });

  it('amounts sent by the browser are refused, and nothing is recorded', async () => {
    const email = unique();
    for (const field of ['amount', 'price', 'totalCents', 'total']) {
      const res = await post({ ...valid(email), [field]: 1 });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: CHECKOUT.priceRefused });
    }
    const { terms: _terms, ...rest } = valid(email);
    const form = await post({ ...rest, terms: 'on', amount: '1' } as Record<string, string>, { form: true });
    expect(form.status).toBe(400);
    expect(await form.text()).toContain(CHECKOUT.priceRefused);
    expect(await db.select().from(orders).where(eq(orders.email, email))).toEqual([]);
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('the same form sent twice (double click, back and resubmit) makes one order', async () => {
    const body = valid();
    const [a, b] = await Promise.all([post(body), post(body)]);
    const again = await post(body);
    const ids = await Promise.all([a, b, again].map(async (r) => ((await r.json()) as { orderId: string }).orderId));
    expect(new Set(ids).size).toBe(1);
    expect(await db.select().from(orders).where(eq(orders.email, body.email))).toHaveLength(1);
    // The same browser buying something else is a new order.
    const other = await post({ ...body, extraPages: 1 });
    expect(other.status).toBe(201);
    expect(await db.select().from(orders).where(eq(orders.email, body.email))).toHaveLength(2);
  });

  it('field messages, exactly', async () => {
    const res = await post({ name: 'M', email: 'nope', phone: 'call me', businessName: '  ' });
    expect(res.status).toBe(400);
    const { fields } = (await res.json()) as { fields: Record<string, string[]> };
    expect(fields).toEqual({
      name: ['Name must be at least 2 characters'],
      email: ['Please enter a valid email address'],
      phone: ['Please enter a valid phone number'],
      businessName: ['Business name is required'],
      terms: ['You must agree to the terms and refund policy'],
    });
  });

  it('a plain form post answers 303 to /thank-you; an invalid one 303 back to /checkout', async () => {
    const { terms: _terms, ...rest } = valid();
    const ok = await post({ ...rest, terms: 'on' } as Record<string, string>, { form: true });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toMatch(/^\/thank-you(\?|$)/);
    const bad = await post({ ...rest } as Record<string, string>, { form: true });
    expect(bad.status).toBe(303);
    expect(bad.headers.get('location')).toBe('/checkout#checkout-form');
    expect((await formOutcomeOf(bad))?.notice).toBe('invalid');
  });

  it('a signed-in customer orders into their own account, whatever e-mail they type', async () => {
    const email = unique();
    const [owner] = await db
      .insert(users)
      .values({
        id: crypto.randomUUID(),
        name: 'Signed In',
        email,
        status: 'active',
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .returning();
    const user: SessionUser = { id: owner!.id, name: owner!.name, email, role: 'customer' };
    const res = await post({ ...valid(unique()) }, { user });
    const { orderId } = (await res.json()) as { orderId: string };
    expect((await orderOf(orderId)).userId).toBe(owner!.id);
  });

  it('an existing account (not signed in) gets the order, and no second account', async () => {
    const email = unique();
    const first = await post(valid(email));
    const second = await post(valid(email.toUpperCase()));
    const a = (await first.json()) as { orderId: string };
    const b = (await second.json()) as { orderId: string };
    expect((await orderOf(a.orderId)).userId).toBe((await orderOf(b.orderId)).userId);
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });
});
