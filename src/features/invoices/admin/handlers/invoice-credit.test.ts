/**
 * The admin's credit note for part of what was paid (issue 37 §2): POST
 * /api/admin/invoices/{id}/credit {amount, reason}, through the lifecycle's creditInvoice.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, invoices, outbox } from '#server/db/schema.ts';
import { unseal } from '#server/email/sealed.ts';
import { callRoute, formOutcomeOf } from '#server/http/testing/call-route.ts';
import type { SessionUser } from '#features/accounts/session.server.ts';
import { database, db, invoiceOrder, person, postAs, versionOf } from '#features/admin/handlers/admin-test-kit.ts';
import { findProblems } from '#features/lifecycle/invariants.server.ts';
import { postOrderRefund } from '#features/orders/admin/handlers/order-actions.ts';
import { findOrder } from '#features/orders/orders.server.ts';
import { placeOrder, returnFromStripe, stripeFakeForSuite } from '#features/payments/testing/stripe-test-kit.ts';
import { LIFECYCLE } from '#features/lifecycle/copy.ts';
import { ADMIN_INVOICES } from '../../copy.ts';
import { issueStatements, findInvoice } from '../../invoices.server.ts';
import { invoicePdf } from '../../invoice-pdf.ts';
import { agencyDay } from '../agency-days.ts';
import { postInvoiceCredit, postInvoiceMarkPaid } from './invoice-actions.ts';

/** A $3,800.00 build invoice of a new invoiced order, paid in full by bank transfer. */
async function paidInvoice(admin: SessionUser) {
  const orderId = await invoiceOrder(false);
  const order = await findOrder(db, orderId);
  const issued = issueStatements({
    purpose: 'build',
    userId: order!.userId,
    orderId,
    customer: { name: 'Rosa Diaz', business: 'Diaz Bakery', email: order!.email },
    lines: [{ description: 'Custom website build', quantity: 1, unitCents: 380_000 }],
    dueDays: 14,
  });
  await database.writes.run(issued.statements);
  const paid = await postAs(
    postInvoiceMarkPaid,
    `/api/admin/invoices/${issued.id}/mark-paid`,
    { id: issued.id },
    { amount: '3800.00', date: agencyDay(Date.now()), method: 'bank_transfer' },
    admin,
  );
  expect(paid.status).toBe(200);
  return { id: issued.id, orderId };
}

const credit = (id: string, body: Record<string, string>, admin: SessionUser, form = false) =>
  postAs(postInvoiceCredit, `/api/admin/invoices/${id}/credit`, { id }, body, admin, form);

const creditNotesFor = (id: string) =>
  db
    .select()
    .from(invoices)
    .where(and(eq(invoices.creditFor, id), eq(invoices.kind, 'credit_note')))
    .orderBy(invoices.sequence);
const invoiceRow = async (id: string) => (await db.select().from(invoices).where(eq(invoices.id, id)))[0];

