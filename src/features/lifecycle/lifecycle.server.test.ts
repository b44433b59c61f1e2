/**
 * The defects of issue 37, one test each, through the routes an admin uses: every way in goes
 * through the lifecycle, so the money consequences agree whichever button moved the order.
 */
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, invoices, outbox, payments, subscriptions } from '#server/db/schema.ts';
import { formOutcomeOf } from '#server/http/testing/call-route.ts';
import type { SessionUser } from '#features/accounts/session.server.ts';
import { database, db, invoiceOrder, person, postAs, versionOf } from '#features/admin/handlers/admin-test-kit.ts';
import { postInvoiceMarkPaid } from '#features/invoices/admin/handlers/invoice-actions.ts';
import { agencyDay } from '#features/invoices/admin/agency-days.ts';
import { buildInvoiceStatements } from '#features/invoices/build-invoice.ts';
import { sendInvoiceReminders } from '#features/invoices/reminders.server.ts';
import { launchOrder } from '#features/orders/admin/launch.server.ts';
import { postOrderCancel, postOrderRefund } from '#features/orders/admin/handlers/order-actions.ts';
import { postMarkPaid, postOrderStatus } from '#features/orders/admin/handlers/order-status.ts';
import { orderNumber } from '#features/orders/order-number.ts';
import { findOrder, readOrderIn } from '#features/orders/orders.server.ts';
import { LIFECYCLE } from './copy.ts';
import { balanceDue, invoiceState } from './moves.ts';

const DAY = 24 * 60 * 60 * 1000;

/** An invoiced order with its build invoice open, as checkout leaves it in invoice mode. */
async function orderWithInvoice(monthly = true) {
  const orderId = await invoiceOrder(monthly);
  const invoiceId = await database.writes.transaction(async (tx) => {
    const billed = await readOrderIn(tx, orderId);
    const issued = buildInvoiceStatements(billed!, Date.now());
    await tx.batch(issued.statements);
    return issued.id;
  });
  return { orderId, invoiceId };
}

const invoiceRow = async (id: string) => (await db.select().from(invoices).where(eq(invoices.id, id)))[0]!;
const orderAction = async (
  handler: Parameters<typeof postAs>[0],
  action: string,
  orderId: string,
  admin: SessionUser,
  body: Record<string, string> = {},
  form = false,
) =>
  postAs(
    handler,
    `/api/admin/orders/${orderId}/${action}`,
    { id: orderId },
    { version: await versionOf(orderId), ...body },
    admin,
    form,
  );
const invoicePayment = (invoiceId: string, admin: SessionUser, amount: string, form = false) =>
  postAs(
    postInvoiceMarkPaid,
    `/api/admin/invoices/${invoiceId}/mark-paid`,
    { id: invoiceId },
    { amount, date: agencyDay(Date.now()), method: 'bank_transfer' },
    admin,
    form,
  );
const creditNotesFor = (invoiceId: string) =>
  db
    .select()
    .from(invoices)
    .where(and(eq(invoices.creditFor, invoiceId), eq(invoices.kind, 'credit_note')));

describe('canceling an order', () => {
  it('voids its open invoice (reason: the cancel), so no reminder goes out and it cannot be paid', async () => {
    const admin = await person('admin');
    const { orderId, invoiceId } = await orderWithInvoice();
    const canceled = await orderAction(postOrderCancel, 'cancel', orderId, admin);
    expect(canceled.status).toBe(200);

    const invoice = await invoiceRow(invoiceId);
    expect(invoice.status).toBe('void');
    expect(invoice.voidReason).toBe(LIFECYCLE.voidedByCancel(orderNumber(orderId)));
    const [voided] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, invoiceId), eq(auditLog.action, 'invoice.void')));
    expect(voided?.actorId).toBe(admin.id);

    // Weeks later the housekeeping reminds nobody of it, and the agency hears of no overdue invoice.
    await sendInvoiceReminders(database, Date.now() + 30 * DAY);
    const reminders = await db.select().from(outbox).where(like(outbox.kind, 'invoice-%'));
    const about = reminders.filter((m) => m.kind !== 'invoice' && m.subject.includes(invoice.number));
    expect(about).toEqual([]);
    // And it can no longer be marked paid.
    expect((await invoicePayment(invoiceId, admin, '1.00')).status).toBe(409);
  });

  it('of a launched order ends its monthly plan now and voids the plan invoice still open', async () => {
    const admin = await person('admin');
    const { orderId, invoiceId } = await orderWithInvoice(true);
    expect((await orderAction(postMarkPaid, 'mark-paid', orderId, admin)).status).toBe(200);
    const launched = await launchOrder(database, {
      orderId,
      version: Number(await versionOf(orderId)),
      liveUrl: null,
      actorId: admin.id,
      ip: '203.0.113.9',
    });
    expect(launched).toMatchObject({ ok: true, planStarted: true });
    const [plan] = await db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
    expect(plan?.status).toBe('active');
    const [planInvoice] = await db.select().from(invoices).where(eq(invoices.subscriptionId, plan!.id));
    expect(planInvoice?.status).toBe('open');

    expect((await orderAction(postOrderCancel, 'cancel', orderId, admin)).status).toBe(200);
    expect((await db.select().from(subscriptions).where(eq(subscriptions.id, plan!.id)))[0]?.status).toBe('canceled');
    expect((await invoiceRow(planInvoice!.id)).status).toBe('void');
    // The build was paid and nothing was returned: its invoice stays Paid.
    expect((await invoiceRow(invoiceId)).status).toBe('paid');
  });
});

