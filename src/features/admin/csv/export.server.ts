/**
 * The admin lists as CSV files, streamed: the body is a ReadableStream that reads one keyset
 * page of EXPORT_BATCH rows each time the client is ready for more, so a 100,000-row export
 * never sits in memory and a slow download never holds more than one page.
 */
import type { Db } from '#server/db/index.ts';
import { orderNumber } from '#features/orders/order-number.ts';
import type { Cursor } from '../lists/cursor.ts';
import type { Filters, ListKind } from '../lists/filters.ts';
import {
  type AuditRow,
  type CustomerRow,
  listAudit,
  listCustomers,
  listMessages,
  listOrders,
  listSubscriptions,
  type MessageRow,
  type OrderRow,
  type SubscriptionRow,
} from '../lists/lists.server.ts';
import { agencyDateTime, agencyDay } from '#features/invoices/admin/agency-days.ts';
import { type InvoiceRow, listInvoices } from '#features/invoices/admin/invoices-admin.server.ts';
import { invoiceState } from '#features/invoices/invoices.server.ts';
import { amountDueCents, signedTotalCents } from '#features/invoices/money.ts';
import { ledgerPage, type LedgerCursor, type LedgerRow } from '#features/invoices/admin/payments-ledger.server.ts';
import { LEDGER, PAYMENT_METHOD_LABELS } from '#features/invoices/copy.ts';
import { type Cell, csvLine } from './csv.ts';

/** Rows per query: large enough that a page's query overhead is small, small enough to stream. */
export const EXPORT_BATCH = 1000;

const dollars = (cents: number) => (cents / 100).toFixed(2);
const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

interface Exporter<Row, C = Cursor> {
  header: string[];
  cells: (row: Row) => Cell[];
  page: (
    db: Db,
    after: C | null,
  ) => Promise<{
    rows: Row[];
    next: C | null;
  }>;
}

/** A ledger row's method: the payment's, or 'Credit note' for money returned. */
const ledgerMethod = (p: LedgerRow) =>
  p.kind === 'credit_note' ? LEDGER.creditNote : p.method && PAYMENT_METHOD_LABELS[p.method];

/**
 * Who recorded a payment: the admin's e-mail; without one, 'Stripe' when the provider's
 * reference says it came through Stripe, else 'System' (an automatic receipt, or an admin since deleted).
 */
const ledgerRecorder = (p: LedgerRow) =>
  p.kind === 'credit_note'
    ? null
    : (p.recordedByEmail ?? (p.providerReference ? LEDGER.recordedByStripe : LEDGER.recordedBySystem));

/** An instant as the money exports write it: Orlando's day and time, never UTC (empty when unset). */
const when = (at: Date | null | undefined) => (at ? agencyDateTime(at) : null);

/**
 * The CSV body of list `kind` with its filters applied. The money exports (orders,
 * subscriptions, invoices) are for a bookkeeper: their dates are Orlando's.
 */