describe('POST /api/admin/invoices/{id}/credit', () => {
  it('credits $500 of a $3,800 paid invoice with its reason; a second $3,300 is accepted and $1 more refused', async () => {
    const admin = await person('admin');
    const { id, orderId } = await paidInvoice(admin);
    const statusBefore = (await findOrder(db, orderId))?.status;

    const res = await credit(id, { amount: '500', reason: 'Blog section dropped from scope' }, admin);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { creditNoteId: string; creditableCents: number };
    expect(body.creditableCents).toBe(330_000);
    const [note] = await creditNotesFor(id);
    expect(note).toMatchObject({
      id: body.creditNoteId,
      kind: 'credit_note',
      totalCents: 50_000,
      paidCents: 50_000,
      status: 'paid',
      creditReason: 'Blog section dropped from scope',
      providerReference: null,
    });
    // The invoice stays Paid and the order keeps its status.
    expect(await invoiceRow(id)).toMatchObject({ status: 'paid', paidCents: 380_000 });
    expect((await findOrder(db, orderId))?.status).toBe(statusBefore);

    // Its e-mail (with the PDF) gives the reason; its audit entry is the admin's.
    const [mail] = await db
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.kind, 'credit-note'), eq(outbox.subject, `Credit note ${note!.number} from Palmetto Web Studio`)),
      );
    expect(unseal(mail!.text)).toContain('Reason: Blog section dropped from scope');
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.entityId, note!.id));
    expect(entry).toMatchObject({ action: 'invoice.credit-note', actorId: admin.id });
    expect(entry?.after).toMatchObject({ totalCents: 50_000, reason: 'Blog section dropped from scope' });

    const second = await credit(id, { amount: '3300.00', reason: 'Project ended early' }, admin);
    expect(second.status).toBe(200);
    const third = await credit(id, { amount: '1.00', reason: 'One more' }, admin);
    expect(third.status).toBe(422);
    expect(await third.json()).toMatchObject({ fields: { amount: [LIFECYCLE.overCredit] } });
    expect((await creditNotesFor(id)).map((n) => n.totalCents)).toEqual([50_000, 330_000]);
    expect(await invoiceRow(id)).toMatchObject({ status: 'paid' });
    expect(await findProblems(database.client)).toEqual([]);
  });

  it('a plain form asking more than can be credited comes back with the message and every value typed', async () => {
    const admin = await person('admin');
    const { id } = await paidInvoice(admin);
    const res = await credit(id, { amount: '3800.01', reason: 'Goodwill after the delay' }, admin, true);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/admin/invoices/${id}`);
    const outcome = await formOutcomeOf(res);
    expect(outcome?.notice).toBe('over-credit');
    expect(outcome?.form).toBe(`/api/admin/invoices/${id}/credit`);
    expect(outcome?.fields?.amount).toEqual([LIFECYCLE.overCredit]);
    expect(outcome?.values).toMatchObject({ amount: '3800.01', reason: 'Goodwill after the delay' });
    expect(await creditNotesFor(id)).toEqual([]);
  });

  it('refuses zero, a negative amount and a missing reason, crediting nothing', async () => {
    const admin = await person('admin');
    const { id } = await paidInvoice(admin);
    for (const body of [
      { amount: '0', reason: 'x' },
      { amount: '-5', reason: 'x' },
      { amount: '5', reason: '  ' },
      { amount: '5', reason: 'x'.repeat(301) },
    ]) {
      expect((await credit(id, body, admin)).status).toBe(400);
    }
    expect(await creditNotesFor(id)).toEqual([]);
  });

  it('an unpaid invoice has nothing to credit', async () => {
    const admin = await person('admin');
    const orderId = await invoiceOrder(false);
    const order = await findOrder(db, orderId);
    const issued = issueStatements({
      purpose: 'build',
      userId: order!.userId,
      orderId,
      customer: { name: 'Rosa', business: 'Diaz Bakery', email: order!.email },
      lines: [{ description: 'Build', quantity: 1, unitCents: 10_000 }],
      dueDays: 14,
    });
    await database.writes.run(issued.statements);
    expect((await credit(issued.id, { amount: '1', reason: 'x' }, admin)).status).toBe(409);
  });

  it("the order's full refund after a partial credit credits only what remains", async () => {
    const admin = await person('admin');
    const { id, orderId } = await paidInvoice(admin);
    expect((await credit(id, { amount: '500', reason: 'Scope cut' }, admin)).status).toBe(200);
    const refund = await postAs(
      postOrderRefund,
      `/api/admin/orders/${orderId}/refund`,
      { id: orderId },
      { version: await versionOf(orderId) },
      admin,
    );
    expect(refund.status).toBe(200);
    expect((await creditNotesFor(id)).map((n) => n.totalCents)).toEqual([50_000, 330_000]);
    expect(await findProblems(database.client)).toEqual([]);
  });

  it('the reason is printed on the credit note’s PDF', async () => {
    const admin = await person('admin');
    const { id } = await paidInvoice(admin);
    await credit(id, { amount: '120.50', reason: 'Hosting month not used' }, admin);
    const [note] = await creditNotesFor(id);
    const full = await findInvoice(db, note!.id);
    const { extractText, getDocumentProxy } = await import('unpdf');
    const bytes = invoicePdf(full!, { bankDetails: null, payOnlineUrl: null });
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    expect(text).toContain('Reason: Hosting month not used');
  });

  it('checks the body before the id: a malformed or invalid body is 400 whatever the id; a good one for no invoice is 404', async () => {
    const admin = await person('admin');
    const { id } = await paidInvoice(admin);
    const post = (target: string, body: string, type: string) =>
      callRoute(postInvoiceCredit, `http://localhost:4321/api/admin/invoices/${target}/credit`, {
        params: { id: target },
        body,
        headers: { 'content-type': type },
        user: admin,
      });
    // An id that names no invoice (not an id at all, or one nobody has), and a real one.
    for (const target of ['INV-2026-0001', 'nope', 'zzzzzzzzzzzzzzzzzzzzzzzzzz', id]) {
      const malformed = await post(target, '{"amount": ', 'application/json');
      expect(malformed.response.status, target).toBe(400);
      expect(await malformed.response.json()).toEqual({ error: 'Request body is not valid JSON' });
      const notObject = await post(target, '[1, 2]', 'application/json');
      expect(notObject.response.status, target).toBe(400);
      expect(await notObject.response.json()).toEqual({ error: 'Expected a JSON object' });
      const invalid = await post(target, JSON.stringify({ amount: 'lots', reason: '' }), 'application/json');
      expect(invalid.response.status, target).toBe(400);
      expect(((await invalid.response.json()) as { fields: Record<string, string[]> }).fields).toMatchObject({
        amount: [ADMIN_INVOICES.creditAmountInvalid],
        reason: [ADMIN_INVOICES.reasonInvalid],
      });
      // A plain form with a bad field: back to the form (here the list, for no invoice) with the field to fix.
      const form = await post(target, 'amount=&reason=ok', 'application/x-www-form-urlencoded');
      expect(form.response.status, target).toBe(303);
      expect((await formOutcomeOf(form.response))?.fields).toMatchObject({
        amount: [ADMIN_INVOICES.creditAmountInvalid],
      });
    }
    // A valid body for no invoice is still the 404.
    for (const target of ['nope', 'zzzzzzzzzzzzzzzzzzzzzzzzzz']) {
      const valid = await post(target, JSON.stringify({ amount: '5', reason: 'Scope' }), 'application/json');
      expect(valid.response.status, target).toBe(404);
      expect(await valid.response.json()).toEqual({ error: ADMIN_INVOICES.notFound });
    }
  });
});

