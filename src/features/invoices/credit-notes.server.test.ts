import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { site } from '#data/site.ts';
import { auditLog, invoices, outbox } from '#server/db/schema.ts';
import type { SessionUser } from '#features/accounts/session.server.ts';
import { database, db, invoiceOrder, person, postAs, versionOf } from '#features/admin/handlers/admin-test-kit.ts';
import { exportCsv } from '#features/admin/csv/export.server.ts';
import { readFilters } from '#features/admin/lists/filters.ts';
import { postMarkPaid } from '#features/orders/admin/handlers/order-status.ts';
import { findOrder } from '#features/orders/orders.server.ts';
import { postOrderRefund } from '#features/orders/admin/handlers/order-actions.ts';
import { placeOrder, returnFromStripe, stripeFakeForSuite } from '#features/payments/testing/stripe-test-kit.ts';
import { agencyDay } from './admin/agency-days.ts';
import { listInvoices } from './admin/invoices-admin.server.ts';
import { creditInvoiceIn } from './credit-notes.server.ts';
import { customerInvoices } from './customer-invoices.server.ts';
import { findInvoice, issueStatements } from './invoices.server.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { numberingYear } from './numbering.ts';

/** The refund route: the lifecycle records the refund as a credit note. */
const postRefund = postOrderRefund;

const refund = async (orderId: string, admin: SessionUser) =>
  postAs(
    postRefund,
    `/api/admin/orders/${orderId}/refund`,
    { id: orderId },
    { version: await versionOf(orderId) },
    admin,
  );
const markPaid = async (orderId: string, admin: SessionUser) =>
  postAs(
    postMarkPaid,
    `/api/admin/orders/${orderId}/mark-paid`,
    { id: orderId },
    { version: await versionOf(orderId) },
    admin,
  );

/** An invoiced order with its build invoice issued, as checkout leaves it (no plan). */
async function invoicedOrder() {
  const orderId = await invoiceOrder(false);
  const order = await findOrder(db, orderId);
  const issued = issueStatements({
    purpose: 'build',
    userId: order!.userId,
    orderId,
    customer: { name: order!.name, business: order!.businessName, email: order!.email },
    lines: [
      { description: 'Custom website build', quantity: 1, unitCents: order!.totalCents - 30_000 },
      { description: 'Extra page', quantity: 2, unitCents: 15_000 },
    ],
    dueDays: 14,
  });
  await database.writes.run(issued.statements);
  return orderId;
}

const documentsOf = (orderId: string) => db.select().from(invoices).where(eq(invoices.orderId, orderId));
const creditNotesOf = async (orderId: string) =>
  (await documentsOf(orderId)).filter((document) => document.kind === 'credit_note');

