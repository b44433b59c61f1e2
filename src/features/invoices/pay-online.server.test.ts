import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { auditLog, invoices, orders, outbox } from '#server/db/schema.ts';
import { serverEnv } from '#server/env.ts';
import { callRoute, formOutcomeOf } from '#server/http/testing/call-route.ts';
import type { SessionUser } from '#features/accounts/session.server.ts';
import { database, db, invoiceOrder, person } from '#features/admin/handlers/admin-test-kit.ts';
import { findOrder } from '#features/orders/orders.server.ts';
import { openInvoiceCheckout } from '#features/payments/invoice-checkout.ts';
import { configuredProvider } from '#features/payments/provider.ts';
import type { StripeFake } from '#features/payments/testing/stripe-fake.ts';
import { deliver, returnFromStripe, stripeFakeForSuite } from '#features/payments/testing/stripe-test-kit.ts';
import { renderInvoiceAttachment } from './attachment.server.ts';
import { paymentInstructions } from './customer-invoices.server.ts';
import { invoicePayOnlineRoute } from './handlers/pay-online.ts';
import { issueStatements } from './invoices.server.ts';

/** The route as src/pages composes it. */
const postPay = invoicePayOnlineRoute({
  available: () => configuredProvider() === 'stripe',
  open: openInvoiceCheckout,
});

let ip = 0;
async function pay(user: SessionUser | null, id: string, { form = false } = {}) {
  const request = new Request(`http://localhost:4321/api/account/invoices/${id}/pay`, {
    method: 'POST',
    headers: form ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
    body: form ? '' : null,
  });
  const call = await callRoute(postPay, request, { user, params: { id }, ip: `198.51.100.${(++ip % 250) + 1}` });
  return call.response;
}

/** An open build invoice of a new invoiced order (pending payment), and its customer. */
async function openBuildInvoice(cents = 380_000) {
  const orderId = await invoiceOrder(false);
  const order = (await findOrder(db, orderId))!;
  const issued = issueStatements({
    purpose: 'build',
    userId: order.userId,
    orderId,
    customer: { name: order.name, business: order.businessName, email: order.email },
    lines: [{ description: 'Custom website build', quantity: 1, unitCents: cents }],
    dueDays: 14,
  });
  await database.writes.run(issued.statements);
  const owner: SessionUser = { id: order.userId, name: order.name, email: order.email, role: 'customer' };
  return { id: issued.id, orderId, owner };
}

const invoiceRow = async (id: string) => (await db.select().from(invoices).where(eq(invoices.id, id)))[0]!;
const sessionIdOf = (fake: StripeFake, redirect: string) => redirect.slice(`${fake.url}/pay/`.length);

describe('without Stripe (invoice mode)', () => {
  it('offers no Pay online link, and the route answers 503 with a message', async () => {
    const { id, owner } = await openBuildInvoice();
    const invoice = await invoiceRow(id);
    expect(paymentInstructions(invoice, configuredProvider() === 'stripe').payOnlineUrl).toBeNull();
    const res = await pay(owner, id);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: expect.stringContaining('not available') });
  });
});

