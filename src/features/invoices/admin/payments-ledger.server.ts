/**
 * The bookkeeper's ledger: money received and money returned, one row each, oldest first. A
 * payment is a row on the day it arrived; a credit note (not voided) is a row on the day it was
 * issued, its amount negative. It counts exactly what the dashboard's revenue counts
 * (src/features/admin/dashboard/queries.server.ts), so the file's total for a month equals the
 * revenue the dashboard shows for it.
 *
 * Two keyset walks merged: payments over payments_received_idx (received_at, amount, rowid), credit
 * notes (few) over invoices_issued_idx. A page reads at most limit + 1 rows of each.
 */
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/index.ts';
import { insertionOrder } from '#server/db/expressions.ts';
import { invoices, payments, type PaymentMethod, users } from '#server/db/schema.ts';
import type { Cursor } from '#features/admin/lists/cursor.ts';
import { agencyDayEnd, agencyDayStart } from './agency-days.ts';

/** Days in Orlando, both inclusive, as the invoices list's from/to. */
export interface LedgerRange {
  from?: string;
  to?: string;
}

export interface LedgerRow {
  kind: 'payment' | 'credit_note';
  /** Received (a payment) or issued (a credit note). */
  at: Date;
  /** The invoice paid, or the credit note's own number. */
  number: string;
  customerName: string;
  customerBusiness: string;
  method: PaymentMethod | null;
  /** Signed: a credit note's is negative. */
  amountCents: number;
  /** The admin's e-mail; null when the payment provider or the system recorded it. */
  recordedByEmail: string | null;
  providerReference: string | null;
  row: number;
}

/** A payment's place in payments_received_idx: (received_at, amount_cents, rowid). */
interface PaymentCursor extends Cursor {
  amount: number;
}

/** Where each walk stands: the last payment and the last credit note written, or null before the first. */
export interface LedgerCursor {
  payment: PaymentCursor | null;
  credit: Cursor | null;
}

const rowid = (table: 'payments' | 'invoices') =>
  sql<number>`${sql.identifier(table)}.${insertionOrder}`.mapWith(Number);

/** The payments walk's query, unrun: ledgerPage runs it, the test reads its plan. */
export function paymentsQuery(db: Db, range: LedgerRange, cursor: PaymentCursor | null, limit: number) {
  const order = rowid('payments');
  return db
    .select({
      at: payments.receivedAt,
      number: invoices.number,
      customerName: invoices.customerName,
      customerBusiness: invoices.customerBusiness,
      method: payments.method,
      amountCents: payments.amountCents,
      recordedByEmail: users.email,
      providerReference: payments.providerReference,
      row: order,
    })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .leftJoin(users, eq(users.id, payments.recordedBy))
    .where(
      and(
        range.from ? gte(payments.receivedAt, agencyDayStart(range.from)) : undefined,
        range.to ? lt(payments.receivedAt, agencyDayEnd(range.to)) : undefined,
        // The index's own order, rowid last (every index carries it): no sort, however many rows.
        cursor
          ? sql`(${payments.receivedAt}, ${payments.amountCents}, ${order}) > (${cursor.at}, ${cursor.amount}, ${cursor.row})`
          : undefined,
      ),
    )
    .orderBy(asc(payments.receivedAt), asc(payments.amountCents), asc(order))
    .limit(limit);
}

function creditNotesPage(db: Db, range: LedgerRange, cursor: Cursor | null, limit: number) {
  const order = rowid('invoices');
  return db
    .select({
      at: invoices.issuedAt,
      number: invoices.number,
      customerName: invoices.customerName,
      customerBusiness: invoices.customerBusiness,
      amountCents: invoices.totalCents,
      row: order,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.kind, 'credit_note'),
        sql`${invoices.status} <> 'void'`,
        range.from ? gte(invoices.issuedAt, agencyDayStart(range.from)) : undefined,
        range.to ? lt(invoices.issuedAt, agencyDayEnd(range.to)) : undefined,
        cursor ? sql`(${invoices.issuedAt}, ${order}) > (${cursor.at}, ${cursor.row})` : undefined,
      ),
    )
    .orderBy(asc(invoices.issuedAt), asc(order))
    .limit(limit);
}

/** Ledger order: by time; on the same millisecond payments first (as their walk orders them), then credit notes. */
const compare = (a: LedgerRow, b: LedgerRow) =>
  a.at.getTime() - b.at.getTime() ||
  (a.kind !== b.kind
    ? a.kind === 'payment'
      ? -1
      : 1
    : a.kind === 'payment'
      ? a.amountCents - b.amountCents || a.row - b.row
      : a.row - b.row);

/**
 * One page of the ledger after `cursor`: each walk's next limit + 1 rows hold the ledger's next
 * limit rows, whichever walk they come from, so the merge is exact. `next` is null on the last page.
 */
export async function ledgerPage(
  db: Db,
  range: LedgerRange,
  cursor: LedgerCursor | null,
  limit: number,
): Promise<{ rows: LedgerRow[]; next: LedgerCursor | null }> {
  const paid = await paymentsQuery(db, range, cursor?.payment ?? null, limit + 1);
  const credited = await creditNotesPage(db, range, cursor?.credit ?? null, limit + 1);
  const merged: LedgerRow[] = [
    ...paid.map((p) => ({ kind: 'payment' as const, ...p })),
    ...credited.map((c) => ({
      kind: 'credit_note' as const,
      ...c,
      amountCents: -c.amountCents,
      method: null,
      recordedByEmail: null,
      providerReference: null,
    })),
  ].sort(compare);
  if (merged.length <= limit) return { rows: merged, next: null };
  const rows = merged.slice(0, limit);
  const last = (kind: LedgerRow['kind']) => rows.findLast((r) => r.kind === kind);
  const lastPayment = last('payment');
  const lastCredit = last('credit_note');
  return {
    rows,
    next: {
      payment: lastPayment
        ? { at: lastPayment.at.getTime(), amount: lastPayment.amountCents, row: lastPayment.row }
        : (cursor?.payment ?? null),
      credit: lastCredit ? { at: lastCredit.at.getTime(), row: lastCredit.row } : (cursor?.credit ?? null),
    },
  };
}