describe('a refund is recorded as a credit note against the invoice (invoice mode)', () => {
  it('issues CN-{year}-… for the paid build invoice in the refund’s commit, mailed with its PDF and audited', async () => {
    const admin = await person('admin');
    const orderId = await invoicedOrder();
    expect((await markPaid(orderId, admin)).status).toBe(200);
    const [invoice] = await documentsOf(orderId);
    expect(invoice).toMatchObject({ kind: 'invoice', status: 'paid' });

    expect((await refund(orderId, admin)).status).toBe(200);
    const [note] = await creditNotesOf(orderId);
    expect(note).toMatchObject({
      kind: 'credit_note',
      purpose: 'credit',
      creditFor: invoice!.id,
      userId: invoice!.userId,
      status: 'paid',
      totalCents: invoice!.totalCents,
      paidCents: invoice!.totalCents,
      paidMethod: null,
      customerName: invoice!.customerName,
      customerBusiness: invoice!.customerBusiness,
      customerEmail: invoice!.customerEmail,
    });
    expect(note!.number).toMatch(new RegExp(`^CN-${numberingYear(Date.now())}-\\d{4,}$`));
    const full = await findInvoice(db, note!.id);
    expect(full?.creditsNumber).toBe(invoice!.number);
    expect(full?.lines.map((l) => l.description)).toEqual(
      (await findInvoice(db, invoice!.id))?.lines.map((l) => `Refund of ${invoice!.number}: ${l.description}`),
    );

    const [mail] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'credit-note'), eq(outbox.to, invoice!.customerEmail)));
    expect(mail?.subject).toBe(`Credit note ${note!.number} from ${site.brand}`);
    expect(mail?.attachments).toEqual([{ kind: 'invoice-pdf', ref: note!.id }]);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.entityId, note!.id));
    expect(entry).toMatchObject({ action: 'invoice.credit-note', actorId: admin.id });
    expect(entry?.after).toMatchObject({ number: note!.number, credits: invoice!.number, refundId: null });

    // The customer sees it beside the invoice.
    const mine = await customerInvoices(db, invoice!.userId);
    expect(mine.map((i) => i.number).sort()).toEqual([invoice!.number, note!.number].sort());
  });

  it('credits an invoice once: a repeated refund is refused and issues nothing more', async () => {
    const admin = await person('admin');
    const orderId = await invoicedOrder();
    await markPaid(orderId, admin);
    expect((await refund(orderId, admin)).status).toBe(200);
    expect((await refund(orderId, admin)).status).toBe(409);
    // The credit itself, run again inside a commit (a retry), issues nothing.
    const [paid] = (await documentsOf(orderId)).filter((d) => d.kind === 'invoice');
    const again = await database.writes.transaction((tx) =>
      creditInvoiceIn(tx, paid!, { cents: 100, refundId: null, actorId: admin.id, ip: null }),
    );
    expect(again).toBeNull();
    expect(await creditNotesOf(orderId)).toHaveLength(1);
  });

  it('the database refuses a second credit note for the same provider refund', async () => {
    const admin = await person('admin');
    const orderId = await invoicedOrder();
    await markPaid(orderId, admin);
    await refund(orderId, admin);
    const [invoice] = (await documentsOf(orderId)).filter((d) => d.kind === 'invoice');
    const duplicate = issueStatements({
      kind: 'credit_note',
      purpose: 'credit',
      userId: invoice!.userId,
      orderId,
      creditFor: invoice!.id,
      customer: { name: 'x', business: 'x', email: 'x@example.com' },
      lines: [{ description: 'again', quantity: 1, unitCents: 100 }],
      dueDays: 0,
      paid: { cents: 100, method: 'card' },
      providerReference: 're_test_same',
    });
    await database.writes.run(duplicate.statements);
    const again = issueStatements({
      kind: 'credit_note',
      purpose: 'credit',
      userId: invoice!.userId,
      orderId,
      creditFor: invoice!.id,
      customer: { name: 'x', business: 'x', email: 'x@example.com' },
      lines: [{ description: 'again', quantity: 1, unitCents: 100 }],
      dueDays: 0,
      paid: { cents: 100, method: 'card' },
      providerReference: 're_test_same',
    });
    await expect(database.writes.run(again.statements)).rejects.toThrow(/UNIQUE/);
    expect(await creditNotesOf(orderId)).toHaveLength(2);
  });

  it('an unpaid order cannot be refunded (cancel voids its invoice instead): no credit note', async () => {
    const admin = await person('admin');
    const orderId = await invoiceOrder(false);
    expect((await refund(orderId, admin)).status).toBe(409);
    expect(await creditNotesOf(orderId)).toEqual([]);
  });

  it('numbers credit notes in their own CN series, apart from INV', async () => {
    const year = 2041;
    const at = Date.UTC(year, 5, 1, 15);
    const customer = await person('customer');
    const draft = {
      purpose: 'build' as const,
      userId: customer.id,
      customer: { name: 'Rosa', business: 'Diaz Bakery', email: customer.email },
      lines: [{ description: 'Build', quantity: 1, unitCents: 1_000 }],
      dueDays: 14,
    };
    const first = issueStatements(draft, at);
    const second = issueStatements(draft, at);
    await database.writes.run([...first.statements, ...second.statements]);
    const note = issueStatements(
      { ...draft, kind: 'credit_note', purpose: 'credit', creditFor: first.id, paid: { cents: 1_000, method: 'card' } },
      at,
    );
    await database.writes.run(note.statements);
    const third = issueStatements(draft, at);
    await database.writes.run(third.statements);
    const numbers = await Promise.all(
      [first, second, note, third].map(async (d) => (await findInvoice(db, d.id))?.number),
    );
    expect(numbers).toEqual([`INV-${year}-0001`, `INV-${year}-0002`, `CN-${year}-0001`, `INV-${year}-0003`]);
  });
});

