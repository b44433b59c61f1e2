import type { APIContext } from 'astro';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pricingReadings } from '../../../data/pricing.ts';
import { getDatabase } from '../../../server/db/index.ts';
import { auditLog, orderEvents, orders, outbox, subscriptions, users } from '../../../server/db/schema.ts';
import type { SessionUser } from '../../accounts/session.ts';
import { quote } from '../../checkout/quote.ts';
import { newOrderStatements } from '../../orders/orders.server.ts';
import { postOrderStatus as POST } from './order-status.ts';

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

function post(id: string, body: Record<string, string>, user: SessionUser | null, form = false) {
  const url = new URL(`http://localhost:4321/api/admin/orders/${id}/status`);
  const request = new Request(url, {
    method: 'POST',
    headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
    body: form ? new URLSearchParams(body).toString() : JSON.stringify(body),
  });
  return POST({
    request,
    url,
    params: { id },
    clientAddress: '203.0.113.50',
    cookies: { set: () => {}, get: () => undefined, delete: () => {} },
    locals: { user, session: null },
  } as unknown as APIContext) as Promise<Response>;
}

describe('POST /api/admin/orders/{id}/status', () => {
  it('an admin marks an invoiced order paid: history, audit, receipt, subscription active', async () => {
    const admin = await person('admin');
    const id = await order();
    const res = await post(id, { to: 'paid' }, admin, true);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/admin/orders/${id}?notice=moved`);
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
    expect((await db.select().from(subscriptions).where(eq(subscriptions.orderId, id)))[0]?.status).toBe('active');
    const receipts = await db.select().from(outbox).where(eq(outbox.kind, 'payment-receipt'));
    expect(receipts.filter((m) => m.to === row?.email)).toHaveLength(1);
  });

  it('a customer is refused (403) and a visitor (401); nothing changes', async () => {
    const id = await order();
    expect((await post(id, { to: 'paid' }, await person('customer'))).status).toBe(403);
    expect((await post(id, { to: 'paid' }, null)).status).toBe(401);
    expect((await db.select().from(orders).where(eq(orders.id, id)))[0]?.status).toBe('pending_payment');
  });

  it('a move the order does not allow is 409; an unknown order 404; a made-up status 400', async () => {
    const admin = await person('admin');
    const id = await order(false);
    expect((await post(id, { to: 'delivered' }, admin)).status).toBe(409);
    expect((await post('abcdefghijkmnpqrstuvwxyz23', { to: 'paid' }, admin)).status).toBe(404);
    expect((await post(id, { to: 'shipped' }, admin)).status).toBe(400);
    expect((await post(id, { to: 'paid' }, admin)).status).toBe(200);
    // Paying twice is not a move.
    expect((await post(id, { to: 'paid' }, admin)).status).toBe(409);
  });
});
