/**
 * Invoices as the admin reads them: the list (a keyset page, newest issued first, like the other
 * admin lists: src/features/admin/lists), an order's invoices, and the unpaid totals the
 * dashboard shows. The list's state filter and the dashboard's totals share one predicate per
 * state, so a total always equals the sum of the list it links to.
 */
import { correctionsOf } from '../corrections.server.ts';
import { and, asc, desc, eq, gte, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/index.ts';
import { insertionOrder } from '#server/db/expressions.ts';
import { invoices, type InvoiceKind } from '#server/db/schema.ts';
import { type Cursor, PAGE_SIZE, toPage } from '#features/admin/lists/cursor.ts';
import type { Filters } from '#features/admin/lists/filters.ts';
import { before, newestFirst, prefixRange, type PageRequest, startsWith } from '#features/admin/lists/lists.server.ts';
import { auditTrail } from '#features/admin/audit-trail.server.ts';
import { findInvoice, type InvoiceState } from '../invoices.server.ts';
import { agencyDayEnd, agencyDayStart } from './agency-days.ts';

const rowid = sql<number>`${insertionOrder}`.mapWith(Number);

/**
 * The rows in `state` at `now` (invoiceState() in SQL). Open and overdue read the
 * invoices_status_due_idx range (unpaid invoices are few). Paid is most of the table: the unary
 * + keeps SQLite on invoices_issued_idx, which already gives the list's order, instead of
 * reading every paid row from the status index and sorting them. Void ones are few: the status index.
 */
export function inState(state: InvoiceState, now: number): SQL {
  const at = new Date(now);
  switch (state) {
    // `+due_at` keeps the due date out of index choice: the list walks invoices_status_issued_idx
    // in its own order (newest first) and stops at a page, instead of sorting every open row.
    case 'open':
      return and(eq(invoices.status, 'open'), sql`+${invoices.dueAt} >= ${at.getTime()}`) as SQL;
    case 'overdue':
      return and(eq(invoices.status, 'open'), sql`+${invoices.dueAt} < ${at.getTime()}`) as SQL;
    // Not a list filter (open covers it): open and not yet due, with some payment in.
    case 'partly_paid':
      return and(
        eq(invoices.status, 'open'),
        sql`+${invoices.dueAt} >= ${at.getTime()}`,
        sql`coalesce(${invoices.paidCents}, 0) > 0`,
      ) as SQL;
    case 'paid':
      return eq(invoices.status, 'paid');
    case 'void':
      return eq(invoices.status, 'void');
  }
}

/**
 * ?q= matches, case-insensitively, the number's start (invoices_number_unique: numbers are
 * upper case), the e-mail's start (invoices_email_idx: addresses are stored lower-cased) or the
 * business name's start (invoices_business_idx, COLLATE NOCASE): each an index range.
 */
function matching(q: string): SQL | undefined {
  return or(
    prefixRange(invoices.number, q.toUpperCase()),
    prefixRange(invoices.customerEmail, q.toLowerCase()),
    sql`${like(invoices.customerBusiness, startsWith(q))} ESCAPE '\\'`,
  );
}

/**
 * ?kind=: credit notes are few, so the series index finds them; invoices are most rows, so the
 * unary + keeps the list on invoices_issued_idx in its own order rather than sorting them all.
 */
function ofKind(kind: InvoiceKind): SQL {
  return kind === 'credit_note' ? eq(invoices.kind, kind) : sql`+${invoices.kind} = ${kind}`;
}

/** The list's query, unrun: listInvoices runs it, the test reads its plan. */
export function invoicesQuery(db: Db, filters: Filters<'invoices'>, after: Cursor | null, limit: number, now: number) {
  return db
    .select({
      id: invoices.id,
      number: invoices.number,
      kind: invoices.kind,
      purpose: invoices.purpose,
      orderId: invoices.orderId,
      customerName: invoices.customerName,
      customerBusiness: invoices.customerBusiness,
      customerEmail: invoices.customerEmail,
      totalCents: invoices.totalCents,
      status: invoices.status,
      issuedAt: invoices.issuedAt,
      dueAt: invoices.dueAt,
      paidAt: invoices.paidAt,
      paidCents: invoices.paidCents,
      paidMethod: invoices.paidMethod,
      row: rowid,
    })
    .from(invoices)
    .where(
      and(
        filters.state ? inState(filters.state, now) : undefined,
        filters.q ? matching(filters.q) : undefined,
        filters.kind ? ofKind(filters.kind) : undefined,
        filters.from ? gte(invoices.issuedAt, agencyDayStart(filters.from)) : undefined,
        filters.to ? lt(invoices.issuedAt, agencyDayEnd(filters.to)) : undefined,
        before(invoices.issuedAt, after),
      ),
    )
    .orderBy(...newestFirst(invoices.issuedAt))
    .limit(limit);
}

/** One page of invoices and credit notes, newest issued first, voided ones included unless filtered. */
export async function listInvoices(db: Db, filters: Filters<'invoices'>, page: PageRequest, now = Date.now()) {
  const limit = page.limit ?? PAGE_SIZE;
  const rows = await invoicesQuery(db, filters, page.after, limit + 1, now);
  return toPage(rows, limit, (r) => ({ at: r.issuedAt.getTime(), row: r.row }));
}
export type InvoiceRow = Awaited<ReturnType<typeof listInvoices>>['rows'][number];

/** An order's invoices and credit notes, newest first (invoices_order_idx). */
export function invoicesOfOrder(db: Db, orderId: string) {
  return db
    .select({
      id: invoices.id,
      number: invoices.number,
      kind: invoices.kind,
      purpose: invoices.purpose,
      paidCents: invoices.paidCents,
      totalCents: invoices.totalCents,
      status: invoices.status,
      issuedAt: invoices.issuedAt,
      dueAt: invoices.dueAt,
    })
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(desc(invoices.issuedAt), desc(insertionOrder));
}

export interface UnpaidTotals {
  /** Open and not yet due: the 'open' list. What is still due on them (part payments taken off). */
  openCents: number;
  openCount: number;
  /** Open past the due date: the 'overdue' list. */
  overdueCents: number;
  overdueCount: number;
}

/** What an open invoice still asks for: its total less the payments recorded against it. */
const balanceCents = sql<number>`coalesce(sum(${invoices.totalCents} - coalesce(${invoices.paidCents}, 0)), 0)`.mapWith(
  Number,
);

/** What is still owed, split as the list's 'open' and 'overdue' filters split it. */
export async function unpaidTotals(db: Db, now = Date.now()): Promise<UnpaidTotals> {
  const totals = async (state: 'open' | 'overdue') => {
    const [row] = await db
      .select({ cents: balanceCents, n: sql<number>`count(*)`.mapWith(Number) })
      .from(invoices)
      .where(inState(state, now));
    return { cents: row?.cents ?? 0, n: row?.n ?? 0 };
  };
  const open = await totals('open');
  const overdue = await totals('overdue');
  return { openCents: open.cents, openCount: open.n, overdueCents: overdue.cents, overdueCount: overdue.n };
}

/** Receivables by age: not yet due, then days past the due date, as a bookkeeper's aging report. */
export const RECEIVABLE_AGES = ['current', '1-30', '31-60', 'over-60'] as const;
export type ReceivableAge = (typeof RECEIVABLE_AGES)[number];
export type Receivables = Record<ReceivableAge, { cents: number; count: number }> & { totalCents: number };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What customers owe, by how long past due: the balance of every open invoice (credit notes
 * are never owed). One grouped pass over the open rows of invoices_status_due_idx.
 */
export async function receivablesByAge(db: Db, now = Date.now()): Promise<Receivables> {
  const age = sql<number>`case
    when ${invoices.dueAt} >= ${now} then 0
    when ${invoices.dueAt} >= ${now - 30 * DAY_MS} then 1
    when ${invoices.dueAt} >= ${now - 60 * DAY_MS} then 2
    else 3 end`.mapWith(Number);
  const rows = await db
    .select({ age, cents: balanceCents, count: sql<number>`count(*)`.mapWith(Number) })
    .from(invoices)
    .where(and(eq(invoices.status, 'open'), eq(invoices.kind, 'invoice')))
    .groupBy(sql`1`);
  const result: Receivables = {
    current: { cents: 0, count: 0 },
    '1-30': { cents: 0, count: 0 },
    '31-60': { cents: 0, count: 0 },
    'over-60': { cents: 0, count: 0 },
    totalCents: 0,
  };
  for (const row of rows) {
    const bucket = RECEIVABLE_AGES[row.age];
    if (!bucket) continue;
    result[bucket] = { cents: row.cents, count: row.count };
    result.totalCents += row.cents;
  }
  return result;
}

/** /admin/invoices/{id}: the invoice with its lines and its audit trail; null when there is none. */
export async function adminInvoicePage(db: Db, id: string) {
  const invoice = await findInvoice(db, id);
  if (!invoice) return null;
  // An invoice's credit notes (partial credits, a refund), live first-issued first; void ones too.
  const creditNotes =
    invoice.kind === 'invoice'
      ? await db
          .select({
            id: invoices.id,
            number: invoices.number,
            issuedAt: invoices.issuedAt,
            totalCents: invoices.totalCents,
            status: invoices.status,
            creditReason: invoices.creditReason,
          })
          .from(invoices)
          .where(and(eq(invoices.creditFor, id), eq(invoices.kind, 'credit_note')))
          .orderBy(asc(invoices.issuedAt), asc(invoices.sequence))
      : [];
  return {
    invoice,
    creditNotes,
    corrections: await correctionsOf(db, invoice),
    trail: await auditTrail(db, 'invoice', id),
  };
}
