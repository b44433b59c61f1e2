import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { site } from '#data/site.ts';
import { auditLog, invoices, orderEvents, orders, outbox, subscriptions } from '#server/db/schema.ts';
import { formOutcomeOf } from '#server/http/testing/call-route.ts';
import type { SessionUser } from '#features/accounts/session.server.ts';
import { database, db, invoiceOrder, person, postAs } from '#features/admin/handlers/admin-test-kit.ts';
import { postMarkPaid } from '#features/orders/admin/handlers/order-status.ts';
import { findOrder } from '#features/orders/orders.server.ts';
import { issueStatements } from '../../invoices.server.ts';
import { agencyDay, agencyDayStart } from '../agency-days.ts';
import { postInvoiceMarkPaid, postInvoiceSend, postInvoiceVoid } from './invoice-actions.ts';

const DAY = 24 * 60 * 60 * 1000;

/** An open invoice: the build's of a new invoiced order, or (plan) one of no order. */
async function openInvoice(purpose: 'build' | 'plan' = 'build') {
  const orderId = purpose === 'build' ? await invoiceOrder() : null;
  const order = orderId ? await findOrder(db, orderId) : null;
  const customer = order ? { id: order.userId } : await person('customer');
  const issued = issueStatements({
    purpose,
    userId: customer.id,
    orderId,
    customer: { name: 'Rosa Diaz', business: 'Diaz Bakery', email: order?.email ?? 'rosa@example.com' },
    lines: [{ description: 'Custom website build', quantity: 1, unitCents: 380_000 }],
    dueDays: 14,
  });
  await database.writes.run(issued.statements);
  return { id: issued.id, orderId };
}

const invoiceRow = async (id: string) => (await db.select().from(invoices).where(eq(invoices.id, id)))[0];
const auditOf = (id: string) => db.select().from(auditLog).where(eq(auditLog.entityId, id));

type Action = 'mark-paid' | 'void' | 'send';
const HANDLERS = { 'mark-paid': postInvoiceMarkPaid, void: postInvoiceVoid, send: postInvoiceSend };
const act = (action: Action, id: string, body: Record<string, string>, user: SessionUser | null, form = false) =>
  postAs(HANDLERS[action], `/api/admin/invoices/${id}/${action}`, { id }, body, user, form);

const today = () => agencyDay(Date.now());
const payment = (overrides: Record<string, string> = {}) => ({
  amount: '3800.00',
  date: today(),
  method: 'bank_transfer',
  ...overrides,
});

