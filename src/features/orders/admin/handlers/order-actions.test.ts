import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, orderNotes, orders, subscriptions } from '#server/db/schema.ts';
import { formOutcomeOf } from '#server/http/testing/call-route.ts';
import type { SessionUser } from '#features/accounts/session.server.ts';
import { stripeClient, stripeSettings } from '#features/payments/stripe-client.ts';
import {
  launchSite,
  placeOrder,
  returnFromStripe,
  stripeFakeForSuite,
} from '#features/payments/testing/stripe-test-kit.ts';
import { adminOrderPage } from '../orders.server.ts';
import { postAs, db, invoiceOrder, person, versionOf } from '#features/admin/handlers/admin-test-kit.ts';
import { postOrderCancel, postOrderNote, postOrderRefund } from './order-actions.ts';
import { postMarkPaid } from './order-status.ts';

/** The refund route as src/pages composes it: recorded with a credit note. */
const handlers = { notes: postOrderNote, cancel: postOrderCancel, refund: postOrderRefund, 'mark-paid': postMarkPaid };
const act = (
  action: keyof typeof handlers,
  id: string,
  body: Record<string, string>,
  user: SessionUser | null,
  form = false,
) => postAs(handlers[action], `/api/admin/orders/${id}/${action}`, { id }, body, user, form);
const withVersion = async (id: string, body: Record<string, string> = {}) => ({
  version: await versionOf(id),
  ...body,
});
const orderRow = async (id: string) => (await db.select().from(orders).where(eq(orders.id, id)))[0];
const auditOf = async (id: string) =>
  (await db.select().from(auditLog).where(eq(auditLog.entityId, id))).map((a) => a.action).sort();

describe('access', () => {
  it('a visitor gets 401 and a customer 403 on every order action; nothing changes', async () => {
    const id = await invoiceOrder();
    const customer = await person('customer');
    for (const action of ['notes', 'cancel', 'refund'] as const) {
      const body = await withVersion(id, { body: 'hello' });
      expect((await act(action, id, body, null)).status).toBe(401);
      const refused = await act(action, id, body, customer);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ error: expect.any(String) });
    }
    expect((await orderRow(id))?.status).toBe('pending_payment');
    expect(await auditOf(id)).toEqual([]);
  });
});

describe('POST /api/admin/orders/{id}/notes', () => {
  it('adds an internal note, audited, listed newest first; bumps the version', async () => {
    const admin = await person('admin');
    const id = await invoiceOrder(false);
    const first = await act('notes', id, await withVersion(id, { body: '  Called the customer  ' }), admin, true);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe(`/admin/orders/${id}`);
    expect((await formOutcomeOf(first))?.notice).toBe('note-added');
    const second = await act('notes', id, await withVersion(id, { body: 'Logo arrives Friday' }), admin);
    expect(second.status).toBe(201);
    expect(await versionOf(id)).toBe('2');
    const page = await adminOrderPage(db, id);
    expect(page?.notes.map((n) => n.body)).toEqual(['Logo arrives Friday', 'Called the customer']);
    expect(page?.actors.get(admin.id)).toBe(admin.name);
    expect(await auditOf(id)).toEqual(['order.note', 'order.note']);
  });

  it('validation (400 with a message) and a stale version (409)', async () => {
    const admin = await person('admin');
    const id = await invoiceOrder(false);
    const empty = await act('notes', id, await withVersion(id, { body: '   ' }), admin);
    expect(empty.status).toBe(400);
    expect(JSON.stringify(await empty.json())).toContain('Write the note');
    const long = await act('notes', id, await withVersion(id, { body: 'x'.repeat(2001) }), admin);
    expect(long.status).toBe(400);
    const stale = await act('notes', id, { version: '5', body: 'late' }, admin);
    expect(stale.status).toBe(409);
    expect(await db.select().from(orderNotes).where(eq(orderNotes.orderId, id))).toEqual([]);
    expect((await act('notes', 'abcdefghijkmnpqrstuvwxyz23', { version: '0', body: 'x' }, admin)).status).toBe(404);
  });
});