export function exportCsv<K extends ListKind>(db: Db, kind: K, filters: Filters<K>): ReadableStream<Uint8Array> {
  const page = { limit: EXPORT_BATCH };
  switch (kind) {
    case 'orders':
      return csvStream<OrderRow>(db, {
        header: ['Order', 'Order id', 'Placed', 'Status', 'Name', 'Email', 'Business name', 'Total (USD)', 'Payment'],
        cells: (o) => [
          orderNumber(o.id),
          o.id,
          when(o.createdAt),
          o.status,
          o.name,
          o.email,
          o.businessName,
          dollars(o.totalCents),
          o.paymentProvider,
        ],
        page: (db, after) => listOrders(db, filters as Filters<'orders'>, { ...page, after }),
      });
    case 'messages':
      return csvStream<MessageRow>(db, {
        header: ['Received', 'Name', 'Email', 'Subject', 'Message', 'Handled'],
        cells: (m) => [m.createdAt, m.name, m.email, m.subject, m.message, m.handledAt],
        page: (db, after) => listMessages(db, filters as Filters<'messages'>, { ...page, after }),
      });
    case 'customers':
      return csvStream<CustomerRow>(db, {
        header: ['Customer id', 'Name', 'Email', 'Status', 'Created'],
        cells: (c) => [c.id, c.name, c.email, c.status, c.createdAt],
        page: (db, after) => listCustomers(db, filters as Filters<'customers'>, { ...page, after }),
      });
    case 'subscriptions':
      return csvStream<SubscriptionRow>(db, {
        header: [
          'Subscription id',
          'Created',
          'Status',
          'Customer email',
          'Description',
          'Price (USD)',
          'Interval',
          'Order id',
          'Next billing date',
          'Cancel at',
        ],
        cells: (s) => [
          s.id,
          when(s.createdAt),
          s.status,
          s.email,
          s.description,
          dollars(s.priceCents),
          s.interval,
          s.orderId,
          s.currentPeriodEnd && agencyDay(s.currentPeriodEnd),
          when(s.cancelAt),
        ],
        page: (db, after) => listSubscriptions(db, filters as Filters<'subscriptions'>, { ...page, after }),
      });
    case 'audit':
      return csvStream<AuditRow>(db, {
        header: ['At', 'Actor id', 'Actor email', 'Action', 'Entity type', 'Entity id', 'Before', 'After', 'IP'],
        cells: (a) => [
          a.createdAt,
          a.actorId,
          a.actorEmail,
          a.action,
          a.entityType,
          a.entityId,
          json(a.before),
          json(a.after),
          a.ip,
        ],
        page: (db, after) => listAudit(db, filters as Filters<'audit'>, { ...page, after }),
      });
    case 'invoices': {
      // The accountant's books: days in Orlando, the state as of the export (overdue derived), a
      // credit note's total negative (it is subtracted from revenue) and without a due date, and
      // the amount still owed, as the screens show them.
      const now = Date.now();
      return csvStream<InvoiceRow>(db, {
        header: [
          'Number',
          'Kind',
          'Issued',
          'Due',
          'Customer',
          'Business',
          'Email',
          'Total (USD)',
          'Amount due (USD)',
          'Status',
          'Paid date',
          'Paid method',
        ],
        cells: (i) => [
          i.number,
          i.kind,
          agencyDay(i.issuedAt),
          i.kind === 'credit_note' ? null : agencyDay(i.dueAt),
          i.customerName,
          i.customerBusiness,
          i.customerEmail,
          dollars(signedTotalCents(i)),
          dollars(amountDueCents(i)),
          invoiceState(i, now),
          i.paidAt && agencyDay(i.paidAt),
          i.paidMethod,
        ],
        page: (db, after) => listInvoices(db, filters as Filters<'invoices'>, { ...page, after }, now),
      });
    }
    case 'payments':
      // The ledger: every payment its own row, credit notes negative, so the column's sum is the
      // net money received, the dashboard's revenue for the same days.
      return csvStream<LedgerRow, LedgerCursor>(db, {
        header: [
          'Date received',
          'Invoice',
          'Customer',
          'Business',
          'Method',
          'Amount (USD)',
          'Recorded by',
          'Provider reference',
        ],
        cells: (p) => [
          agencyDay(p.at),
          p.number,
          p.customerName,
          p.customerBusiness,
          ledgerMethod(p),
          dollars(p.amountCents),
          ledgerRecorder(p),
          p.providerReference,
        ],
        page: (db, after) => ledgerPage(db, filters as Filters<'payments'>, after, EXPORT_BATCH),
      });
  }
}

/** The CSV body: the header row, then one keyset page per pull until the last page. */
function csvStream<Row, C = Cursor>(db: Db, e: Exporter<Row, C>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: C | null = null;
  let done = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        // A UTF-8 byte order mark, so Excel reads accented names as UTF-8 rather than Windows-1252.
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(e.header)}`));
      },
      async pull(controller) {
        if (done) return;
        const page = await e.page(db, after);
        if (page.rows.length > 0)
          controller.enqueue(encoder.encode(page.rows.map((r) => csvLine(e.cells(r))).join('')));
        after = page.next;
        if (!after) {
          done = true;
          controller.close();
        }
      },
    },
    // Pull the next page only when the consumer has taken the previous one.
    { highWaterMark: 1 },
  );
}