describe('POST /api/admin/invoices/{id}/mark-paid', () => {
  it("records the payment and moves the build's pending order to paid in one commit", async () => {
    const admin = await person('admin');
    const { id, orderId } = await openInvoice('build');
    const res = await act('mark-paid', id, payment(), admin);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id, status: 'paid', balanceCents: 0, orderMoved: true });

    const invoice = await invoiceRow(id);
    expect(invoice).toMatchObject({ status: 'paid', paidCents: 380_000, paidMethod: 'bank_transfer' });
    expect(agencyDay(invoice!.paidAt!)).toBe(today());
    // The order moves exactly as its own 'Mark paid' moves it: history, receipt, audit; its plan waits for launch.
    expect((await findOrder(db, orderId!))?.status).toBe('paid');
    const history = await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId!));
    expect(history.map((e) => [e.fromStatus, e.toStatus, e.actorId, e.note])).toContainEqual([
      'pending_payment',
      'paid',
      admin.id,
      'Invoice paid',
    ]);
    expect((await db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId!)))[0]?.status).toBe(
      'pending',
    );
    const order = await findOrder(db, orderId!);
    const receipts = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'payment-receipt'), eq(outbox.to, order!.email)));
    expect(receipts).toHaveLength(1);
    expect((await auditOf(id)).map((a) => [a.action, a.actorId, a.ip])).toEqual([
      ['invoice.mark-paid', admin.id, '203.0.113.51'],
    ]);
    expect((await auditOf(orderId!)).map((a) => a.action)).toEqual(['order.status']);
  });

  it('a past day is recorded as that day in Orlando; a plan invoice has no order to move', async () => {
    const admin = await person('admin');
    const { id } = await openInvoice('plan');
    const day = agencyDay(Date.now() - 3 * DAY);
    const res = await act('mark-paid', id, payment({ amount: '$12.5', date: day, method: 'check' }), admin);
    expect(res.status).toBe(200);
    // $12.50 of $3,800.00 is a part payment: the invoice stays open with the rest due.
    expect((await res.json()) as unknown).toMatchObject({
      orderMoved: false,
      status: 'partly_paid',
      balanceCents: 378_750,
    });
    const invoice = await invoiceRow(id);
    expect(invoice).toMatchObject({ status: 'open', paidCents: 1250, paidMethod: 'check' });
    expect(invoice?.paidAt?.getTime()).toBe(agencyDayStart(day).getTime());
  });

  it('does not move an order that is no longer pending payment', async () => {
    const admin = await person('admin');
    const { id, orderId } = await openInvoice('build');
    await db.update(orders).set({ status: 'canceled' }).where(eq(orders.id, orderId!));
    const res = await act('mark-paid', id, payment(), admin);
    expect(await res.json()).toMatchObject({ orderMoved: false });
    expect((await findOrder(db, orderId!))?.status).toBe('canceled');
    expect((await invoiceRow(id))?.status).toBe('paid');
  });

  it.each([
    ['a zero amount', { amount: '0' }, 'amount'],
    ['an amount that is not money', { amount: '12.345' }, 'amount'],
    ['no amount', { amount: '' }, 'amount'],
    ['a date in the future', { date: agencyDay(Date.now() + 2 * DAY) }, 'date'],
    ['a date that does not exist', { date: '2026-02-30' }, 'date'],
    ['a date in another format', { date: '11/26/2026' }, 'date'],
    ['an unknown method', { method: 'bitcoin' }, 'method'],
  ])('answers 400 naming the field for %s, and changes nothing', async (_, bad, field) => {
    const admin = await person('admin');
    const { id, orderId } = await openInvoice('build');
    const res = await act('mark-paid', id, payment(bad), admin);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; fields: Record<string, string[]> };
    expect(body.error).toEqual(expect.any(String));
    expect(Object.keys(body.fields)).toEqual([field]);
    expect(body.fields[field]).toHaveLength(1);
    expect((await invoiceRow(id))?.status).toBe('open');
    expect((await findOrder(db, orderId!))?.status).toBe('pending_payment');
    expect(await auditOf(id)).toEqual([]);
  });

  it('a plain form with a bad field lands back on the invoice with its message', async () => {
    const admin = await person('admin');
    const { id } = await openInvoice('plan');
    const res = await act('mark-paid', id, payment({ amount: 'lots' }), admin, true);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/admin/invoices/${id}`);
    const outcome = await formOutcomeOf(res);
    expect(outcome?.notice).toBe('invalid');
    expect(outcome?.form).toBe(`/api/admin/invoices/${id}/mark-paid`);
    expect(outcome?.fields?.amount?.[0]).toMatch(/amount received in dollars/);
    expect(outcome?.values?.amount).toBe('lots');
  });

  it('of two admins marking it paid at once, exactly one succeeds; a repeat is a 409', async () => {
    const [first, second] = [await person('admin'), await person('admin')];
    const { id, orderId } = await openInvoice('build');
    const answers = await Promise.all([
      act('mark-paid', id, payment(), first),
      act('mark-paid', id, payment({ method: 'cash' }), second),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await auditOf(id)).filter((a) => a.action === 'invoice.mark-paid')).toHaveLength(1);
    const history = await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId!));
    expect(history.filter((e) => e.toStatus === 'paid')).toHaveLength(1);
    const again = await act('mark-paid', id, payment(), first, true);
    expect(again.status).toBe(303);
    expect((await formOutcomeOf(again))?.notice).toBe('not-open');
  });

  it('is for admins only, and an unknown invoice is a 404', async () => {
    const customer = await person('customer');
    const { id } = await openInvoice('plan');
    expect((await act('mark-paid', id, payment(), customer)).status).toBe(403);
    expect((await act('mark-paid', id, payment(), null)).status).toBe(401);
    expect((await invoiceRow(id))?.status).toBe('open');
    const admin = await person('admin');
    expect((await act('mark-paid', 'abcdefghijkmnpqrstuvwxyz23', payment(), admin)).status).toBe(404);
  });
});

describe('POST /api/admin/invoices/{id}/void', () => {
  it('voids an open invoice with its reason, audited; it can then be neither paid nor voided', async () => {
    const admin = await person('admin');
    const { id } = await openInvoice('build');
    const res = await act('void', id, { reason: '  Wrong business name  ' }, admin, true);
    expect(res.status).toBe(303);
    expect((await formOutcomeOf(res))?.notice).toBe('voided');
    const invoice = await invoiceRow(id);
    expect(invoice).toMatchObject({ status: 'void', voidReason: 'Wrong business name' });
    expect(invoice?.voidedAt).toBeInstanceOf(Date);
    expect((await auditOf(id)).map((a) => [a.action, a.after])).toEqual([
      ['invoice.void', { status: 'void', number: invoice!.number, reason: 'Wrong business name' }],
    ]);
    expect((await act('void', id, { reason: 'again' }, admin)).status).toBe(409);
    expect((await act('mark-paid', id, payment(), admin)).status).toBe(409);
    expect((await invoiceRow(id))?.status).toBe('void');
  });

  it('needs a reason of 1 to 300 characters: otherwise a 400 and nothing changes', async () => {
    const admin = await person('admin');
    const { id } = await openInvoice('plan');
    for (const reason of [undefined, '   ', 'x'.repeat(301), 'bad\u0007bell']) {
      const res = await act('void', id, reason === undefined ? {} : { reason }, admin);
      expect(res.status, JSON.stringify(reason)).toBe(400);
      expect(Object.keys(((await res.json()) as { fields: object }).fields)).toEqual(['reason']);
    }
    expect((await invoiceRow(id))?.status).toBe('open');
    expect(await auditOf(id)).toEqual([]);
  });

  it('a paid invoice cannot be voided', async () => {
    const admin = await person('admin');
    const { id } = await openInvoice('plan');
    await act('mark-paid', id, payment(), admin);
    const res = await act('void', id, { reason: 'Too late' }, admin);
    expect(res.status).toBe(409);
    expect((await invoiceRow(id))?.status).toBe('paid');
  });
});

describe('POST /api/admin/invoices/{id}/send', () => {
  it('queues the invoice e-mail with its PDF attached by reference, audited', async () => {
    const admin = await person('admin');
    const { id } = await openInvoice('build');
    const invoice = await invoiceRow(id);
    const res = await act('send', id, {}, admin, true);
    expect(res.status).toBe(303);
    expect((await formOutcomeOf(res))?.notice).toBe('sent');
    const mails = await db.select().from(outbox).where(eq(outbox.kind, 'invoice'));
    const mine = mails.filter((m) => m.to === invoice!.customerEmail);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.subject).toBe(`Invoice ${invoice!.number} from ${site.brand}`);
    expect(mine[0]?.attachments).toEqual([{ kind: 'invoice-pdf', ref: id }]);
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['invoice.send']);
    // Sending changes nothing on the invoice itself.
    expect(await invoiceRow(id)).toEqual(invoice);
  });

  it('does not send a void invoice', async () => {
    const admin = await person('admin');
    const { id } = await openInvoice('plan');
    await act('void', id, { reason: 'Duplicate' }, admin);
    const res = await act('send', id, {}, admin);
    expect(res.status).toBe(409);
    expect((await db.select().from(outbox).where(eq(outbox.kind, 'invoice'))).map((m) => m.to)).not.toContain(
      'rosa@example.com',
    );
  });
});

describe("the order's Mark paid: a shortcut to its build invoice's", () => {
  it('marks the open build invoice paid in full and moves the order, in one commit', async () => {
    const admin = await person('admin');
    const { id, orderId } = await openInvoice('build');
    const res = await postAs(postMarkPaid, `/api/admin/orders/${orderId}/mark-paid`, { id: orderId! }, {}, admin);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: orderId, from: 'pending_payment', to: 'paid' });
    // Paid in full today; how is not known from the order page, so no method is made up.
    expect(await invoiceRow(id)).toMatchObject({ status: 'paid', paidCents: 380_000, paidMethod: null });
    expect((await findOrder(db, orderId!))?.status).toBe('paid');
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['invoice.mark-paid']);
    const history = await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId!));
    expect(history.filter((e) => e.toStatus === 'paid')).toHaveLength(1);
    // Once paid, neither path pays it again.
    expect(
      (await postAs(postMarkPaid, `/api/admin/orders/${orderId}/mark-paid`, { id: orderId! }, {}, admin)).status,
    ).toBe(409);
    expect((await act('mark-paid', id, payment(), admin)).status).toBe(409);
  });
});
