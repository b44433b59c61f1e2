/**
 * The owner's invoices through the routes an admin and a customer use: a new invoice for any
 * customer, a corrected invoice replacing a void one, a quote for extra revision rounds accepted
 * in the portal, and Mark paid on an order whose only invoice was voided. Every test ends with
 * `npm run db:check`'s invariants holding.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, invoiceLines, invoices, orderReviews, orders, outbox, revisionQuotes } from '#server/db/schema.ts';
import { fillMail } from '#server/email/fills.ts';
import { unseal } from '#server/email/sealed.ts';
import { INVOICE_NUMBER_FILL, invoiceNumberFill } from '#features/invoices/attachment.server.ts';
import { formOutcomeOf } from '#server/http/testing/call-route.ts';
import { database, db, invoiceOrder, person, postAs, versionOf } from '#features/admin/handlers/admin-test-kit.ts';
import { postInvoiceMarkPaid, postInvoiceVoid } from '#features/invoices/admin/handlers/invoice-actions.ts';
import { postOwnerInvoice } from '#features/invoices/admin/handlers/owner-invoice.ts';
import { agencyDay } from '#features/invoices/admin/agency-days.ts';
import { lineField } from '#features/invoices/admin/owner-invoice-form.ts';
import { buildInvoiceStatements } from '#features/invoices/build-invoice.ts';
import { OWNER_INVOICES } from '#features/invoices/copy.ts';
import {
  postAcceptQuote,
  postDeclineQuote,
  postRevisionQuote,
} from '#features/invoices/quotes/handlers/quote-routes.ts';
import { postOrderCancel } from '#features/orders/admin/handlers/order-actions.ts';
import { postMarkPaid } from '#features/orders/admin/handlers/order-status.ts';
import { readOrderIn } from '#features/orders/orders.server.ts';
import { findProblems } from './invariants.server.ts';
import { payInFull } from './testing/pay.ts';

type Person = Awaited<ReturnType<typeof person>>;
const DAY = 24 * 60 * 60 * 1000;
const inTenDays = () => agencyDay(Date.now() + 10 * DAY);

async function orderWithInvoice() {
  const orderId = await invoiceOrder(false);
  const invoiceId = await database.writes.transaction(async (tx) => {
    const issued = buildInvoiceStatements((await readOrderIn(tx, orderId))!, Date.now());
    await tx.batch(issued.statements);
    return issued.id;
  });
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return { orderId, invoiceId, customerId: order!.userId! };
}

const invoiceRow = async (id: string) => (await db.select().from(invoices).where(eq(invoices.id, id)))[0]!;
const linesOf = (id: string) => db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, id));
/** The queued mails whose subject, filled as the outbox fills it at sending, is `subject`. */
async function mailsWith(subject: string) {
  const found = [];
  for (const mail of await db.select().from(outbox)) {
    const filled = await fillMail(db, { subject: mail.subject, text: '', html: '' }, mail.attachments, {
      [INVOICE_NUMBER_FILL]: invoiceNumberFill,
    });
    if (filled.subject === subject) found.push(mail);
  }
  return found;
}
const auditsOf = (entityId: string, action: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action as 'invoice.issue')));
const noProblems = async () => expect(await findProblems(database.client)).toEqual([]);

const newInvoice = (admin: Person, body: Record<string, string>, form = false) =>
  postAs(postOwnerInvoice, '/api/admin/invoices', {}, { due: inTenDays(), ...body }, admin, form);
const voidIt = (admin: Person, id: string) =>
  postAs(postInvoiceVoid, `/api/admin/invoices/${id}/void`, { id }, { reason: 'Wrong lines' }, admin);