describe('Pay online with Stripe configured', () => {
  const fake = stripeFakeForSuite();

  it('an open invoice links its page to pay online, in the instructions and the PDF; a paid one does not', async () => {
    const { id } = await openBuildInvoice();
    const invoice = await invoiceRow(id);
    const url = `${serverEnv().SITE_URL}/account/invoices/${id}`;
    expect(paymentInstructions(invoice, configuredProvider() === 'stripe').payOnlineUrl).toBe(url);
    const pdf = await renderInvoiceAttachment(db, id, true);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf!.content)), { mergePages: true });
    expect(text).toContain(`Pay online: ${url}`);
    expect(paymentInstructions({ ...invoice, status: 'paid' }, true).payOnlineUrl).toBeNull();
    expect(paymentInstructions({ ...invoice, kind: 'credit_note' }, true).payOnlineUrl).toBeNull();
  });

  it('opens one Checkout Session per invoice for its total, naming the invoice; a form goes there (303)', async () => {
    const { id, owner } = await openBuildInvoice(123_456);
    const res = await pay(owner, id, { form: true });
    expect(res.status).toBe(303);
    const redirect = res.headers.get('location') ?? '';
    expect(redirect.startsWith(`${fake.url}/pay/cs_test_`)).toBe(true);
    const session = fake.sessions.get(sessionIdOf(fake, redirect))!;
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 123_456,
      currency: 'usd',
      metadata: { invoice_id: id },
      client_reference_id: null,
      customer_email: owner.email,
      cancel_url: `${serverEnv().SITE_URL}/account/invoices/${id}`,
    });
    expect(fake.lineItems.get(session.id)).toEqual([
      expect.objectContaining({ quantity: 1, unitAmount: 123_456, name: expect.stringContaining('INV-') }),
    ]);
    const creates = () => fake.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST');
    expect(creates().at(-1)?.idempotencyKey).toBe(`invoice-${id}-checkout`);
    // Pressed again (fetch this time): the same page.
    const again = await pay(owner, id);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ id, redirect });
    const forThis = creates().filter((r) => r.idempotencyKey?.startsWith(`invoice-${id}-`));
    expect(forThis.map((r) => r.idempotencyKey)).toEqual([`invoice-${id}-checkout`, `invoice-${id}-checkout`]);
    expect([...fake.sessions.values()].filter((s) => s.metadata.invoice_id === id)).toHaveLength(1);
  });

  it('refuses a visitor (401), another customer (404) and an invoice no longer open (409)', async () => {
    const { id, owner } = await openBuildInvoice();
    const stranger = await person('customer');
    expect((await pay(stranger, id)).status).toBe(404);
    expect((await pay(null, id)).status).toBe(401);
    await db
      .update(invoices)
      .set({ status: 'paid', paidAt: new Date(), paidCents: 1, paidMethod: 'check' })
      .where(eq(invoices.id, id));
    const paid = await pay(owner, id, { form: true });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`/account/invoices/${id}`);
    expect((await formOutcomeOf(paid))?.notice).toBe('not-open');
    expect([...fake.sessions.values()].some((s) => s.metadata.invoice_id === id)).toBe(false);
  });

  it('a paid session marks the invoice paid by card (as Mark paid does: the order moves too), once', async () => {
    const { id, orderId, owner } = await openBuildInvoice();
    const { redirect } = (await (await pay(owner, id)).json()) as { redirect: string };
    const session = fake.completeSession(sessionIdOf(fake, redirect));
    const event = fake.event('checkout.session.completed', session);
    expect((await deliver(fake, event)).status).toBe(200);
    const invoice = await invoiceRow(id);
    expect(invoice).toMatchObject({
      status: 'paid',
      paidMethod: 'card',
      paidCents: invoice.totalCents,
      providerReference: session.id,
    });
    expect((await db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status).toBe('paid');
    const entries = await db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(entries).toEqual([expect.objectContaining({ action: 'invoice.mark-paid', actorId: null })]);

    // The customer's return after the webhook, and a redelivery: nothing more.
    const back = await returnFromStripe(session.id);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`/account/invoices/${id}`);
    expect((await deliver(fake, event)).status).toBe(200);
    expect(await db.select().from(auditLog).where(eq(auditLog.entityId, id))).toHaveLength(1);
    // The page no longer offers to pay.
    expect((await pay(owner, id)).status).toBe(409);
  });

  it('the success redirect alone records it (the webhook finds it done)', async () => {
    const { id, owner } = await openBuildInvoice();
    const { redirect } = (await (await pay(owner, id)).json()) as { redirect: string };
    const session = fake.completeSession(sessionIdOf(fake, redirect));
    expect((await returnFromStripe(session.id)).headers.get('location')).toBe(`/account/invoices/${id}`);
    expect(await invoiceRow(id)).toMatchObject({ status: 'paid', providerReference: session.id });
    expect((await deliver(fake, fake.event('checkout.session.completed', session))).status).toBe(200);
    expect(await db.select().from(auditLog).where(eq(auditLog.entityId, id))).toHaveLength(1);
  });

  it('a session for another amount, or for an invoice voided meanwhile, does not mark it paid', async () => {
    const { id, owner } = await openBuildInvoice();
    const { redirect } = (await (await pay(owner, id)).json()) as { redirect: string };
    const session = fake.completeSession(sessionIdOf(fake, redirect));
    await deliver(fake, fake.event('checkout.session.completed', { ...session, amount_total: 1 }));
    expect((await invoiceRow(id)).status).toBe('open');
    await db
      .update(invoices)
      .set({ status: 'void', voidReason: 'Wrong', voidedAt: new Date() })
      .where(eq(invoices.id, id));
    await deliver(fake, fake.event('checkout.session.completed', session));
    expect(await invoiceRow(id)).toMatchObject({ status: 'void', providerReference: null });
    // The agency is told once: money to give back.
    const told = await db.select().from(outbox).where(eq(outbox.kind, 'invoice-extra-payment'));
    const number = (await invoiceRow(id)).number;
    expect(told.filter((m) => m.subject.includes(number))).toHaveLength(1);
  });
});
