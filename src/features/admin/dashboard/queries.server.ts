/**
 * The dashboard's numbers and lists. Every query is shaped for an index (see schema.ts) so the
 * page stays fast with a hundred thousand orders: counts by created_at ranges, status counts
 * from the status index, "latest" lists as the first page of the admin lists (lists.server.ts),
 * shorter. The aggregates are cached briefly per process (cache.ts); the short lists are read
 * fresh on every request, so a message marked handled shows as such at once.
 */
import { and, count, eq, gte, isNull, lt, sql, type SQLWrapper, sum } from 'drizzle-orm';
import type { Db } from '#server/db/index.ts';
import {
  contactMessages,
  invoices,
  ORDER_STATUSES,
  orders,
  payments,
  subscriptions,
  type OrderStatus,
} from '#server/db/schema.ts';
import { listAudit, listCustomers, listMessages, listOrders, listSubscriptions } from '../lists/lists.server.ts';
import {
  receivablesByAge,
  unpaidTotals,
  type Receivables,
  type UnpaidTotals,
} from '#features/invoices/admin/invoices-admin.server.ts';
import { expectedPlanIncome, type PlanIncome } from '#features/subscriptions/admin/plan-income.server.ts';
import { TtlCache } from './cache.ts';
import { leadCounts, type LeadCounts } from '#features/leads/leads.server.ts';
import { site } from '#data/site.ts';

const DAY = 24 * 60 * 60 * 1000;
const WEEK = 7 * DAY;
export const CHART_WEEKS = 12;

/** The agency's calendar (src/lib/dates.ts shows dates in the same zone): months start there. */
const AGENCY_TIME_ZONE = site.timeZoneId;

/**
 * Revenue is payments received: each payment recorded against an invoice (a part payment too,
 * a card receipt, a check), on the day it arrived, less each credit note (a refund) on the day it
 * was issued. An order's status plays no part: an invoice placed last month and paid this month
 * is this month's money, and a refund is subtracted when it is made, not from the month of the sale.
 */
const receivedCents = sql<number>`coalesce(sum(${payments.amountCents}), 0)`.mapWith(Number);
const creditedCents = sql<number>`coalesce(sum(${invoices.totalCents}), 0)`.mapWith(Number);

/** Payments received in [from, to): payments_received_idx (received_at, amount_cents) covers it. */
const paymentsBetween = (from: Date, to: Date) => and(gte(payments.receivedAt, from), lt(payments.receivedAt, to));

/** Credit notes issued in [from, to), not voided: few, found by their kind in invoices_kind_paid_idx. */
const creditsBetween = (from: Date, to: Date) =>
  and(
    eq(invoices.kind, 'credit_note'),
    sql`${invoices.status} <> 'void'`,
    gte(invoices.issuedAt, from),
    lt(invoices.issuedAt, to),
  );