describe('a new invoice written by the owner', () => {
  it('is issued for the chosen customer with purpose manual, numbered, e-mailed and audited', async () => {
    const admin = await person('admin');
    const customer = await person('customer');
    const response = await newInvoice(admin, {
      customer: customer.id,
      // The form's 'No order'.
      order: '',
      [lineField(0, 'Description')]: 'Logo refresh',
      [lineField(0, 'Quantity')]: '2',
      [lineField(0, 'Price')]: '149.99',
      [lineField(1, 'Description')]: 'Hosting set-up',
      [lineField(1, 'Quantity')]: '1',
      [lineField(1, 'Price')]: '$1,000',
      note: 'Thank you for the extra work',
    });
    expect(response.status).toBe(201);
    const { id, number } = (await response.json()) as { id: string; number: string };
    const invoice = await invoiceRow(id);
    expect(invoice).toMatchObject({
      purpose: 'manual',
      kind: 'invoice',
      status: 'open',
      userId: customer.id,
      orderId: null,
      totalCents: 2 * 14_999 + 100_000,
      note: 'Thank you for the extra work',
      customerEmail: customer.email,
    });
    expect(number).toMatch(/^INV-\d{4}-\d{4,}$/);
    expect(invoice.number).toBe(number);
    // Due at the end of the chosen day in Orlando.
    expect(agencyDay(invoice.dueAt)).toBe(inTenDays());
    expect((await linesOf(id)).map((l) => [l.description, l.quantity, l.unitCents])).toEqual([
      ['Logo refresh', 2, 14_999],
      ['Hosting set-up', 1, 100_000],
    ]);
    const [mail] = await mailsWith(`Invoice ${number} from Palmetto Web Studio`);
    expect(mail?.to).toBe(customer.email);
    expect(await auditsOf(id, 'invoice.issue')).toHaveLength(1);
    await noProblems();
  });

  it('a refused plain form post comes back with every line typed and the field to fix', async () => {
    const admin = await person('admin');
    const customer = await person('customer');
    const typed = {
      customer: customer.id,
      [lineField(0, 'Description')]: 'Design',
      [lineField(0, 'Quantity')]: '1',
      [lineField(0, 'Price')]: '500',
      [lineField(1, 'Description')]: 'Copywriting',
      [lineField(1, 'Quantity')]: '3',
      [lineField(1, 'Price')]: 'twelve dollars',
    };
    const response = await newInvoice(admin, typed, true);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/admin/invoices/new?customer=${customer.id}`);
    const outcome = await formOutcomeOf(response);
    expect(outcome?.fields).toEqual({ [lineField(1, 'Price')]: [OWNER_INVOICES.priceInvalid] });
    expect(outcome?.values).toMatchObject(typed);
    expect(await db.select().from(invoices).where(eq(invoices.userId, customer.id))).toEqual([]);
  });

  it('refuses no lines, too many dollars, a past due date, a stranger’s order and an unknown customer', async () => {
    const admin = await person('admin');
    const customer = await person('customer');
    const line = { [lineField(0, 'Description')]: 'Work', [lineField(0, 'Quantity')]: '1' };
    const fieldsOf = async (body: Record<string, string>) =>
      ((await (await newInvoice(admin, body)).json()) as { fields?: Record<string, string[]> }).fields;
    expect(await fieldsOf({ customer: customer.id })).toEqual({
      [lineField(0, 'Description')]: [OWNER_INVOICES.linesMissing],
    });
    expect(await fieldsOf({ customer: customer.id, ...line, [lineField(0, 'Price')]: '100000.01' })).toEqual({
      [lineField(0, 'Price')]: [OWNER_INVOICES.priceInvalid],
    });
    // Twenty lines at the most each: over $1,000,000 in all is refused at the last line's price.
    expect(
      await fieldsOf({
        customer: customer.id,
        ...line,
        [lineField(0, 'Quantity')]: '1000',
        [lineField(0, 'Price')]: '1000.01',
      }),
    ).toEqual({ [lineField(0, 'Price')]: [OWNER_INVOICES.totalTooLarge] });
    expect(
      await fieldsOf({
        customer: customer.id,
        ...line,
        [lineField(0, 'Price')]: '5',
        due: agencyDay(Date.now() - 2 * DAY),
      }),
    ).toEqual({ due: [OWNER_INVOICES.duePast] });
    const other = await orderWithInvoice();
    const stranger = await newInvoice(admin, {
      customer: customer.id,
      order: other.orderId,
      ...line,
      [lineField(0, 'Price')]: '5',
    });
    expect(stranger.status).toBe(404);
    const unknown = await newInvoice(admin, {
      customer: 'zzzzzzzzzzzzzzzzzzzzzzzzzz',
      ...line,
      [lineField(0, 'Price')]: '5',
    });
    expect(unknown.status).toBe(404);
    const customerCall = await newInvoice(customer, { customer: customer.id, ...line, [lineField(0, 'Price')]: '5' });
    expect(customerCall.status).toBe(403);
  });
});

describe('a corrected invoice', () => {
  const lines = {
    [lineField(0, 'Description')]: 'Website build (corrected)',
    [lineField(0, 'Quantity')]: '1',
    [lineField(0, 'Price')]: '3000',
  };

  it('replaces a void build invoice, keeps its customer, purpose and order, and paying it pays the order', async () => {
    const admin = await person('admin');
    const { orderId, invoiceId, customerId } = await orderWithInvoice();
    // Only a void invoice is corrected.
    const early = await newInvoice(admin, { customer: customerId, replaces: invoiceId, ...lines });
    expect(early.status).toBe(409);
    expect((await voidIt(admin, invoiceId)).status).toBe(200);
    const response = await newInvoice(admin, { customer: customerId, replaces: invoiceId, ...lines });
    expect(response.status).toBe(201);
    const { id, number } = (await response.json()) as { id: string; number: string };
    const corrected = await invoiceRow(id);
    expect(corrected).toMatchObject({ replaces: invoiceId, purpose: 'build', orderId, userId: customerId });
    expect(corrected.totalCents).toBe(300_000);
    expect(await mailsWith(`Invoice ${number} from Palmetto Web Studio`)).toHaveLength(1);
    expect(await auditsOf(id, 'invoice.correct')).toHaveLength(1);
    // One live correction each.
    const again = await newInvoice(admin, { customer: customerId, replaces: invoiceId, ...lines });
    expect(again.status).toBe(409);
    await noProblems();
    const paid = await postAs(
      postInvoiceMarkPaid,
      `/api/admin/invoices/${id}/mark-paid`,
      { id },
      { amount: '3000', date: agencyDay(Date.now()), method: 'check' },
      admin,
    );
    expect(paid.status).toBe(200);
    expect((await db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status).toBe('paid');
    await noProblems();
  });

  it('is refused for an order that was canceled', async () => {
    const admin = await person('admin');
    const { orderId, invoiceId, customerId } = await orderWithInvoice();
    // The cancel voids the invoice (the lifecycle's endOrder), through the route the admin uses.
    await postAs(
      postOrderCancel,
      `/api/admin/orders/${orderId}/cancel`,
      { id: orderId },
      { version: await versionOf(orderId) },
      admin,
    );
    expect((await invoiceRow(invoiceId)).status).toBe('void');
    const response = await newInvoice(admin, { customer: customerId, replaces: invoiceId, ...lines });
    expect(response.status).toBe(409);
    expect(await db.select().from(invoices).where(eq(invoices.replaces, invoiceId))).toEqual([]);
    await noProblems();
  });
});

describe('Mark paid on an order whose only invoice was voided', () => {
  it('is refused: nothing is paid and no invoice is issued behind the void', async () => {
    const admin = await person('admin');
    const { orderId, invoiceId } = await orderWithInvoice();
    await voidIt(admin, invoiceId);
    const response = await postAs(
      postMarkPaid,
      `/api/admin/orders/${orderId}/mark-paid`,
      { id: orderId },
      { version: await versionOf(orderId) },
      admin,
    );
    expect(response.status).toBe(409);
    expect((await db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status).toBe('pending_payment');
    const live = (await db.select().from(invoices).where(eq(invoices.orderId, orderId))).filter(
      (i) => i.status !== 'void',
    );
    expect(live).toEqual([]);
    await noProblems();
  });
});

describe('a quote for extra revision rounds', () => {
  /** A paid order whose customer used the one included round. */
  async function orderAtExtraRounds() {
    const admin = await person('admin');
    const { orderId, customerId } = await orderWithInvoice();
    await payInFull(database, orderId);
    await db.insert(orderReviews).values({
      id: crypto.randomUUID(),
      orderId,
      round: 1,
      previewUrl: 'https://preview.example/',
      postedAt: new Date(),
      postedBy: admin.id,
      outcome: 'changes_requested',
      changes: 'Bigger logo',
      respondedAt: new Date(),
      respondedBy: customerId,
    });
    const [row] = await db
      .select({ email: orders.email, name: orders.name })
      .from(orders)
      .where(eq(orders.id, orderId));
    const customer: Person = { id: customerId, email: row!.email, name: row!.name, role: 'customer' };
    return { admin, orderId, customer };
  }
  const writeQuote = (admin: Person, orderId: string, body: Record<string, string> = {}) =>
    postAs(
      postRevisionQuote,
      `/api/admin/orders/${orderId}/quotes`,
      { id: orderId },
      { rounds: '2', price: '250', ...body },
      admin,
    );
  const answer = (handler: typeof postAcceptQuote, orderId: string, quoteId: string, who: Person, form = false) =>
    postAs(handler, `/api/account/orders/${orderId}/quotes/${quoteId}/x`, { id: orderId, quoteId }, {}, who, form);

  it('is written only once the included rounds are used, one open at a time', async () => {
    const admin = await person('admin');
    const { orderId } = await orderWithInvoice();
    await payInFull(database, orderId);
    expect((await writeQuote(admin, orderId)).status).toBe(409);
    const ready = await orderAtExtraRounds();
    expect((await writeQuote(ready.admin, ready.orderId)).status).toBe(201);
    expect((await writeQuote(ready.admin, ready.orderId)).status).toBe(409);
    expect((await writeQuote(ready.admin, ready.orderId, { rounds: '21' })).status).toBe(400);
  });

  it('accepted by the order’s customer becomes one revisions invoice, e-mailed and audited, however often accepted', async () => {
    const { admin, orderId, customer } = await orderAtExtraRounds();
    const written = await writeQuote(admin, orderId, { note: 'Two more rounds' });
    const { id: quoteId } = (await written.json()) as { id: string };
    const first = await answer(postAcceptQuote, orderId, quoteId, customer);
    expect(first.status).toBe(201);
    const second = await answer(postAcceptQuote, orderId, quoteId, customer);
    expect(second.status).toBe(200);
    const made = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.purpose, 'revisions')));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ status: 'open', totalCents: 50_000, userId: customer.id });
    const [quote] = await db.select().from(revisionQuotes).where(eq(revisionQuotes.id, quoteId));
    expect(quote).toMatchObject({ status: 'accepted', invoiceId: made[0]!.id });
    const [mail] = await mailsWith(`Invoice ${made[0]!.number} from Palmetto Web Studio`);
    expect(mail?.to).toBe(customer.email);
    expect(unseal(mail!.text)).toContain('$500.00');
    expect(await auditsOf(orderId, 'quote.accept')).toHaveLength(1);
    await noProblems();
  });

  it('another customer’s quote is not found: their form lands on the order page, the 404 for them', async () => {
    const { admin, orderId } = await orderAtExtraRounds();
    const { id: quoteId } = (await (await writeQuote(admin, orderId)).json()) as { id: string };
    const stranger = await person('customer');
    expect((await answer(postAcceptQuote, orderId, quoteId, stranger)).status).toBe(404);
    expect((await answer(postDeclineQuote, orderId, quoteId, stranger)).status).toBe(404);
    const form = await answer(postAcceptQuote, orderId, quoteId, stranger, true);
    expect(form.headers.get('location')).toBe(`/account/orders/${orderId}`);
    expect(await db.select().from(invoices).where(eq(invoices.purpose, 'revisions'))).not.toContainEqual(
      expect.objectContaining({ orderId }),
    );
  });

  it('declined, it issues nothing and cannot be accepted after', async () => {
    const { admin, orderId, customer } = await orderAtExtraRounds();
    const { id: quoteId } = (await (await writeQuote(admin, orderId)).json()) as { id: string };
    expect((await answer(postDeclineQuote, orderId, quoteId, customer)).status).toBe(200);
    expect((await answer(postAcceptQuote, orderId, quoteId, customer)).status).toBe(409);
    expect(
      await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, orderId), eq(invoices.purpose, 'revisions'))),
    ).toEqual([]);
  });
});