describe('a partial credit of a card payment refunds that amount at Stripe', () => {
  const fake = stripeFakeForSuite();

  it('calls Stripe with the amount, credits it with the refund id, once per click; the order refund returns the rest', async () => {
    const admin = await person('admin');
    const { orderId, sessionId } = await placeOrder(fake, { monthly: false });
    fake.completeSession(sessionId);
    expect((await returnFromStripe(sessionId)).status).toBe(303);
    const [receipt] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(receipt).toMatchObject({ kind: 'invoice', status: 'paid', paidMethod: 'card' });

    // A double click: two posts at once make one Stripe refund and one credit note.
    const [res, twice] = await Promise.all([
      credit(receipt!.id, { amount: '500', reason: 'Logo work not needed' }, admin),
      credit(receipt!.id, { amount: '500', reason: 'Logo work not needed' }, admin),
    ]);
    expect([res.status, twice.status]).toEqual([200, 200]);
    expect(fake.refunds.size).toBe(1);
    const { refundId } = (await res.json()) as { refundId: string };
    const refund = fake.refunds.get(refundId);
    expect(refund).toMatchObject({ amount: 50_000, metadata: { invoice_id: receipt!.id } });
    const asked = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
    expect(asked.at(-1)?.params).toMatchObject({ amount: '50000' });
    const notes = await creditNotesFor(receipt!.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ totalCents: 50_000, paidMethod: 'card', providerReference: refundId });

    const refundOrder = await postAs(
      postOrderRefund,
      `/api/admin/orders/${orderId}/refund`,
      { id: orderId },
      { version: await versionOf(orderId) },
      admin,
    );
    expect(refundOrder.status).toBe(200);
    const rest = receipt!.paidCents! - 50_000;
    expect((await creditNotesFor(receipt!.id)).map((n) => n.totalCents)).toEqual([50_000, rest]);
    expect([...fake.refunds.values()].map((r) => r.amount).sort((a, b) => a - b)).toContain(rest);
    expect(await findProblems(database.client)).toEqual([]);
  });

  it('an order whose card payment was credited in full by partial credits can still be refunded (ended)', async () => {
    const admin = await person('admin');
    const { orderId, sessionId } = await placeOrder(fake, { monthly: false });
    fake.completeSession(sessionId);
    await returnFromStripe(sessionId);
    const [receipt] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
    const all = (receipt!.paidCents! / 100).toFixed(2);
    expect((await credit(receipt!.id, { amount: all, reason: 'Project dropped' }, admin)).status).toBe(200);
    const refundOrder = await postAs(
      postOrderRefund,
      `/api/admin/orders/${orderId}/refund`,
      { id: orderId },
      { version: await versionOf(orderId) },
      admin,
    );
    expect(refundOrder.status).toBe(200);
    expect((await findOrder(db, orderId))?.status).toBe('refunded');
    expect(await creditNotesFor(receipt!.id)).toHaveLength(1);
    expect(await findProblems(database.client)).toEqual([]);
  });
});
