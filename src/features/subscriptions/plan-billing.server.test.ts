/**
 * Invoice mode: the monthly plan starts at launch with its first invoice, and the hourly
 * housekeeping bills each next month on its billing date (a moved clock), once, whatever runs
 * it twice or at once; a cancellation with notice stops it, and a new price applies from its date.
 */
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { site } from '#data/site.ts';
import { formatAgencyDate } from '#lib/dates.ts';
import { auditLog, invoiceLines, invoices, orders, outbox, subscriptions } from '#server/db/schema.ts';
import { fillMail } from '#server/email/fills.ts';
import { unseal } from '#server/email/sealed.ts';
import { INVOICE_NUMBER_FILL, invoiceNumberFill } from '#features/invoices/attachment.server.ts';
import { database, db, invoiceOrder, person } from '#features/admin/handlers/admin-test-kit.ts';
import { launchOrder } from '#features/orders/admin/launch.server.ts';
import { payInFull } from '#features/lifecycle/testing/pay.ts';
import { addMonths } from './billing-dates.ts';
import { billDuePlans, priceFor } from './plan-billing.server.ts';

const LAUNCH = Date.UTC(2026, 0, 31, 15, 0); // Jan 31: billed on the last day of shorter months.
const HOUR = 60 * 60_000;

/** An invoiced monthly order, paid, then launched at `at` by an admin. */
async function launchedPlan(at = LAUNCH) {
  const orderId = await invoiceOrder(true);
  await payInFull(database, orderId, at - 10 * 24 * HOUR);
  const admin = await person('admin');
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const launched = await launchOrder(
    database,
    { orderId, version: order!.version, liveUrl: 'https://bakery.example', actorId: admin.id, ip: '203.0.113.7' },
    at,
  );
  const [plan] = await db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
  return { orderId, admin, launched, plan: plan! };
}

const planInvoices = (subscriptionId: string) =>
  db.select().from(invoices).where(eq(invoices.subscriptionId, subscriptionId)).orderBy(asc(invoices.periodStart));

const periods = async (subscriptionId: string) =>
  (await planInvoices(subscriptionId)).map((i) => [
    new Date(i.periodStart!).toISOString().slice(0, 10),
    new Date(i.periodEnd!).toISOString().slice(0, 10),
    i.totalCents,
    i.status,
  ]);