/** Midnight on the 1st of `now`'s month in the agency's time zone, as an instant. */
export function startOfAgencyMonth(now: Date): Date {
  const parts = (at: number) => {
    const p = new Intl.DateTimeFormat('en-US', {
      timeZone: AGENCY_TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(new Date(at));
    const get = (type: string) => Number(p.find((x) => x.type === type)?.value ?? 0);
    return {
      year: get('year'),
      month: get('month'),
      wall: Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')),
    };
  };
  const { year, month } = parts(now.getTime());
  const wallMidnight = Date.UTC(year, month - 1, 1);
  // The zone's offset at that moment (wall clock minus UTC); DST never changes at midnight on the 1st.
  const offset = parts(wallMidnight).wall - wallMidnight;
  return new Date(wallMidnight - offset);
}

export interface WeekPoint {
  /** The week's first instant (weeks are the 7-day spans ending now). */
  start: Date;
  orders: number;
  /** Payments received that week less its credit notes. */
  revenueCents: number;
}

export interface DashboardStats {
  computedAt: Date;
  leads: { last7Days: number; last30Days: number; open: number };
  ordersByStatus: Record<OrderStatus, number>;
  ordersTotal: number;
  /** Payments received this month (Orlando) less this month's credit notes: can be negative. */
  revenueThisMonthCents: number;
  monthStart: Date;
  /** Monthly recurring revenue in cents: active monthly plans plus yearly plans / 12. */
  mrrCents: number;
  activeSubscriptions: number;
  /** Orders at 'Intake received': paid, the intake in, design not started. */
  intakesWaiting: number;
  weeks: WeekPoint[];
  /** Invoices still owed: open (not yet due) and overdue, as the invoices list's filters split them. */
  invoices: UnpaidTotals;
  /** What customers owe by age (current, 1-30, 31-60, over 60 days past due). */
  receivables: Receivables;
  /** The plans' billings expected in the next 30 days. */
  planIncome: PlanIncome;
  /** Leads by stage, and how many became orders. */
  leadStages: LeadCounts;
}

async function countSince(db: Db, since: Date): Promise<number> {
  // contact_messages_created_at_idx: a range count, not a table scan.
  const [row] = await db.select({ n: count() }).from(contactMessages).where(gte(contactMessages.createdAt, since));
  return row?.n ?? 0;
}

/** Runs one query, then lets the event loop serve whatever arrived meanwhile. */
async function slice<T>(query: () => PromiseLike<T>): Promise<T> {
  const result = await query();
  await new Promise((resolve) => setImmediate(resolve));
  return result;
}

/** The aggregates, computed now (uncached: tests call this; the page calls cachedDashboardStats). */
export async function dashboardStats(db: Db, now = new Date()): Promise<DashboardStats> {
  const monthStart = startOfAgencyMonth(now);
  const chartStart = now.getTime() - CHART_WEEKS * WEEK;
  // One query at a time, yielding between them: the local libSQL client runs SQLite on this
  // thread, so eight queries in one go (about 50 ms at 100,000 orders) would hold every other
  // request for that long; sliced, requests run between the slices.
  const last7Days = await slice(() => countSince(db, new Date(now.getTime() - 7 * DAY)));
  const last30Days = await slice(() => countSince(db, new Date(now.getTime() - 30 * DAY)));
  // contact_messages_open_idx (handled_at, created_at): the open ones are a prefix of it.
  const openRows = await slice(() =>
    db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.handledAt)),
  );
  // orders_status_idx covers this: SQLite counts index entries, never reading the rows.
  const statusRows = await slice(() =>
    db.select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status),
  );
  // Payments received this month (Orlando), less this month's credit notes.
  const receivedRows = await slice(() =>
    db.select({ cents: receivedCents }).from(payments).where(paymentsBetween(monthStart, now)),
  );
  const creditedRows = await slice(() =>
    db.select({ cents: creditedCents }).from(invoices).where(creditsBetween(monthStart, now)),
  );
  // subscriptions_status_idx: only the active rows are read.
  const mrrRows = await slice(() =>
    db
      .select({ interval: subscriptions.interval, cents: sum(subscriptions.priceCents), n: count() })
      .from(subscriptions)
      .where(eq(subscriptions.status, 'active'))
      .groupBy(subscriptions.interval),
  );
  // Twelve weeks of orders (orders_created_at_idx) and of payments (payments_received_idx), one
  // week per query: a whole quarter in one query held the thread for about 15 ms at 100,000 rows,
  // and every request waiting behind it with it; a week at a time is about a tenth of that.
  const weekOrders: number[] = [];
  const weekReceived: number[] = [];
  for (let i = 0; i < CHART_WEEKS; i += 1) {
    const from = new Date(chartStart + i * WEEK);
    const to = new Date(Math.min(chartStart + (i + 1) * WEEK, now.getTime()));
    const [ordered] = await slice(() =>
      db
        .select({ n: count() })
        .from(orders)
        .where(and(gte(orders.createdAt, from), lt(orders.createdAt, to))),
    );
    const [received] = await slice(() =>
      db.select({ cents: receivedCents }).from(payments).where(paymentsBetween(from, to)),
    );
    weekOrders.push(ordered?.n ?? 0);
    weekReceived.push(received?.cents ?? 0);
  }
  // Credit notes by the week they were issued: few, one query.
  // The client binds JS numbers as REAL: cast, or the division keeps its fraction.
  const weekOf = (at: SQLWrapper) => sql<number>`cast((${at} - ${chartStart}) / ${WEEK} as integer)`.mapWith(Number);
  const weekCredited = await slice(() =>
    db
      .select({ week: weekOf(invoices.issuedAt), cents: creditedCents })
      .from(invoices)
      .where(creditsBetween(new Date(chartStart), now))
      .groupBy(sql`1`),
  );
  // invoices_status_due_idx: two ranges of the open rows (due_at at or after now, and before).
  const unpaid = await slice(() => unpaidTotals(db, now.getTime()));
  const receivables = await slice(() => receivablesByAge(db, now.getTime()));
  const planIncome = await slice(() => expectedPlanIncome(db, now.getTime()));
  const leadStages = await slice(() => leadCounts(db));

  const ordersByStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  for (const row of statusRows) ordersByStatus[row.status] = row.n;
  let mrr = 0;
  let activeSubscriptions = 0;
  for (const row of mrrRows) {
    const cents = Number(row.cents ?? 0);
    activeSubscriptions += row.n;
    if (row.interval === 'month') mrr += cents;
    else if (row.interval === 'year') mrr += cents / 12;
  }
  const weeks: WeekPoint[] = Array.from({ length: CHART_WEEKS }, (_, i) => ({
    start: new Date(chartStart + i * WEEK),
    orders: weekOrders[i] ?? 0,
    revenueCents: weekReceived[i] ?? 0,
  }));
  for (const row of weekCredited) {
    const week = weeks[row.week];
    if (week) week.revenueCents -= row.cents;
  }
  return {
    computedAt: now,
    leads: { last7Days, last30Days, open: openRows[0]?.n ?? 0 },
    ordersByStatus,
    ordersTotal: statusRows.reduce((total, row) => total + row.n, 0),
    revenueThisMonthCents: (receivedRows[0]?.cents ?? 0) - (creditedRows[0]?.cents ?? 0),
    monthStart,
    mrrCents: Math.round(mrr),
    activeSubscriptions,
    // Paying an order whose intake is in moves it there, and so does submitting one for a paid order.
    intakesWaiting: ordersByStatus.intake_received,
    weeks,
    invoices: unpaid,
    receivables,
    planIncome,
    leadStages,
  };
}

