import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { appDatabase } from '#server/db/index.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import {
  AUDIT_ACTIONS,
  auditLog,
  contactMessages,
  intakes,
  invoices,
  leads,
  orders,
  payments,
  subscriptions,
  users,
  type OrderStatus,
  type SubscriptionStatus,
} from '#server/db/schema.ts';
import { TtlCache } from './cache.ts';
import {
  invoiceFigures,
  leadFigures,
  leadStageFigures,
  orderFigures,
  statusFigures,
  subscriptionFigures,
} from './figures.ts';
import { listLeads } from '#features/leads/leads.server.ts';
import { readLeadFilters } from '#features/leads/admin/filters.ts';
import { readFilters } from '../lists/filters.ts';
import { listMessages, listOrders, listSubscriptions } from '../lists/lists.server.ts';
import type { Cursor } from '../lists/cursor.ts';
import { listInvoices } from '#features/invoices/admin/invoices-admin.server.ts';
import { CHART, chartGeometry } from './chart.ts';
import {
  CHART_WEEKS,
  type DashboardStats,
  dashboardStats,
  recentAudit,
  recentCustomers,
  recentMessages,
  recentOrders,
  recentSubscriptions,
  startOfAgencyMonth,
} from './queries.server.ts';

// Exact counts need a database of their own: other test files write to the shared one.
const dir = mkdtempSync(join(tmpdir(), 'palmetto-dashboard-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const opened = await openDatabase(`file:${join(dir, 'dashboard.db')}`);
await migrateDatabase(opened);
const { db } = appDatabase(opened);

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
// Friday 20 November 2026, 10:00 in Orlando (EST): the month began at 2026-11-01T04:00Z (still EDT).
const NOW = new Date('2026-11-20T15:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

let serial = 0;
const customerIds: string[] = [];
async function customer(at = ago(DAY)) {
  const id = `user-${++serial}`;
  customerIds.push(id);
  await db.insert(users).values({
    id,
    name: `Customer ${serial}`,
    email: `c${serial}@example.com`,
    role: 'customer',
    status: 'active',
    createdAt: at,
    updatedAt: at,
  });
  return id;
}

async function order(status: OrderStatus, totalCents: number, createdAt: Date) {
  const userId = await customer(createdAt);
  const id = `order-${++serial}`;
  await db.insert(orders).values({
    id,
    userId,
    name: 'Buyer',
    email: `buyer${serial}@example.com`,
    phone: '(407) 555-0199',
    businessName: `Business ${serial}`,
    status,
    totalCents,
    paymentProvider: 'invoice',
    paidAt: ['pending_payment', 'canceled'].includes(status) ? null : createdAt,
    createdAt,
    updatedAt: createdAt,
  });
  return { id, userId };
}

async function subscription(status: SubscriptionStatus, interval: 'month' | 'year', priceCents: number) {
  const userId = await customer();
  await db.insert(subscriptions).values({
    id: `sub-${++serial}`,
    userId,
    description: 'Plan',
    priceCents,
    interval,
    status,
    createdBy: 'admin',
    createdAt: ago(DAY),
    updatedAt: ago(DAY),
  });
}

/** An invoice or credit note as the invoices feature leaves it (no order needed: revenue reads invoices only). */
async function invoice(o: {
  kind?: 'invoice' | 'credit_note';
  status: 'open' | 'paid' | 'void';
  cents: number;
  issuedAt: Date;
  paidAt?: Date;
  paidCents?: number;
}) {
  const userId = await customer(o.issuedAt);
  const kind = o.kind ?? 'invoice';
  const sequence = ++serial;
  await db.insert(invoices).values({
    id: `invoice-${sequence}`,
    kind,
    purpose: kind === 'credit_note' ? 'credit' : 'build',
    year: 2026,
    sequence,
    number: `${kind === 'credit_note' ? 'CN' : 'INV'}-2026-${String(sequence).padStart(4, '0')}`,
    userId,
    customerName: 'Buyer',
    customerBusiness: 'Business',
    customerEmail: `buyer${sequence}@example.com`,
    totalCents: o.cents,
    status: o.status,
    issuedAt: o.issuedAt,
    dueAt: new Date(o.issuedAt.getTime() + 14 * DAY),
    paidAt: o.paidAt ?? null,
    paidCents: o.paidAt ? (o.paidCents ?? o.cents) : null,
    paidMethod: o.paidAt ? 'bank_transfer' : null,
    createdAt: o.issuedAt,
  });
  // What the lifecycle records with it: the payment (a credit note's money goes the other way).
  if (o.paidAt && kind === 'invoice') {
    await db.insert(payments).values({
      id: `payment-${sequence}`,
      invoiceId: `invoice-${sequence}`,
      amountCents: o.paidCents ?? o.cents,
      receivedAt: o.paidAt,
      method: 'bank_transfer',
      createdAt: o.paidAt,
    });
  }
}

async function message(createdAt: Date, handled = false) {
  await db.insert(contactMessages).values({
    id: crypto.randomUUID(),
    name: 'Lead',
    email: 'lead@example.com',
    message: 'Hello',
    createdAt,
    handledAt: handled ? createdAt : null,
  });
}

async function intake(orderId: string, userId: string, status: 'draft' | 'submitted') {
  await db.insert(intakes).values({
    id: `intake-${++serial}`,
    orderId,
    userId,
    status,
    data: {},
    submittedAt: status === 'submitted' ? ago(HOUR) : null,
    createdAt: ago(DAY),
    updatedAt: ago(DAY),
  });
}

/** Every row of the admin list `url` opens, page after page, as its page reads its filters. */
async function rowsInList(url: URL): Promise<number> {
  const params = url.searchParams;
  const read = (after: Cursor | null) => {
    const page = { after, limit: 3 };
    switch (url.pathname) {
      case '/admin/orders':
        return listOrders(db, readFilters('orders', params), page);
      case '/admin/messages':
        return listMessages(db, readFilters('messages', params), page);
      case '/admin/subscriptions':
        return listSubscriptions(db, readFilters('subscriptions', params), page);
      case '/admin/leads':
        return listLeads(db, readLeadFilters(params), page);
      case '/admin/invoices':
        return listInvoices(db, readFilters('invoices', params), page, NOW.getTime());
      default:
        throw new Error(`no list at ${url.pathname}`);
    }
  };
  let total = 0;
  let after: Cursor | null = null;
  do {
    const page: { rows: unknown[]; next: Cursor | null } = await read(after);
    total += page.rows.length;
    after = page.next;
  } while (after);
  return total;
}

describe('startOfAgencyMonth', () => {
  it('is midnight on the 1st in Orlando, in summer and winter time', () => {
    expect(startOfAgencyMonth(NOW).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(startOfAgencyMonth(new Date('2026-07-15T12:00:00Z')).toISOString()).toBe('2026-07-01T04:00:00.000Z');
    expect(startOfAgencyMonth(new Date('2027-01-31T12:00:00Z')).toISOString()).toBe('2027-01-01T05:00:00.000Z');
    // 23:30 on 31 January in Orlando is still January there, though February in UTC.
    expect(startOfAgencyMonth(new Date('2027-02-01T04:30:00Z')).toISOString()).toBe('2027-01-01T05:00:00.000Z');
  });
});

describe('dashboardStats', () => {
  let stats: DashboardStats;
  beforeAll(async () => {
    // Leads at three stages (more than a list page of 3 at one), one of which ordered.
    const leadsAt = ['new', 'new', 'new', 'new', 'call_booked', 'won'] as const;
    for (const [i, stage] of leadsAt.entries()) {
      await db.insert(leads).values({
        id: `lead${i}aaaaaaaaaaaaaaaa`,
        email: `lead${i}@example.com`,
        name: `Lead ${i}`,
        stage,
        source: 'contact',
        createdAt: ago(DAY),
        updatedAt: ago(DAY - i),
      });
    }
    // This month (Orlando time): two paid orders in different stages, and ones that are not revenue.
    const fromLead = await order('paid', 380_000, ago(2 * DAY));
    await db.update(orders).set({ leadId: 'lead5aaaaaaaaaaaaaaaa' }).where(eq(orders.id, fromLead.id));
    await order('launched', 19_900, new Date('2026-11-01T05:00:00Z')); // 1:00 on Nov 1 in Orlando
    await order('pending_payment', 100_000, ago(HOUR));
    await order('canceled', 100_000, ago(3 * DAY));
    await order('refunded', 100_000, ago(4 * DAY));
    // Last month: 23:00 on Oct 31 in Orlando, already November in UTC; and a paid order in October.
    await order('paid', 50_000, new Date('2026-11-01T03:00:00Z'));
    await order('in_design', 70_000, new Date('2026-10-15T15:00:00Z'));
    // Older than the chart's twelve weeks.
    await order('launched', 90_000, ago(CHART_WEEKS * 7 * DAY + HOUR));

    // Intakes: waiting = the order at 'intake received'.
    const waiting = await order('intake_received', 10_000, new Date('2026-06-01T15:00:00Z'));
    await intake(waiting.id, waiting.userId, 'submitted');
    const draft = await order('intake_received', 10_000, new Date('2026-06-01T15:00:00Z'));
    await intake(draft.id, draft.userId, 'draft');
    const started = await order('in_design', 10_000, new Date('2026-06-01T15:00:00Z'));
    await intake(started.id, started.userId, 'submitted');

    // Payments received, by the day they arrived (Orlando), whatever month the invoice or order is from.
    await invoice({ status: 'paid', cents: 380_000, issuedAt: ago(10 * DAY), paidAt: ago(2 * DAY) });
    // 1:00 on Nov 1 in Orlando, and an invoice for 25,000 of which 19,900 was received.
    const nov1 = new Date('2026-11-01T05:00:00Z');
    await invoice({ status: 'paid', cents: 25_000, issuedAt: nov1, paidAt: nov1, paidCents: 19_900 });
    // Issued in October, paid in November: November's money.
    await invoice({
      status: 'paid',
      cents: 45_000,
      issuedAt: new Date('2026-10-20T15:00:00Z'),
      paidAt: new Date('2026-11-10T15:00:00Z'),
    });
    // 23:00 on Oct 31 in Orlando (November in UTC), and mid-October: last month.
    const oct31 = new Date('2026-11-01T03:00:00Z');
    await invoice({ status: 'paid', cents: 50_000, issuedAt: oct31, paidAt: oct31 });
    const oct15 = new Date('2026-10-15T15:00:00Z');
    await invoice({ status: 'paid', cents: 70_000, issuedAt: oct15, paidAt: oct15 });
    // Paid before the chart's twelve weeks.
    const old = ago(CHART_WEEKS * 7 * DAY + HOUR);
    await invoice({ status: 'paid', cents: 90_000, issuedAt: old, paidAt: old });
    // Not received: open, overdue and void invoices.
    await invoice({ status: 'open', cents: 100_000, issuedAt: ago(HOUR) });
    await invoice({ status: 'open', cents: 100_000, issuedAt: ago(30 * DAY) });
    await invoice({ status: 'void', cents: 100_000, issuedAt: ago(3 * DAY) });
    // A refund this month of an October sale: a credit note (settled, so paid) subtracts on its
    // issue date; a voided one does not.
    await invoice({ kind: 'credit_note', status: 'paid', cents: 30_000, issuedAt: ago(4 * DAY), paidAt: ago(4 * DAY) });
    await invoice({ kind: 'credit_note', status: 'void', cents: 60_000, issuedAt: ago(4 * DAY) });

    await subscription('active', 'month', 19_900);
    await subscription('active', 'month', 9_900);
    await subscription('active', 'year', 120_000);
    await subscription('canceled', 'month', 50_000);
    await subscription('pending', 'month', 50_000);
    await subscription('past_due', 'year', 60_000);

    await message(ago(HOUR));
    await message(ago(6 * DAY), true);
    await message(ago(8 * DAY));
    await message(ago(29 * DAY));
    await message(ago(31 * DAY));

    stats = await dashboardStats(db, NOW);
  });

  it('revenue this month counts payments received this month, less credit notes, in Orlando time', () => {
    expect(stats.monthStart.toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(stats.revenueThisMonthCents).toBe(380_000 + 19_900 + 45_000 - 30_000);
  });

  it('revenue comes from the invoices, not from the orders’ statuses', () => {
    // The old rule (this month's orders in a paid status: 380,000 + 19,900) ignored the invoice
    // paid this month for last month's work, the part not received, and this month's refund.
    expect(stats.revenueThisMonthCents).not.toBe(380_000 + 19_900);
    expect(stats.revenueThisMonthCents).toBe(414_900);
  });

  it('a part payment is revenue the day it arrives, though its invoice is still open', async () => {
    // $1.00 received an hour ago against an open $3,800.00 invoice (the lifecycle's record).
    await invoice({ status: 'open', cents: 380_000, issuedAt: ago(5 * DAY), paidAt: ago(HOUR), paidCents: 100 });
    const after = await dashboardStats(db, NOW);
    // Taken away again: the other figures count the invoices above.
    await db.delete(payments).where(eq(payments.id, `payment-${serial}`));
    await db.delete(invoices).where(eq(invoices.id, `invoice-${serial}`));
    expect(after.revenueThisMonthCents).toBe(414_900 + 100);
    expect(after.weeks[CHART_WEEKS - 1]?.revenueCents).toBe(380_000 - 30_000 + 100);
  });

  it('MRR counts active monthly plans, and yearly ones as a twelfth', () => {
    expect(stats.mrrCents).toBe(19_900 + 9_900 + 10_000);
    expect(stats.activeSubscriptions).toBe(3);
  });

  it('leads in the last 7 and 30 days, and the ones not handled', () => {
    expect(stats.leads.last7Days).toBe(2);
    expect(stats.leads.last30Days).toBe(4);
    expect(stats.leads.open).toBe(4);
  });

  it('orders by status, and intakes waiting', () => {
    expect(stats.ordersByStatus).toEqual({
      pending_payment: 1,
      paid: 2,
      intake_received: 2,
      in_design: 2,
      preview_ready: 0,
      changes_requested: 0,
      approved: 0,
      launched: 2,
      canceled: 1,
      refunded: 1,
    });
    expect(stats.ordersTotal).toBe(11);
    // The orders at 'Intake received' (the list the figure links to), whatever their intake's state.
    expect(stats.intakesWaiting).toBe(2);
  });

  it('leads by stage, and how many became orders', () => {
    expect(stats.leadStages).toEqual({
      byStage: { new: 4, contacted: 0, call_booked: 1, proposal_sent: 0, ordered: 0, won: 1, lost: 0 },
      becameOrders: 1,
    });
  });

  it('every figure that links to a list is the number of rows that list holds', async () => {
    const figures = [
      ...leadFigures(stats),
      ...leadStageFigures(stats),
      ...orderFigures(stats),
      ...statusFigures(stats),
      ...invoiceFigures(stats),
      ...subscriptionFigures(stats),
    ];
    for (const figure of figures) {
      const url = new URL(figure.href, 'http://localhost');
      expect(await rowsInList(url), figure.href).toBe(figure.count);
    }
  });

  it('twelve weeks of orders and payments received less credit notes, oldest first', () => {
    expect(stats.weeks).toHaveLength(CHART_WEEKS);
    expect(stats.weeks[0]?.start.toISOString()).toBe(ago(CHART_WEEKS * 7 * DAY).toISOString());
    const last = stats.weeks[CHART_WEEKS - 1];
    // This week's orders: paid (2 days ago), pending (an hour ago), canceled 3 days ago, refunded 4 days ago.
    // Its money: 3,800 received 2 days ago, less a 300 credit note 4 days ago.
    expect(last).toMatchObject({ orders: 4, revenueCents: 380_000 - 30_000 });
    expect(stats.weeks.reduce((n, w) => n + w.orders, 0)).toBe(11 - 1 - 3);
    expect(stats.weeks.reduce((n, w) => n + w.revenueCents, 0)).toBe(
      380_000 + 19_900 + 45_000 + 50_000 + 70_000 - 30_000,
    );
  });

  it('latest orders newest first; newest customers by insertion', async () => {
    const latest = await recentOrders(db, 3);
    expect(latest.map((o) => o.totalCents)).toEqual([100_000, 380_000, 100_000]);
    const newest = await recentCustomers(db, 2);
    expect(newest.map((c) => c.id)).toEqual(customerIds.slice(-2).reverse());
  });

  it('latest messages, subscriptions and activity name the people involved', async () => {
    const adminId = 'admin-names';
    await db.insert(users).values({
      id: adminId,
      name: 'Agency Admin',
      email: 'admin@example.com',
      role: 'admin',
      status: 'active',
      createdAt: ago(DAY),
      updatedAt: ago(DAY),
    });
    await db.insert(contactMessages).values({
      id: 'message-handled-by-admin',
      name: 'Lead',
      email: 'lead@example.com',
      message: 'Hello',
      createdAt: NOW,
      handledAt: NOW,
      handledBy: adminId,
    });
    await db.insert(auditLog).values([
      { id: 'audit-by-admin', at: NOW, actorId: adminId, action: AUDIT_ACTIONS[0], entityType: 'user' },
      { id: 'audit-by-gone', at: ago(1), actorId: 'deleted-user', action: AUDIT_ACTIONS[0], entityType: 'user' },
    ]);
    // The dashboard shows what waits; the list names who handled the rest.
    expect((await recentMessages(db, 10)).map((m) => m.id)).not.toContain('message-handled-by-admin');
    const [handled] = (await listMessages(db, { state: 'handled' }, { after: null, limit: 1 })).rows;
    expect(handled).toMatchObject({ id: 'message-handled-by-admin', handledByName: 'Agency Admin' });
    const audit = await recentAudit(db, 2);
    expect(audit.map((a) => [a.id, a.actorName])).toEqual([
      ['audit-by-admin', 'Agency Admin'],
      ['audit-by-gone', null],
    ]);
    const subscriptionsNow = await recentSubscriptions(db, 10);
    expect(subscriptionsNow.length).toBeGreaterThan(0);
    expect(subscriptionsNow.every((s) => /^Customer \d+$/.test(s.customerName))).toBe(true);
  });
});

describe('TtlCache', () => {
  it('loads once per TTL, shares a load in flight, and retries a failed first load', async () => {
    let now = 0;
    let loads = 0;
    const cache = new TtlCache<number>(15_000, () => now);
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([1, 1]);
    now = 14_999;
    expect(await cache.get('k', load)).toBe(1);
    await expect(cache.get('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await Promise.resolve();
    expect(await cache.get('bad', load)).toBe(2);
    cache.clear();
    expect(await cache.get('k', load)).toBe(3);
  });

  it('answers an expired value at once while one load replaces it; a failed refresh keeps it', async () => {
    let now = 0;
    const cache = new TtlCache<string>(15_000, () => now);
    expect(await cache.get('k', async () => 'first')).toBe('first');
    now = 15_000;
    let finish: (value: string) => void = () => {};
    let refreshes = 0;
    const slow = () => {
      refreshes += 1;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    };
    // Expired: the old value comes back without waiting; two requests start one refresh.
    expect(await Promise.all([cache.get('k', slow), cache.get('k', slow)])).toEqual(['first', 'first']);
    expect(refreshes).toBe(1);
    finish('second');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('k', slow)).toBe('second');
    expect(refreshes).toBe(1);

    now = 30_000;
    expect(await cache.get('k', () => Promise.reject(new Error('down')))).toBe('second');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('k', async () => 'third')).toBe('second');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('k', async () => 'never')).toBe('third');
  });
});

describe('chartGeometry', () => {
  it('scales each row to its own maximum; an empty week has no bar', () => {
    const weeks = [0, 5, 10].map((orders, i) => ({ start: new Date(i), orders, revenueCents: orders * 1000 }));
    const g = chartGeometry(weeks);
    expect(g.orders.map((b) => b.height)).toEqual([0, CHART.rowHeight / 2, CHART.rowHeight]);
    expect(g.revenue.map((b) => b.height)).toEqual([0, CHART.rowHeight / 2, CHART.rowHeight]);
    for (const b of [...g.orders, ...g.revenue]) expect(b.x + b.width).toBeLessThanOrEqual(CHART.width);
    expect(g.maxRevenueCents).toBe(10_000);
    expect(
      chartGeometry(weeks.map((w) => ({ ...w, orders: 0, revenueCents: 0 }))).orders.every((b) => b.height === 0),
    ).toBe(true);
  });
});
