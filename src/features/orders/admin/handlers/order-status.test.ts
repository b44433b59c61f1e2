import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pricingReadings } from '#data/pricing.ts';
import { getDatabase } from '#server/db/index.ts';
import { callRoute, formOutcomeOf } from '#server/http/testing/call-route.ts';
import { auditLog, orderEvents, orders, outbox, subscriptions, users } from '#server/db/schema.ts';
import type { SessionUser } from '#features/accounts/session.server.ts';
import { quote } from '#features/checkout/quote.ts';
import { newOrderStatements } from '../../orders.server.ts';
import { postMarkPaid, postOrderStatus } from './order-status.ts';

const database = await getDatabase();
const { db } = database;

async function person(role: 'admin' | 'customer'): Promise<SessionUser> {
  const id = crypto.randomUUID();
  const email = `${role}-${id}@example.com`;
  await db
    .insert(users)
    .values({ id, name: `The ${role}`, email, role, status: 'active', createdAt: new Date(), updatedAt: new Date() });
  return { id, name: `The ${role}`, email, role };
}

async function order(monthly = true) {
  const customer = await person('customer');
  const placed = newOrderStatements({
    userId: customer.id,
    name: customer.name,
    email: customer.email,
    phone: '(407) 555-0199',
    businessName: 'Status Bakery',
    quote: quote(pricingReadings.custom.checkout, { extraPages: 0, monthly }),
    provider: 'invoice',
    idempotencyKey: null,
  });
  await database.writes.run(placed.statements);
  return placed.id;
}

async function call(
  action: 'status' | 'mark-paid',
  id: string,
  body: Record<string, string>,
  user: SessionUser | null,
  form = false,
) {
  const handler = action === 'status' ? postOrderStatus : postMarkPaid;
  const path = `http://localhost:4321/api/admin/orders/${id}/${action}`;
  const made = await callRoute(handler, path, { body, form, params: { id }, user, ip: '203.0.113.50' });
  return made.response;
}

const versionOf = async (id: string) =>
  String((await db.select({ v: orders.version }).from(orders).where(eq(orders.id, id)))[0]?.v ?? 0);
/** A status post carrying the order's current version unless the body names one. */
const post = async (id: string, body: Record<string, string>, user: SessionUser | null, form = false) =>
  call('status', id, { version: await versionOf(id), ...body }, user, form);
const markPaid = (id: string, user: SessionUser | null, form = false) => call('mark-paid', id, {}, user, form);