describe('cancel and refund in invoice mode', () => {
  it('cancel moves to canceled, ends the pending subscription, audits order.cancel', async () => {
    const admin = await person('admin');
    const id = await invoiceOrder(true);
    const res = await act('cancel', id, await withVersion(id), admin, true);
    expect(res.headers.get('location')).toBe(`/admin/orders/${id}`);
    expect((await formOutcomeOf(res))?.notice).toBe('canceled');
    expect((await orderRow(id))?.status).toBe('canceled');
    const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.orderId, id));
    expect(sub?.status).toBe('canceled');
    expect(await auditOf(id)).toEqual(['order.cancel', 'order.status']);
    const subAudit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'subscription'), eq(auditLog.entityId, sub?.id ?? '')));
    expect(subAudit.map((a) => a.action)).toEqual(['subscription.cancel']);
    // Canceled is the end: a second cancel is not allowed.
    expect((await act('cancel', id, await withVersion(id), admin)).status).toBe(409);
  });

  it('refund records the refund (no provider) and refuses a stale form', async () => {
    const admin = await person('admin');
    const id = await invoiceOrder(false);
    // A pending order cannot be refunded.
    expect((await act('refund', id, await withVersion(id), admin)).status).toBe(409);
    expect((await act('mark-paid', id, await withVersion(id), admin)).status).toBe(200);
    expect((await act('refund', id, { version: '0' }, admin)).status).toBe(409);
    const res = await act('refund', id, await withVersion(id), admin, true);
    expect(res.headers.get('location')).toBe(`/admin/orders/${id}`);
    expect((await formOutcomeOf(res))?.notice).toBe('refund-recorded');
    expect((await orderRow(id))?.status).toBe('refunded');
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'order.refund')));
    expect(entry?.after).toMatchObject({ status: 'refunded', provider: 'invoice', refundId: null });
  });
});

describe('refund and cancel with Stripe', () => {
  const fake = stripeFakeForSuite();

  it('refunds through the payment intent of the order’s Checkout Session, once', async () => {
    const admin = await person('admin');
    const { orderId, sessionId } = await placeOrder(fake, { monthly: false });
    const session = fake.completeSession(sessionId);
    expect((await returnFromStripe(sessionId)).status).toBe(303);
    expect((await orderRow(orderId))?.status).toBe('paid');
    const res = await act('refund', orderId, await withVersion(orderId), admin);
    expect(res.status).toBe(200);
    const { refundId } = (await res.json()) as { refundId: string };
    expect(refundId).toMatch(/^re_test_/);
    expect(fake.refunds.get(refundId)).toMatchObject({ payment_intent: session.payment_intent });
    const call = fake.requests.find((r) => r.path === '/v1/refunds');
    expect(call?.idempotencyKey).toBe(`order-${orderId}-refund`);
    expect((await orderRow(orderId))?.status).toBe('refunded');
    expect(await auditOf(orderId)).toContain('order.refund');
  });

  it('cancel ends the Stripe subscription of the order (its plan started at launch)', async () => {
    const admin = await person('admin');
    const { orderId, sessionId } = await placeOrder(fake, { monthly: true });
    fake.completeSession(sessionId);
    expect((await returnFromStripe(sessionId)).status).toBe(303);
    expect(await launchSite(orderId)).toMatchObject({ ok: true, planStarted: true });
    const [started] = await db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
    const res = await act('cancel', orderId, await withVersion(orderId), admin);
    expect(res.status).toBe(200);
    expect(fake.subscriptions.get(started?.paymentReference ?? '')?.status).toBe('canceled');
    const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
    expect(sub?.status).toBe('canceled');
  });

  it('a subscription-mode payment (an order from before plans started at launch) has no payment intent: refused, nothing changes', async () => {
    const admin = await person('admin');
    const { orderId } = await placeOrder(fake, { monthly: true });
    // Such an order paid its build and first month in one subscription-mode session.
    const legacy = await stripeClient(stripeSettings()!).checkout.sessions.create({
      mode: 'subscription',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: 19_900,
            product_data: { name: 'Plan' },
            recurring: { interval: 'month' },
          },
        },
      ],
      client_reference_id: orderId,
      success_url: 'http://localhost:4321/checkout/complete',
    });
    fake.completeSession(legacy.id);
    await db.update(orders).set({ status: 'paid', paymentReference: legacy.id }).where(eq(orders.id, orderId));
    const res = await act('refund', orderId, await withVersion(orderId), admin);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: expect.stringContaining('Stripe Dashboard') });
    expect((await orderRow(orderId))?.status).toBe('paid');
  });
});
