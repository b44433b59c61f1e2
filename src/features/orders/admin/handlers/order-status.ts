import * as z from 'zod/mini';
import { versionField } from '#server/http/record-version.ts';
import { noControlCharacters } from '#lib/text-fields.ts';
import type { AppDatabase } from '#server/db/index.ts';
import type { OrderStatus } from '#server/db/schema.ts';
import { MOVES_BY_HAND } from '../../status.ts';
import { defineMutation, done, fail, landing, type FailureCode, type Outcome } from '#server/http/mutation.ts';
import { recordId } from '#server/http/record-id.ts';
import { findOrder, moveOrder, type MoveResult } from '../../orders.server.ts';
import { markInvoicePaid } from '#features/invoices/admin/invoice-actions.server.ts';
import { buildInvoiceOf } from '#features/invoices/invoices.server.ts';
import { ADMIN_ORDERS } from '#features/admin/copy.ts';
import { changeOrderStatus, payOrderByInvoice } from '../orders.server.ts';

/** The order an admin route acts on: `{id}` in its path; one that names no order is a 404. */
export const orderRoute = {
  params: { id: recordId },
  failures: { 'not-found': { status: 404, error: ADMIN_ORDERS.notFound } },
};

/** The order's version the form was rendered with. */
export const versionSchema = versionField(ADMIN_ORDERS.stale);

/** A checkbox: 'on' from a form, true/false in JSON, absent when unticked. */
export const checkboxSchema = z.pipe(
  z.optional(z.union([z.boolean(), z.literal('on')])),
  z.transform((v) => v === true || v === 'on'),
);

/** A note on a history step: one short paragraph; blank is none. */
const historyNote = z.pipe(
  z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(500, ADMIN_ORDERS.noteTooLong),
        noControlCharacters(ADMIN_ORDERS.noteControl, { multiline: true }),
      ),
  ),
  z.transform((v) => v || undefined),
);

const statusSchema = z.object({
  /**
   * Where the order goes: one of movesByHand(current). Cancel and refund have their own confirmed
   * actions; preview, review and launch theirs, which record what the stage needs.
   */
  to: z.enum(MOVES_BY_HAND, { error: ADMIN_ORDERS.badStatus }),
  version: versionSchema,
  /** Optional internal note kept in the history, one short paragraph: never shown to the customer. */
  note: historyNote,
  /** Optional message for the customer: their order page, and the e-mail when `notify` is on. */
  customerNote: historyNote,
  /** Tell the customer by e-mail (the page previews the message). */
  notify: checkboxSchema,
});

export const orderPage = (id: string, notice: string) => landing(`/admin/orders/${id}`, notice);

/**
 * Where a plain form lands after a failure: back on the order with the notice, except for an
 * order that does not exist, whose page would only be the 404 (the overview says so instead).
 */
export function formFailure(code: FailureCode, { params }: { params: { id?: string } }) {
  return code === 'not-found' || !params.id ? landing('/admin', 'order-not-found') : orderPage(params.id, code);
}

/** A refused change, answered: 404 unknown, 409 stale (someone else changed it) or not allowed. */
export function refused(reason: 'not-found' | 'not-allowed' | 'stale'): Outcome {
  if (reason === 'not-found') return fail(404, ADMIN_ORDERS.notFound, 'not-found');
  if (reason === 'stale') return fail(409, ADMIN_ORDERS.stale, 'stale');
  return fail(409, ADMIN_ORDERS.notAllowed, 'not-allowed');
}

const answer = (id: string, to: OrderStatus, result: MoveResult, notice = 'moved'): Outcome =>
  result.moved ? done(orderPage(id, notice), 200, { id, from: result.from, to }) : refused(result.reason);

/**
 * POST /api/admin/orders/{id}/status {to, version, note?, customerNote?, notify?}: an admin moves an order along
 * the build (or one step back). The move is checked against the order's status and version,
 * written with its history row and audit entry (and the customer's e-mail when asked) in one
 * transaction; a move to paid also activates the order's subscription and sends the receipt.
 */
export const postOrderStatus = defineMutation({
  access: 'admin',
  ...orderRoute,
  schema: statusSchema,
  // The order page shows a notice, not field messages: nothing to carry over.
  fieldFeedback: false,
  formFailure,
  async handle({ input, user, database, params, clientAddress }) {
    const { id } = params;
    const result = await changeOrderStatus(
      database,
      {
        orderId: id,
        to: input.to,
        actorId: user.id,
        ip: clientAddress,
        note: input.note,
        customerNote: input.customerNote,
        expectedVersion: input.version,
      },
      input.notify,
    );
    return answer(id, input.to, result, input.notify ? 'mailed' : 'moved');
  },
});

/**
 * POST /api/admin/orders/{id}/mark-paid {version?}: the invoice was paid (a shortcut to the
 * build invoice's own Mark paid when one is open). Only from pending
 * payment, so a repeated click (or a stale tab) is a 409 rather than a second receipt, and the
 * history says why the order moved. The version is optional here: the move is only ever from
 * pending payment, so it cannot overwrite a later change; the page's form sends it anyway.
 */
export const postMarkPaid = defineMutation({
  access: 'admin',
  ...orderRoute,
  schema: z.object({ version: z.optional(versionSchema) }),
  fieldFeedback: false,
  formFailure,
  async handle({ input, user, database, params, clientAddress }) {
    const { id } = params;
    return markPaid(database, id, user.id, clientAddress, input.version);
  },
});

/**
 * An order whose build invoice is open is paid through that invoice: it is marked paid in full
 * today, and the order moves with it in the same commit (the invoice page records how it was
 * paid; from here the method is not known). Without an open invoice, the order alone moves.
 */
async function markPaid(database: AppDatabase, id: string, actorId: string, ip: string, version?: number) {
  const order = await findOrder(database.db, id);
  const invoice = order?.status === 'pending_payment' ? await buildInvoiceOf(database.db, id) : null;
  if (order && invoice?.status === 'open' && (version === undefined || version === order.version)) {
    const paid = await markInvoicePaid(database, {
      invoiceId: invoice.id,
      actorId,
      ip,
      cents: invoice.totalCents,
      paidAt: new Date(),
      method: null,
      payOrder: payOrderByInvoice,
    });
    if (paid.ok && paid.orderMoved) return answer(id, 'paid', { moved: true, from: 'pending_payment' });
  }
  const result = await moveOrder(database, {
    orderId: id,
    to: 'paid',
    onlyFrom: ['pending_payment'],
    actorId,
    ip,
    note: ADMIN_ORDERS.invoicePaidNote,
    // The customer saw this on their order page before notes were split: it still tells them.
    customerNote: ADMIN_ORDERS.invoicePaidNote,
    expectedVersion: version,
  });
  return answer(id, 'paid', result);
}
