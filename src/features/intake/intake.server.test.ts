import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDatabase } from '#server/db/temp-database.ts';
import { auditLog, orderEvents, orders, outbox, users } from '#server/db/schema.ts';
import { unseal } from '#server/email/sealed.ts';
import type { AppDatabase } from '#server/db/index.ts';
import { quote } from '#features/checkout/quote.ts';
import { pricingReadings } from '#data/pricing.ts';
import { newOrderStatements } from '#features/orders/orders.server.ts';
import { moveOrder } from '#features/lifecycle/lifecycle.server.ts';
import { payInFull } from '#features/lifecycle/testing/pay.ts';
import { intakeForOrder, reopenIntake, saveDraft, submitIntake } from './intake.server.ts';

let database: AppDatabase;
let cleanup: () => void;
beforeAll(async () => {
  ({ database, cleanup } = await tempDatabase());
});
afterAll(() => cleanup());

async function customerWithOrder() {
  const userId = crypto.randomUUID();
  const now = new Date();
  await database.db.insert(users).values({
    id: userId,
    name: 'Ann',
    email: `${userId}@example.com`,
    status: 'active',
    createdAt: now,
    updatedAt: now,
  });
  const order = newOrderStatements({
    userId,
    name: 'Ann',
    email: `${userId}@example.com`,
    phone: '(407) 555-0199',
    businessName: 'Ann Bakes',
    quote: quote(pricingReadings.custom.checkout, { extraPages: 0, monthly: false }),
    provider: 'invoice',
    idempotencyKey: null,
  });
  await database.writes.run(order.statements);
  return { userId, orderId: order.id };
}

const complete = {
  businessName: 'Ann Bakes',
  industry: 'Bakery',
  servicesOffered: 'Cakes\nBread',
  pagesWanted: 'Home, Menu, Contact',
  targetAudience: 'Families in Orlando',
};

