/**
 * Payment schedules through the lifecycle, in both payment modes: the deposit pays the order,
 * the balance invoice is issued (and e-mailed) with the move to its stage, once, and cancel and
 * refund settle both invoices. Orders are placed by checkout's own placeOrder with a reading whose
 * schedule is 50/50, so the schedule is passed in, as the agency's pricing.ts would set it.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pricingReadings, type PricingReading } from '#data/pricing.ts';
import type { BalanceStage } from '#data/payment-schedule.ts';
import { invoices, orders, outbox } from '#server/db/schema.ts';
import { unseal } from '#server/email/sealed.ts';
import { database, db, person, versionOf } from '#features/admin/handlers/admin-test-kit.ts';
import { placeOrder } from '#features/checkout/checkout.server.ts';
import { openInvoiceCheckout } from '#features/payments/invoice-checkout.ts';
import { launchOrder } from '#features/orders/admin/launch.server.ts';
import { findOrder } from '#features/orders/orders.server.ts';
import { paymentProvider } from '#features/payments/provider.ts';
import { returnFromStripe, stripeFakeForSuite } from '#features/payments/testing/stripe-test-kit.ts';
import { findProblems } from './invariants.server.ts';
import { endOrder, moveOrder, recordOrderPayment, recordPayment } from './lifecycle.server.ts';
import { issueBalanceIn } from './schedule.server.ts';

const scheduled = (balanceAt: BalanceStage): PricingReading => ({
  ...pricingReadings.custom,
  schedule: { kind: 'deposit', depositPercent: 50, balanceAt },
});

let n = 0;
async function order(balanceAt: BalanceStage, provider: 'invoice' | 'stripe' = 'invoice') {
  const customer = await person('customer');
  const placed = await placeOrder(database, {
    input: {
      name: customer.name,
      email: customer.email,
      phone: '(407) 555-0142',
      businessName: `Schedule Bakery ${++n}`,
      extraPages: 0,
      monthly: true,
      terms: true,
    },
    user: customer,
    provider,
    reading: scheduled(balanceAt),
  });
  return placed.order;
}

const invoicesOf = (orderId: string) =>
  db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')))
    .orderBy(invoices.issuedAt);
const creditNotesOf = (ids: string[]) =>
  db
    .select()
    .from(invoices)
    .where(and(inArray(invoices.creditFor, ids), eq(invoices.kind, 'credit_note')));
const statusOf = async (id: string) => (await findOrder(db, id))!.status;
const move = (orderId: string, to: 'preview_ready' | 'approved' | 'in_design') =>
  moveOrder(database, { orderId, to, actorId: null, ip: null });
async function toApproved(orderId: string) {
  expect((await move(orderId, 'preview_ready')).moved).toBe(true);
  expect((await move(orderId, 'approved')).moved).toBe(true);
}
async function launch(orderId: string) {
  const admin = await person('admin');
  return launchOrder(database, {
    orderId,
    version: Number(await versionOf(orderId)),
    liveUrl: 'https://schedule-bakery.example',
    actorId: admin.id,
    ip: '203.0.113.7',
  });
}
const problemsOf = async (orderId: string) =>
  (await findProblems(database.client)).filter((p) => p.detail.includes(orderId) || p.record.includes(orderId));

describe('a 50/50 schedule in invoice mode', () => {
  it('bills the deposit at order; paying it moves the order to paid', async () => {
    const placed = await order('approved');
    expect(placed).toMatchObject({ depositPercent: 50, balanceStage: 'approved' });
    const [deposit, ...others] = await invoicesOf(placed.id);
    expect(others).toEqual([]);
    expect(deposit).toMatchObject({ purpose: 'deposit', status: 'open', totalCents: 190_000 });
    const mails = await db.select().from(outbox).where(eq(outbox.to, placed.email));
    const confirmation = mails.find((m) => m.kind === 'order-confirmation');
    expect(unseal(confirmation!.text)).toContain('A 50% deposit ($1,900) at order, the balance ($1,900) at approval.');
    // The deposit invoice in its own e-mail (its number is filled in when it is sent).
    expect(mails.filter((m) => m.kind === 'invoice')).toHaveLength(1);

    const paid = await recordOrderPayment(database, {
      orderId: placed.id,
      paidAt: new Date(),
      method: 'bank_transfer',
      actorId: null,
      ip: null,
    });
    expect(paid).toMatchObject({ ok: true, orderMoved: true, settled: true });
    expect(await statusOf(placed.id)).toBe('paid');
    expect(await problemsOf(placed.id)).toEqual([]);
  });

  it('issues the balance at approval, in the same commit, e-mailed, once; part payments then pay it', async () => {
    const placed = await order('approved');
    await recordOrderPayment(database, {
      orderId: placed.id,
      paidAt: new Date(),
      method: 'cash',
      actorId: null,
      ip: null,
    });
    expect((await move(placed.id, 'preview_ready')).moved).toBe(true);
    expect((await invoicesOf(placed.id)).map((i) => i.purpose)).toEqual(['deposit']);
    expect((await move(placed.id, 'approved')).moved).toBe(true);
    const balance = (await invoicesOf(placed.id)).find((i) => i.purpose === 'balance')!;
    expect(balance).toMatchObject({ status: 'open', totalCents: 190_000 });
    const mails = await db.select().from(outbox).where(eq(outbox.to, placed.email));
    // The deposit's e-mail, then the balance's, committed with the move to approved.
    expect(mails.filter((m) => m.kind === 'invoice')).toHaveLength(2);
    // The balance is open on an approved order, and that is no problem: it is the next payment.
    expect(await problemsOf(placed.id)).toEqual([]);

    // A retry, back to design and approved again, a launch: still one balance invoice.
    expect(await database.writes.transaction((tx) => issueBalanceIn(tx, placed.id, 'approved'))).toBeNull();
    expect((await move(placed.id, 'in_design')).moved).toBe(true);
    await toApproved(placed.id);
    expect((await launch(placed.id)).ok).toBe(true);
    expect((await invoicesOf(placed.id)).filter((i) => i.purpose === 'balance')).toHaveLength(1);

    const base = { invoiceId: balance.id, paidAt: new Date(), method: 'check' as const, actorId: null, ip: null };
    expect(await recordPayment(database, { ...base, cents: 50_000 })).toMatchObject({
      ok: true,
      settled: false,
      balanceCents: 140_000,
    });
    expect(await recordPayment(database, { ...base, cents: 140_001 })).toMatchObject({
      ok: false,
      reason: 'over-balance',
    });
    expect(await recordPayment(database, { ...base, cents: 140_000 })).toMatchObject({ ok: true, settled: true });
    expect(await statusOf(placed.id)).toBe('launched');
    expect(await problemsOf(placed.id)).toEqual([]);
  });

  it('with the balance at launch: nothing at approval, the balance at launch', async () => {
    const placed = await order('launched');
    await recordOrderPayment(database, {
      orderId: placed.id,
      paidAt: new Date(),
      method: 'cash',
      actorId: null,
      ip: null,
    });
    await toApproved(placed.id);
    expect((await invoicesOf(placed.id)).map((i) => i.purpose)).toEqual(['deposit']);
    expect((await launch(placed.id)).ok).toBe(true);
    const balance = (await invoicesOf(placed.id)).find((i) => i.purpose === 'balance');
    expect(balance).toMatchObject({ status: 'open', totalCents: 190_000 });
    expect(await problemsOf(placed.id)).toEqual([]);
  });

  it('a balance due at approval is issued at launch when the order skipped approval', async () => {
    const placed = await order('approved');
    await recordOrderPayment(database, {
      orderId: placed.id,
      paidAt: new Date(),
      method: 'cash',
      actorId: null,
      ip: null,
    });
    expect((await launch(placed.id)).ok).toBe(true);
    expect((await invoicesOf(placed.id)).map((i) => i.purpose)).toEqual(['deposit', 'balance']);
  });

  it('cancel after approval voids the open balance; the paid deposit stays paid', async () => {
    const admin = await person('admin');
    const placed = await order('approved');
    await recordOrderPayment(database, {
      orderId: placed.id,
      paidAt: new Date(),
      method: 'cash',
      actorId: null,
      ip: null,
    });
    await toApproved(placed.id);
    const ended = await endOrder(database, 'cancel', {
      orderId: placed.id,
      version: Number(await versionOf(placed.id)),
      actorId: admin.id,
      ip: null,
    });
    expect(ended.ok).toBe(true);
    const [deposit, balance] = await invoicesOf(placed.id);
    expect(deposit?.status).toBe('paid');
    expect(balance).toMatchObject({ purpose: 'balance', status: 'void' });
    expect(await problemsOf(placed.id)).toEqual([]);
  });

  it('refund after both were paid credits each invoice for what it received', async () => {
    const admin = await person('admin');
    const placed = await order('approved');
    await recordOrderPayment(database, {
      orderId: placed.id,
      paidAt: new Date(),
      method: 'cash',
      actorId: null,
      ip: null,
    });
    await toApproved(placed.id);
    const balance = (await invoicesOf(placed.id)).find((i) => i.purpose === 'balance')!;
    await recordPayment(database, {
      invoiceId: balance.id,
      cents: 190_000,
      paidAt: new Date(),
      method: 'check',
      actorId: null,
      ip: null,
    });
    expect((await launch(placed.id)).ok).toBe(true);
    const ended = await endOrder(database, 'refund', {
      orderId: placed.id,
      version: Number(await versionOf(placed.id)),
      actorId: admin.id,
      ip: null,
    });
    expect(ended.ok).toBe(true);
    const paid = await invoicesOf(placed.id);
    expect(paid.map((i) => i.status)).toEqual(['paid', 'paid']);
    const credits = await creditNotesOf(paid.map((i) => i.id));
    expect(credits.map((c) => c.totalCents).sort()).toEqual([190_000, 190_000]);
    expect(await statusOf(placed.id)).toBe('refunded');
    expect(await problemsOf(placed.id)).toEqual([]);
  });
});

describe('a 50/50 schedule with Stripe', () => {
  const fake = stripeFakeForSuite();

  it('the order session charges the deposit; the balance is issued at approval and paid online', async () => {
    const placed = await order('approved', 'stripe');
    const provider = await paymentProvider();
    const start = await provider.begin(placed);
    const sessionId = start.redirect.slice(`${fake.url}/pay/`.length);
    expect(fake.lineItems.get(sessionId)).toEqual([
      expect.objectContaining({ quantity: 1, unitAmount: 190_000, name: expect.stringContaining('Deposit: 50%') }),
    ]);
    await db.update(orders).set({ paymentReference: sessionId }).where(eq(orders.id, placed.id));
    fake.completeSession(sessionId);
    await returnFromStripe(sessionId);
    expect(await statusOf(placed.id)).toBe('paid');
    const [deposit] = await invoicesOf(placed.id);
    expect(deposit).toMatchObject({ purpose: 'deposit', status: 'paid', totalCents: 190_000, paidCents: 190_000 });

    await toApproved(placed.id);
    const balance = (await invoicesOf(placed.id)).find((i) => i.purpose === 'balance')!;
    expect(balance).toMatchObject({ status: 'open', totalCents: 190_000 });
    const { redirect } = await openInvoiceCheckout({
      id: balance.id,
      number: balance.number,
      totalCents: 190_000,
      currency: 'usd',
      customerEmail: placed.email,
      url: `/account/invoices/${balance.id}`,
    });
    const session = fake.completeSession(redirect.slice(`${fake.url}/pay/`.length));
    await returnFromStripe(session.id);
    expect((await invoicesOf(placed.id)).map((i) => i.status)).toEqual(['paid', 'paid']);

    // Refunded: both card payments go back at Stripe, each with its credit note.
    expect((await launch(placed.id)).ok).toBe(true);
    const admin = await person('admin');
    const ended = await endOrder(database, 'refund', {
      orderId: placed.id,
      version: Number(await versionOf(placed.id)),
      actorId: admin.id,
      ip: null,
    });
    expect(ended.ok).toBe(true);
    const credits = await creditNotesOf([deposit!.id, balance.id]);
    expect(credits).toHaveLength(2);
    expect(credits.every((c) => c.providerReference?.startsWith('re_'))).toBe(true);
    expect(await problemsOf(placed.id)).toEqual([]);
  });
});