describe("the admin's status form", () => {
  it("cannot move an order to 'Paid' (4xx); after Mark paid, a refund writes a credit note", async () => {
    const admin = await person('admin');
    const { orderId, invoiceId } = await orderWithInvoice(false);
    const byForm = await orderAction(postOrderStatus, 'status', orderId, admin, { to: 'paid' });
    expect(byForm.status).toBeGreaterThanOrEqual(400);
    expect(byForm.status).toBeLessThan(500);
    expect((await findOrder(db, orderId))?.status).toBe('pending_payment');
    expect((await invoiceRow(invoiceId)).status).toBe('open');

    expect((await orderAction(postMarkPaid, 'mark-paid', orderId, admin)).status).toBe(200);
    expect((await invoiceRow(invoiceId)).status).toBe('paid');
    expect((await orderAction(postOrderRefund, 'refund', orderId, admin)).status).toBe(200);
    const notes = await creditNotesFor(invoiceId);
    expect(notes).toHaveLength(1);
    expect(notes[0]?.totalCents).toBe((await invoiceRow(invoiceId)).totalCents);
    // The invoice stays Paid: the credit note records the money going back.
    expect((await invoiceRow(invoiceId)).status).toBe('paid');
  });
});

describe('Mark paid records a payment of the amount received', () => {
  it('$1.00 against $3,800.00 is Partly paid with $3,799.00 due; more than the balance is refused', async () => {
    const admin = await person('admin');
    const { orderId, invoiceId } = await orderWithInvoice(false);
    const total = (await invoiceRow(invoiceId)).totalCents;
    expect(total).toBe(380_000);

    const part = await invoicePayment(invoiceId, admin, '1.00');
    expect(part.status).toBe(200);
    expect(await part.json()).toMatchObject({ status: 'partly_paid', balanceCents: 379_900, orderMoved: false });
    const invoice = await invoiceRow(invoiceId);
    expect(invoice).toMatchObject({ status: 'open', paidCents: 100 });
    expect(invoiceState(invoice)).toBe('partly_paid');
    expect(balanceDue(invoice)).toBe(379_900);
    expect((await findOrder(db, orderId))?.status).toBe('pending_payment');
    const rows = await db.select().from(payments).where(eq(payments.invoiceId, invoiceId));
    expect(rows.map((p) => [p.amountCents, p.method, p.recordedBy])).toEqual([[100, 'bank_transfer', admin.id]]);

    // More than the balance: refused, the form back with what was typed and the field to fix.
    const over = await invoicePayment(invoiceId, admin, '3800.00');
    expect(over.status).toBe(422);
    expect(await over.json()).toMatchObject({
      error: LIFECYCLE.overBalance,
      fields: { amount: [LIFECYCLE.overBalance] },
    });
    const overForm = await invoicePayment(invoiceId, admin, '3800.00', true);
    expect(overForm.status).toBe(303);
    const outcome = await formOutcomeOf(overForm);
    expect(outcome?.fields?.amount).toEqual([LIFECYCLE.overBalance]);
    expect(outcome?.values?.amount).toBe('3800.00');
    expect((await invoiceRow(invoiceId)).paidCents).toBe(100);

    // The balance settles it, and the order moves to Paid with it.
    const rest = await invoicePayment(invoiceId, admin, '3799.00');
    expect(await rest.json()).toMatchObject({ status: 'paid', balanceCents: 0, orderMoved: true });
    expect(await invoiceRow(invoiceId)).toMatchObject({ status: 'paid', paidCents: 380_000 });
    expect((await findOrder(db, orderId))?.status).toBe('paid');
    expect(await db.select().from(payments).where(eq(payments.invoiceId, invoiceId))).toHaveLength(2);
  });
});

describe('a refund', () => {
  it('ends the monthly plan (after launch) and credits what was paid', async () => {
    const admin = await person('admin');
    const { orderId, invoiceId } = await orderWithInvoice(true);
    expect((await orderAction(postMarkPaid, 'mark-paid', orderId, admin)).status).toBe(200);
    await launchOrder(database, {
      orderId,
      version: Number(await versionOf(orderId)),
      liveUrl: null,
      actorId: admin.id,
      ip: '203.0.113.9',
    });
    const [plan] = await db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
    expect(plan?.status).toBe('active');

    expect((await orderAction(postOrderRefund, 'refund', orderId, admin)).status).toBe(200);
    expect((await findOrder(db, orderId))?.status).toBe('refunded');
    expect((await db.select().from(subscriptions).where(eq(subscriptions.id, plan!.id)))[0]?.status).toBe('canceled');
    // Its open plan invoice asks for nothing any more.
    const planInvoices = await db.select().from(invoices).where(eq(invoices.subscriptionId, plan!.id));
    expect(planInvoices.every((i) => i.status !== 'open')).toBe(true);
    expect(await creditNotesFor(invoiceId)).toHaveLength(1);
  });
});