/**
 * 15 s, per process: long enough that 20 concurrent dashboards (or a bench) compute the
 * aggregates about once, short enough that an admin sees a new order within a few seconds.
 */
export const STATS_TTL_MS = 15_000;
const statsCache = new TtlCache<DashboardStats>(STATS_TTL_MS);

export const cachedDashboardStats = (db: Db) => statsCache.get('stats', () => dashboardStats(db));

/** After this process changed what the numbers count (a lead handled): recompute on the next view. */
export const forgetDashboardStats = () => statsCache.clear();

export const RECENT = { messages: 6, orders: 6, customers: 5, subscriptions: 5, audit: 6 } as const;

/** Newest orders: the first page of the orders list, shorter. */
export async function recentOrders(db: Db, limit: number = RECENT.orders) {
  return (await listOrders(db, {}, { after: null, limit })).rows;
}

/** Newest customer accounts: the first page of the customers list, shorter. */
export async function recentCustomers(db: Db, limit: number = RECENT.customers) {
  return (await listCustomers(db, {}, { after: null, limit })).rows;
}

/** Newest subscriptions with their customer: the first page of the subscriptions list, shorter. */
export async function recentSubscriptions(db: Db, limit: number = RECENT.subscriptions) {
  return (await listSubscriptions(db, {}, { after: null, limit })).rows;
}

/** The latest audit entries with their actor: the first page of the audit log, shorter. */
export async function recentAudit(db: Db, limit: number = RECENT.audit) {
  return (await listAudit(db, {}, { after: null, limit })).rows;
}

/** Newest contact messages with who handled them: the first page of the messages list, shorter. */
export async function recentMessages(db: Db, limit: number = RECENT.messages) {
  return (await listMessages(db, { state: 'open' }, { after: null, limit })).rows;
}