describe('the intake on the server', () => {
  it('starts prefilled from the order, and only for its owner', async () => {
    const { userId, orderId } = await customerWithOrder();
    const view = await intakeForOrder(database.db, orderId, userId);
    expect(view).toMatchObject({ id: null, version: 0, status: 'draft', data: { businessName: 'Ann Bakes' } });
    expect(await intakeForOrder(database.db, orderId, crypto.randomUUID())).toBeNull();
    expect((await saveDraft(database, { orderId, userId: crypto.randomUUID(), version: 0, changes: {} })).ok).toBe(
      false,
    );
  });

  it('each save bumps the version; a save from an older version is refused, not merged', async () => {
    const { userId, orderId } = await customerWithOrder();
    const first = await saveDraft(database, { orderId, userId, version: 0, changes: { industry: 'Bakery' } });
    expect(first).toMatchObject({ ok: true, version: 1 });
    const second = await saveDraft(database, { orderId, userId, version: 1, changes: { notes: 'Tab A' } });
    expect(second).toMatchObject({ ok: true, version: 2 });
    // Tab B still holds version 1.
    const stale = await saveDraft(database, { orderId, userId, version: 1, changes: { notes: 'Tab B' } });
    expect(stale).toEqual({ ok: false, reason: 'conflict', version: 2 });
    const view = await intakeForOrder(database.db, orderId, userId);
    expect(view?.data).toMatchObject({ industry: 'Bakery', notes: 'Tab A', businessName: 'Ann Bakes' });
  });

  it('submitting needs every required answer, then locks the intake', async () => {
    const { userId, orderId } = await customerWithOrder();
    const incomplete = await submitIntake(database, {
      orderId,
      userId,
      version: 0,
      changes: { industry: 'Bakery' },
      ip: null,
    });
    expect(incomplete.ok).toBe(false);
    expect(
      incomplete.ok === false && incomplete.reason === 'incomplete' && Object.keys(incomplete.problems).sort(),
    ).toEqual(['pagesWanted', 'servicesOffered', 'targetAudience']);
    const done = await submitIntake(database, { orderId, userId, version: 0, changes: complete, ip: null });
    expect(done).toEqual({ ok: true, version: 1 });
    expect(await saveDraft(database, { orderId, userId, version: 1, changes: { notes: 'late' } })).toEqual({
      ok: false,
      reason: 'locked',
    });
    const mails = await database.db.select().from(outbox).where(eq(outbox.kind, 'intake-submitted'));
    expect(mails.some((m) => m.subject.includes('Ann Bakes'))).toBe(true);
  });

  it('a paid order moves to intake received; one pending payment keeps its status', async () => {
    const pending = await customerWithOrder();
    await submitIntake(database, { ...pending, version: 0, changes: complete, ip: null });
    expect((await database.db.select().from(orders).where(eq(orders.id, pending.orderId)))[0]?.status).toBe(
      'pending_payment',
    );

    const paid = await customerWithOrder();
    await payInFull(database, paid.orderId);
    await submitIntake(database, { ...paid, version: 0, changes: complete, ip: '203.0.113.9' });
    expect((await database.db.select().from(orders).where(eq(orders.id, paid.orderId)))[0]?.status).toBe(
      'intake_received',
    );
  });

  it('an admin reopens a submitted intake (audited), and the customer can save again', async () => {
    const { userId, orderId } = await customerWithOrder();
    await submitIntake(database, { orderId, userId, version: 0, changes: complete, ip: null });
    const view = await intakeForOrder(database.db, orderId, null);
    expect(await reopenIntake(database, { intakeId: view!.id!, adminId: 'admin-1', ip: '203.0.113.1' })).toBe(true);
    const reopened = await intakeForOrder(database.db, orderId, userId);
    expect(reopened?.status).toBe('draft');
    expect(
      (await saveDraft(database, { orderId, userId, version: reopened!.version, changes: { notes: 'more' } })).ok,
    ).toBe(true);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.entityId, view!.id!));
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([['intake.reopen', 'admin-1']]);
  });

  it('whichever comes first: paying after the intake lands at intake received, and the receipt does not ask for it', async () => {
    const order = await customerWithOrder();
    await submitIntake(database, { ...order, version: 0, changes: complete, ip: null });
    await payInFull(database, order.orderId);
    expect((await database.db.select().from(orders).where(eq(orders.id, order.orderId)))[0]?.status).toBe(
      'intake_received',
    );
    const events = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.orderId));
    expect(events.map((e) => e.toStatus)).toEqual(['pending_payment', 'paid', 'intake_received']);
    const receipt = (await database.db.select().from(outbox).where(eq(outbox.kind, 'payment-receipt'))).find(
      (m) => m.to === `${order.userId}@example.com`,
    );
    const text = unseal(receipt!.text);
    expect(text).toContain('We already have your website intake');
    expect(text).not.toContain('complete your website intake');

    // Paid first: the receipt asks for the intake.
    const other = await customerWithOrder();
    await payInFull(database, other.orderId);
    const asked = (await database.db.select().from(outbox).where(eq(outbox.kind, 'payment-receipt'))).find(
      (m) => m.to === `${other.userId}@example.com`,
    );
    expect(unseal(asked!.text)).toContain('complete your website intake');
  });

  it('reopening the intake of an order at intake received sends the project back to waiting on it', async () => {
    const order = await customerWithOrder();
    await payInFull(database, order.orderId);
    await submitIntake(database, { ...order, version: 0, changes: complete, ip: null });
    const view = await intakeForOrder(database.db, order.orderId, null);
    await reopenIntake(database, { intakeId: view!.id!, adminId: 'admin-2', ip: null });
    expect((await database.db.select().from(orders).where(eq(orders.id, order.orderId)))[0]?.status).toBe('paid');
    // Submitted again: intake received again.
    const again = await intakeForOrder(database.db, order.orderId, order.userId);
    await submitIntake(database, { ...order, version: again!.version, changes: {}, ip: null });
    expect((await database.db.select().from(orders).where(eq(orders.id, order.orderId)))[0]?.status).toBe(
      'intake_received',
    );
  });

  it('reopening after design started leaves the project where it is', async () => {
    const order = await customerWithOrder();
    await payInFull(database, order.orderId);
    await submitIntake(database, { ...order, version: 0, changes: complete, ip: null });
    await moveOrder(database, { orderId: order.orderId, to: 'in_design', actorId: null, ip: null });
    const view = await intakeForOrder(database.db, order.orderId, null);
    await reopenIntake(database, { intakeId: view!.id!, adminId: 'admin-3', ip: null });
    expect((await database.db.select().from(orders).where(eq(orders.id, order.orderId)))[0]?.status).toBe('in_design');
  });
});