describe('POST /api/admin/orders/{id}/mark-paid', () => {
  it('an admin marks an invoiced order paid: history, audit, receipt; the plan waits for launch', async () => {
    const admin = await person('admin');
    const id = await order();
    const res = await markPaid(id, admin, true);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/admin/orders/${id}`);
    expect((await formOutcomeOf(res))?.notice).toBe('moved');
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    expect(row?.status).toBe('paid');
    expect(row?.paidAt).toBeInstanceOf(Date);
    const history = await db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
    expect(history.map((e) => [e.fromStatus, e.toStatus, e.actorId, e.note])).toEqual([
      [null, 'pending_payment', null, 'Order placed at checkout'],
      ['pending_payment', 'paid', admin.id, 'Invoice paid'],
    ]);
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.map((a) => [a.action, a.actorId, a.ip])).toEqual([['order.status', admin.id, '203.0.113.50']]);
    // Paying the build does not start the monthly plan: launch does.
    expect((await db.select().from(subscriptions).where(eq(subscriptions.orderId, id)))[0]?.status).toBe('pending');
    const receipts = await db.select().from(outbox).where(eq(outbox.kind, 'payment-receipt'));
    expect(receipts.filter((m) => m.to === row?.email)).toHaveLength(1);
  });

  it('a customer is refused (403) and a visitor (401); nothing changes', async () => {
    const id = await order();
    const customer = await person('customer');
    const refused = await markPaid(id, customer);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: expect.any(String) });
    expect((await post(id, { to: 'paid' }, customer)).status).toBe(403);
    expect((await markPaid(id, null)).status).toBe(401);
    expect((await post(id, { to: 'paid' }, null)).status).toBe(401);
    expect((await db.select().from(orders).where(eq(orders.id, id)))[0]?.status).toBe('pending_payment');
    expect(await db.select().from(auditLog).where(eq(auditLog.entityId, id))).toEqual([]);
  });

  it('only a pending order: paying twice is 409 with one receipt; an unknown order is 404', async () => {
    const admin = await person('admin');
    const id = await order(false);
    const first = await markPaid(id, admin);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ id, from: 'pending_payment', to: 'paid' });
    const again = await markPaid(id, admin);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: 'The order cannot move to that status from where it is now' });
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    const receipts = await db.select().from(outbox).where(eq(outbox.kind, 'payment-receipt'));
    expect(receipts.filter((m) => m.to === row?.email)).toHaveLength(1);
    expect((await markPaid('abcdefghijkmnpqrstuvwxyz23', admin)).status).toBe(404);
    expect((await markPaid('not an id', admin)).status).toBe(404);
    // A plain form for an order that does not exist lands on the overview, which says so.
    const lost = await markPaid('abcdefghijkmnpqrstuvwxyz23', admin, true);
    expect(lost.status).toBe(303);
    expect(lost.headers.get('location')).toBe('/admin');
    expect((await formOutcomeOf(lost))?.notice).toBe('order-not-found');
  });
});

describe('POST /api/admin/orders/{id}/status', () => {
  it('moves along the build with the note; Paid is never a status-form move (400)', async () => {
    const admin = await person('admin');
    const id = await order(false);
    // Paid is reached only by recording a payment: the form refuses it, and nothing changes.
    const refusedPaid = await post(id, { to: 'paid' }, admin);
    expect(refusedPaid.status).toBe(400);
    expect((await db.select().from(orders).where(eq(orders.id, id)))[0]?.status).toBe('pending_payment');
    expect((await markPaid(id, admin)).status).toBe(200);
    const moved = await post(id, { to: 'intake_received', note: '  Intake came by e-mail  ' }, admin, true);
    expect(moved.status).toBe(303);
    expect(moved.headers.get('location')).toBe(`/admin/orders/${id}`);
    expect((await formOutcomeOf(moved))?.notice).toBe('moved');
    // No step back to Paid by hand either (reopening the intake does that).
    expect((await post(id, { to: 'paid' }, admin)).status).toBe(400);
    const history = await db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
    expect(history.slice(1).map((e) => [e.fromStatus, e.toStatus, e.note])).toEqual([
      ['pending_payment', 'paid', 'Invoice paid'],
      ['paid', 'intake_received', 'Intake came by e-mail'],
    ]);
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit).toHaveLength(2);
  });

  it('a move the order does not allow is 409; an unknown order 404; a made-up status 400', async () => {
    const admin = await person('admin');
    const id = await order(false);
    expect((await post(id, { to: 'in_design' }, admin)).status).toBe(409);
    // Preview, approval and launch have their own actions, which record what the stage needs.
    for (const to of ['preview_ready', 'changes_requested', 'approved', 'launched']) {
      expect((await post(id, { to }, admin)).status, to).toBe(400);
    }
    expect((await post('abcdefghijkmnpqrstuvwxyz23', { to: 'in_design' }, admin)).status).toBe(404);
    expect((await post(id, { to: 'shipped' }, admin)).status).toBe(400);
    // Cancel and refund have their own confirmed actions.
    expect((await post(id, { to: 'canceled' }, admin)).status).toBe(400);
    const badForm = await post(id, { to: 'shipped' }, admin, true);
    expect(badForm.headers.get('location')).toBe(`/admin/orders/${id}`);
    expect((await formOutcomeOf(badForm))?.notice).toBe('invalid');
    const notAllowedForm = await post(id, { to: 'in_design' }, admin, true);
    expect(notAllowedForm.headers.get('location')).toBe(`/admin/orders/${id}`);
    expect((await formOutcomeOf(notAllowedForm))?.notice).toBe('not-allowed');
    // Paid is not a status-form move at all: a payment is recorded (Mark paid) instead.
    expect((await post(id, { to: 'paid' }, admin)).status).toBe(400);
    expect((await db.select().from(orders).where(eq(orders.id, id)))[0]?.status).toBe('pending_payment');
  });
});

describe('version check', () => {
  it('a stale version is 409 with a clear message (form: back with a notice); success bumps it', async () => {
    const admin = await person('admin');
    const id = await order(false);
    expect(await versionOf(id)).toBe('0');
    expect((await markPaid(id, admin)).status).toBe(200);
    expect(await versionOf(id)).toBe('1');
    const stale = await post(id, { to: 'intake_received', version: '0' }, admin);
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ error: expect.stringContaining('Someone else changed this order') });
    const staleForm = await post(id, { to: 'intake_received', version: '0' }, admin, true);
    expect(staleForm.status).toBe(303);
    expect(staleForm.headers.get('location')).toBe(`/admin/orders/${id}`);
    expect((await formOutcomeOf(staleForm))?.notice).toBe('stale');
    expect((await db.select().from(orders).where(eq(orders.id, id)))[0]?.status).toBe('paid');
    // Without a version the change is refused, not applied blindly.
    expect((await call('status', id, { to: 'intake_received' }, admin)).status).toBe(400);
    // Mark paid with a stale version is refused too.
    const other = await order(false);
    expect((await call('mark-paid', other, { version: '7' }, admin)).status).toBe(409);
  });

  it('"E-mail the customer" queues the message and audits order.email-customer', async () => {
    const admin = await person('admin');
    const id = await order(false);
    expect((await markPaid(id, admin)).status).toBe(200);
    const res = await post(id, { to: 'intake_received', notify: 'on' }, admin, true);
    expect(res.headers.get('location')).toBe(`/admin/orders/${id}`);
    expect((await formOutcomeOf(res))?.notice).toBe('mailed');
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    const mails = await db.select().from(outbox).where(eq(outbox.kind, 'order-status'));
    expect(mails.filter((m) => m.to === row?.email).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Your order ORD-.*: Intake received$/),
    ]);
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.map((a) => a.action).sort()).toEqual(['order.email-customer', 'order.status', 'order.status']);
    // Unticked: no mail.
    expect((await post(id, { to: 'in_design' }, admin)).status).toBe(200);
    expect(
      (await db.select().from(outbox).where(eq(outbox.kind, 'order-status'))).filter((m) => m.to === row?.email),
    ).toHaveLength(1);
  });
});