describe('the monthly plan in invoice mode', () => {
  it('starts at launch with its first invoice, mailed with the PDF; paying the build did not start it', async () => {
    const { orderId, launched, plan } = await launchedPlan();
    expect(launched).toEqual({ ok: true, already: false, planStarted: true });
    expect(plan).toMatchObject({
      status: 'active',
      startedAt: new Date(LAUNCH),
      currentPeriodEnd: addMonths(new Date(LAUNCH), 1),
      paymentReference: null,
    });
    const [first] = await planInvoices(plan.id);
    expect(first).toMatchObject({
      purpose: 'plan',
      status: 'open',
      totalCents: plan.priceCents,
      issuedAt: new Date(LAUNCH),
      periodStart: new Date(LAUNCH),
      periodEnd: addMonths(new Date(LAUNCH), 1),
    });
    expect(first!.number).toMatch(/^INV-2026-\d{4,}$/);
    const [line] = await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, first!.id));
    // The plan's name on the line; the period is stated once, apart, the same way everywhere.
    expect(line?.description).toBe(plan.description);
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    const mails = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, order!.email), eq(outbox.kind, 'plan-invoice')));
    expect(mails.map((m) => m.attachments)).toEqual([[{ kind: 'invoice-pdf', ref: first!.id }]]);
    // Named by its number (filled in at sending: the commit that queued it took the number).
    const sent = await fillMail(
      db,
      { subject: mails[0]!.subject, text: unseal(mails[0]!.text), html: unseal(mails[0]!.html) },
      mails[0]!.attachments,
      { [INVOICE_NUMBER_FILL]: invoiceNumberFill },
    );
    expect(sent.subject).toBe(`Invoice ${first!.number} from ${site.brand}`);
    expect(sent.text).toContain(`Please find attached invoice ${first!.number}`);
    expect(sent.text).toContain('Period: January 31, 2026 – February 27, 2026');
    expect(sent.text).toContain(`Amount due: $199.00, by ${formatAgencyDate(first!.dueAt)}.`);
    expect(
      await db
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, order!.email), eq(outbox.kind, 'order-launched'))),
    ).toHaveLength(1);
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, orderId));
    expect(audit.map((a) => a.action)).toContain('order.launch');
  });

  it('bills each next month on its billing date, once, however often or concurrently housekeeping runs', async () => {
    const { plan } = await launchedPlan();
    // An hour before the billing date: nothing yet.
    const feb28 = addMonths(new Date(LAUNCH), 1).getTime();
    expect(await billDuePlans(database, feb28 - HOUR, plan.id)).toBe(0);
    // Two servers at once, then a repeat.
    const runs = await Promise.all([billDuePlans(database, feb28 + HOUR), billDuePlans(database, feb28 + HOUR)]);
    await billDuePlans(database, feb28 + 2 * HOUR);
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await periods(plan.id)).toEqual([
      ['2026-01-31', '2026-02-28', plan.priceCents, 'open'],
      ['2026-02-28', '2026-03-31', plan.priceCents, 'open'],
    ]);
    // Housekeeping down for two months: each missed month is billed, the day of the month kept.
    await billDuePlans(database, Date.UTC(2026, 4, 31, 16), plan.id);
    expect((await periods(plan.id)).map(([start]) => start)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
    ]);
    const numbers = (await planInvoices(plan.id)).map((i) => i.number);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('a new price applies from its date; a cancellation with notice bills up to its end, then ends the plan', async () => {
    const { plan } = await launchedPlan(Date.UTC(2026, 2, 10, 15));
    const april = Date.UTC(2026, 3, 10, 15);
    await db
      .update(subscriptions)
      .set({ nextPriceCents: 24_900, nextPriceFrom: new Date(april) })
      .where(eq(subscriptions.id, plan.id));
    expect(priceFor({ ...plan, nextPriceCents: 24_900, nextPriceFrom: new Date(april) }, april)).toBe(24_900);
    await billDuePlans(database, april + HOUR, plan.id);
    // Notice given on Apr 20: ends May 20, so May 10's period is the last billed.
    await db
      .update(subscriptions)
      .set({ status: 'canceling', cancelAt: new Date(Date.UTC(2026, 4, 20, 15)) })
      .where(eq(subscriptions.id, plan.id));
    await billDuePlans(database, Date.UTC(2026, 4, 10, 16), plan.id);
    await billDuePlans(database, Date.UTC(2026, 5, 10, 16), plan.id);
    await billDuePlans(database, Date.UTC(2026, 6, 10, 16), plan.id);
    expect(await periods(plan.id)).toEqual([
      ['2026-03-10', '2026-04-10', plan.priceCents, 'open'],
      ['2026-04-10', '2026-05-10', 24_900, 'open'],
      ['2026-05-10', '2026-06-10', 24_900, 'open'],
    ]);
    const [ended] = await db.select().from(subscriptions).where(eq(subscriptions.id, plan.id));
    expect(ended?.status).toBe('canceled');
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, plan.id));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['subscription.start', 'subscription.ended']));
  });

  it('launch is refused for an unpaid order, and a second launch changes nothing', async () => {
    const orderId = await invoiceOrder(true);
    const admin = await person('admin');
    const version = async () => (await db.select().from(orders).where(eq(orders.id, orderId)))[0]!.version;
    const launch = async () =>
      launchOrder(database, { orderId, version: await version(), liveUrl: null, actorId: admin.id, ip: '203.0.113.7' });
    expect(await launch()).toEqual({ ok: false, reason: 'not-allowed' });
    const [pending] = await db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
    expect(pending?.status).toBe('pending');

    await payInFull(database, orderId);
    expect(await launch()).toMatchObject({ ok: true, already: false });
    expect(await launch()).toMatchObject({ ok: true, already: true });
    expect(await planInvoices(pending!.id)).toHaveLength(1);
    expect(
      await launchOrder(database, { orderId, version: -1, liveUrl: null, actorId: admin.id, ip: '203.0.113.7' }),
    ).toMatchObject({ ok: true, already: true });
  });
});