describe('a Stripe refund credits the card receipt', () => {
  const fake = stripeFakeForSuite();

  it('issues the credit note for the refunded amount, by card, with the Stripe refund id', async () => {
    const admin = await person('admin');
    const { orderId, sessionId } = await placeOrder(fake, { monthly: false });
    fake.completeSession(sessionId);
    expect((await returnFromStripe(sessionId)).status).toBe(303);
    const [receipt] = await documentsOf(orderId);
    expect(receipt).toMatchObject({ kind: 'invoice', status: 'paid', paidMethod: 'card' });
    const res = await refund(orderId, admin);
    expect(res.status).toBe(200);
    const { refundId } = (await res.json()) as { refundId: string };
    const [note] = await creditNotesOf(orderId);
    expect(note).toMatchObject({
      creditFor: receipt!.id,
      totalCents: fake.refunds.get(refundId)?.amount,
      paidMethod: 'card',
      providerReference: refundId,
      status: 'paid',
    });
  });
});

describe('the admin list and the accountant’s CSV', () => {
  it('lists credit notes on their own (?kind=credit_note) and exports them with their kind for a date range', async () => {
    const admin = await person('admin');
    const orderId = await invoicedOrder();
    await markPaid(orderId, admin);
    await refund(orderId, admin);
    const [note] = await creditNotesOf(orderId);
    const today = agencyDay(Date.now());
    const filters = readFilters('invoices', new URLSearchParams({ kind: 'credit_note', from: today, to: today }));
    const page = await listInvoices(db, filters, { after: null, limit: 500 });
    expect(page.rows.map((r) => r.id)).toContain(note!.id);
    expect(page.rows.every((r) => r.kind === 'credit_note')).toBe(true);
    const invoicesOnly = await listInvoices(db, readFilters('invoices', new URLSearchParams('kind=invoice')), {
      after: null,
      limit: 500,
    });
    expect(invoicesOnly.rows.map((r) => r.id)).not.toContain(note!.id);

    const csv = await new Response(exportCsv(db, 'invoices', filters)).text();
    const row = csv.split('\r\n').find((line) => line.startsWith(`${note!.number},`));
    // No due date; the total negative, as a number (subtracted from revenue), nothing due.
    expect(row).toMatch(new RegExp(`^${note!.number},credit_note,${today},,The customer,Admin Bakery,`));
    const dollars = (note!.totalCents / 100).toFixed(2);
    expect(row).toContain(`,-${dollars},0.00,paid,${today},`);
    // The invoice it credits stays positive: the two rows net to what was kept.
    const [credited] = await db.select().from(invoices).where(eq(invoices.id, note!.creditFor!));
    const all = await new Response(exportCsv(db, 'invoices', readFilters('invoices', new URLSearchParams()))).text();
    const invoiceRow = all.split('\r\n').find((line) => line.startsWith(`${credited!.number},`));
    expect(invoiceRow).toContain(`,${(credited!.totalCents / 100).toFixed(2)},0.00,paid,`);
  });
});

describe('the credit note as a PDF', () => {
  it('is titled Credit note and says which invoice it credits', async () => {
    const admin = await person('admin');
    const orderId = await invoicedOrder();
    await markPaid(orderId, admin);
    await refund(orderId, admin);
    const [note] = await creditNotesOf(orderId);
    const full = await findInvoice(db, note!.id);
    const bytes = invoicePdf(full!, { bankDetails: 'Bank X', payOnlineUrl: null });
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    expect(text).toContain('Credit note');
    expect(text).toContain(note!.number);
    expect(text).toContain(`Credits ${full!.creditsNumber}`);
    expect(text).toContain('Refunded on');
    // A settled credit note asks for nothing.
    expect(text).not.toContain('How to pay');
  });
});
