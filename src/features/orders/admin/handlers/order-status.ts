import * as z from 'zod/mini';
import { versionField } from '#server/http/record-version.ts';
import { noControlCharacters } from '#lib/text-fields.ts';
import type { OrderStatus } from '#server/db/schema.ts';
import { MOVES_BY_HAND } from '#features/lifecycle/moves.ts';
import { defineMutation, done, fail, landing, type FailureCode, type Outcome } from '#server/http/mutation.ts';
import { recordId } from '#server/http/record-id.ts';
import { ADMIN_ORDERS } from '#features/admin/copy.ts';
import { amountSchema } from '#features/invoices/admin/handlers/invoice-actions.ts';
import { LIFECYCLE } from '#features/lifecycle/copy.ts';
import { changeOrderStatus, recordOrderPayment, type MoveResult } from '#features/lifecycle/lifecycle.server.ts';

/** The order an admin route acts on: `{id}` in its path; one that names no order is a 404. */
export const orderRoute = {
  params: { id: recordId },
  failures: {
    'not-found': { status: 404, error: ADMIN_ORDERS.notFound },
    'over-balance': { status: 422, error: LIFECYCLE.overBalance },
  },
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
export function refused(reason: 'not-found' | 'not-allowed' | 'stale' | 'not-open'): Outcome {
  if (reason === 'not-found') return fail(404, ADMIN_ORDERS.notFound, 'not-found');
  if (reason === 'stale') return fail(409, ADMIN_ORDERS.stale, 'stale');
  return fail(409, ADMIN_ORDERS.notAllowed, 'not-allowed');
}

const answer = (id: string, to: OrderStatus, result: MoveResult, notice = 'moved'): Outcome =>
  result.moved ? done(orderPage(id, notice), 200, { id, from: result.from, to }) : refused(result.reason);

/**
 * POST /api/admin/orders/{id}/status {to, version, note?, customerNote?, notify?}: an admin moves
 * an order along the build where no event does and no money changes hands (movesByHand: intake
 * received, in design). 'Paid' is refused (400): it is reached only by recording a payment. The
 * lifecycle checks the move and the version and writes the history row and audit entry (and the
 * customer's e-mail when asked) in one transaction.
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
 * POST /api/admin/orders/{id}/mark-paid {version?, amount?}: a payment against the order's build
 * invoice (the lifecycle's recordOrderPayment), of `amount` dollars or, without one, the balance
 * due. Partly paid leaves the order pending; the full balance moves it to Paid with the invoice in
 * one commit. Only from pending payment, so a repeated click (or a stale tab) is a 409 rather
 * than a second payment. More than the balance is refused (422).
 */
export const postMarkPaid = defineMutation({
  access: 'admin',
  ...orderRoute,
  schema: z.object({ version: z.optional(versionSchema), amount: z.optional(amountSchema) }),
  fieldFeedback: false,
  formFailure,
  async handle({ input, user, database, params, clientAddress, refuse }) {
    const { id } = params;
    const result = await recordOrderPayment(database, {
      orderId: id,
      cents: input.amount,
      paidAt: new Date(),
      // From the order page the method is not known (the invoice's own form records it).
      method: null,
      actorId: user.id,
      ip: clientAddress,
      expectedVersion: input.version,
    });
    if (result.ok) {
      return result.orderMoved
        ? answer(id, 'paid', { moved: true, from: 'pending_payment' })
        : done(orderPage(id, 'part-paid'), 200, { id, balanceCents: result.balanceCents });
    }
    if (result.reason === 'over-balance') return refuse('over-balance');
    if (result.reason === 'voided') return fail(409, LIFECYCLE.buildInvoiceVoided, 'invoice-voided');
    return refused(result.reason);
  },
});
